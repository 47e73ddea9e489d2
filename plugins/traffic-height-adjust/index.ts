import { validateManifests } from '../../core/manifests/validate';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { trafficHeightConfigSchema, type TrafficHeightConfig } from './config';
import { setTrafficHeight } from './context';
import { createOverlayHeight } from './overlayHeight';
import { createTrafficHeightController, TRAFFIC_HEIGHT_TOOL } from './trafficHeightController';

/** The overlay manifests, loaded only for the one this tool lifts. */
const overlayManifestFiles = import.meta.glob<unknown>('../../manifests/overlays/*.json', { import: 'default' });

/**
 * The traffic-image height adjustment tool of `app-td-dev` (SPEC §2, §5; development hosts only, as the dev-td
 * variant itself): a number of metres, applied 3.5 s after typing stops, lifts or lowers the traffic snapshot
 * camera markers.
 */
export default definePlugin<TrafficHeightConfig>({
  id: 'traffic-height-adjust',
  apiVersion: PLUGIN_API_VERSION,
  configSchema: trafficHeightConfigSchema,
  async activate(ctx) {
    const file = `../../manifests/overlays/${ctx.config.overlayId}.json`;
    const load = overlayManifestFiles[file];
    if (!load) throw new Error(`no overlay manifest manifests/overlays/${ctx.config.overlayId}.json`);
    const { valid, problems } = validateManifests([{ file: file.replace(/^(\.\.\/)+/, ''), json: await load() }], 'overlay');
    if (valid.length !== 1) throw new Error(`manifests/overlays/${ctx.config.overlayId}.json is not a valid overlay: ${problems.map((problem) => problem.message).join('; ')}`);
    const height = createOverlayHeight(ctx.overlays, valid[0].manifest);
    const controller = createTrafficHeightController({ height, debounceMs: ctx.config.debounceMs, limitMeters: ctx.config.limitMeters });
    setTrafficHeight({ controller, overlayId: ctx.config.overlayId, limitMeters: ctx.config.limitMeters, debounceMs: ctx.config.debounceMs });
    ctx.tools.register({
      id: TRAFFIC_HEIGHT_TOOL,
      label: 'trafficHeightAdjust.tool',
      icon: '⇕',
      placement: 'tools',
      order: 75,
      kind: 'toggle',
      onToggle: (on) => controller.setActive(on),
    });
    ctx.slots.register({ id: 'traffic-height-panel', slot: 'map.top-left', order: 40, component: () => import('./components/TrafficHeightPanel') });
    return () => {
      controller.dispose();
      setTrafficHeight(null);
    };
  },
});
