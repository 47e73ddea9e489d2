import { z } from 'zod';
import { metadataIdSchema } from '../../core/contracts/catalogue';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setDownloadSelection } from './context';
import { createDownloadSelection } from './selectionController';
import { DOWNLOAD_SELECTION_TOOL } from './toolId';

export const downloadSelectionConfigSchema = z.object({
  /** The catalogue record whose download page the panel links to. */
  metadataId: metadataIdSchema.default('3d-visualisation-map-non-textured'),
});
export type DownloadSelectionConfig = z.infer<typeof downloadSelectionConfigSchema>;

/**
 * "Automatic download selection by map click" (SPEC §1 second variant, flag catalogueAutoDownloadSelection): a
 * map tool that picks 1:1000 download sheets by clicking the 3D map, and a panel linking to their download.
 */
export default definePlugin<DownloadSelectionConfig>({
  id: 'download-selection',
  apiVersion: PLUGIN_API_VERSION,
  configSchema: downloadSelectionConfigSchema,
  activate(ctx) {
    const controller = createDownloadSelection({
      map: ctx.map,
      http: ctx.http,
      onEscape: () => ctx.store.getState().setToggle(DOWNLOAD_SELECTION_TOOL, false),
    });
    setDownloadSelection({ controller, metadataId: ctx.config.metadataId });
    ctx.tools.register({
      id: DOWNLOAD_SELECTION_TOOL,
      label: 'downloadSelection.tool',
      icon: '▦',
      placement: 'tools',
      order: 60,
      kind: 'toggle',
      onToggle: (on) => controller.setActive(on),
    });
    ctx.slots.register({
      id: 'download-selection-panel',
      slot: 'map.bottom-right',
      order: 10,
      component: () => import('./components/DownloadSelectionPanel'),
    });
    return () => {
      controller.dispose();
      setDownloadSelection(null);
    };
  },
});
