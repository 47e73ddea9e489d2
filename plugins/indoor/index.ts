import { z } from 'zod';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Disposer } from '../../core/plugin/types';
import { downloadBlob } from '../../core/ui/downloadBlob';
import { setIndoorController } from './context';
import { createIndoorController, type DownloadFormat } from './controller';
import { areaLabelId } from './areaLabels';

const configSchema = z.object({
  /** Variant flag `indoorWallView`: offer the wall view switch. */
  wallView: z.boolean().default(true),
  /** The indoor variant opens on the indoor functions (SPEC §1): the indoor view on at start. */
  openOnStart: z.boolean().default(false),
});

/** Loose on purpose: venues.ts reads what it can and skips features it cannot (see there). */
const featureCollectionSchema = z.object({ features: z.array(z.unknown()) }).passthrough();
/** Share-link parameter: the open venue's id, e.g. `indoor=MTR-ADM`. */
export const INDOOR_PARAM = 'indoor';
const NOTICE_ID = 'indoor-message';

/**
 * 3D indoor maps (SPEC §1, §4, §8, §9; issue 17): the indoor view (tool `indoor`, store mode `indoor`), the overview
 * layer (manifests/overlays/indoor.json: stations, highlighted venues, walls), and a venue's 3D indoor map with
 * floors, wall view, identify and downloads (controller.ts; panel in slot `map.top-left`). Cesium only in
 * indoorScene.ts, imported when a venue opens.
 */
export default definePlugin({
  id: 'indoor',
  apiVersion: PLUGIN_API_VERSION,
  configSchema,
  activate(ctx) {
    let hideNotice: Disposer = () => {};
    const controller = createIndoorController({
      store: ctx.store,
      map: ctx.map,
      analytics: ctx.analytics,
      async loadFeeds() {
        const feed = (name: string) => ctx.http.json(`${ctx.apiBase}static/${name}?timestamp=${Date.now()}`, featureCollectionSchema);
        const [stations, polygons, walls] = await Promise.all([feed('indoormtrpt'), feed('indoor'), feed('indoorwall')]);
        return { stations, polygons, walls };
      },
      async loadVenuePlan(venueId) {
        const feed = (name: string) => ctx.http.json(`${ctx.apiBase}static/${name}?venue=${encodeURIComponent(venueId)}&timestamp=${Date.now()}`, featureCollectionSchema);
        const [polygons, walls] = await Promise.all([feed('indoor'), feed('indoorwall')]);
        return { polygons, walls };
      },
      async loadScene() {
        await ctx.map.whenReady();
        const viewer = ctx.map.viewer();
        if (!viewer) return null;
        const [Cesium, { createIndoorScene }] = await Promise.all([import('cesium'), import('./indoorScene')]);
        return createIndoorScene(Cesium, viewer as import('cesium').Viewer);
      },
      async drawOverview(venues) {
        await ctx.map.whenReady();
        const viewer = ctx.map.viewer();
        if (!viewer) return () => {};
        const [Cesium, { drawIndoorOverview }] = await Promise.all([import('cesium'), import('./overviewScene')]);
        return drawIndoorOverview(Cesium, viewer as import('cesium').Viewer, venues);
      },
      notify(messageId, severity) {
        hideNotice();
        hideNotice = ctx.notices.show({ id: NOTICE_ID, message: ctx.i18n.format(messageId), severity });
      },
      areaLabel: (area) => ctx.i18n.format(areaLabelId(area)),
      fetchDownload: (venueId, format: DownloadFormat) => fetch(`${ctx.apiBase}indoor/download/${format}/${encodeURIComponent(venueId)}`),
      saveFile: downloadBlob,
    });
    setIndoorController({ controller, wallViewOffered: ctx.config.wallView });
    ctx.tools.register({ id: 'indoor', label: 'indoor.tool', icon: '▦', placement: 'tools', order: 26, kind: 'toggle', switchKey: 'mode:indoor' });
    ctx.slots.register({ id: 'indoor-panel', slot: 'map.top-left', order: 30, component: () => import('./components/IndoorPanel') });
    ctx.urlState.register({
      id: 'indoor-venue',
      param: INDOOR_PARAM,
      schema: z.string().min(1).max(64),
      apply: (venueId) => void controller.open(String(venueId), 'link'),
      read: () => (controller.state().status === 'failed' ? undefined : (controller.state().venueId ?? undefined)),
    });
    if (ctx.config.openOnStart) ctx.store.getState().setMode('indoor', true);
    return () => {
      controller.dispose();
      hideNotice();
      setIndoorController(null);
    };
  },
});
