import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { buildingsAppearance } from './appearance';

/** Overlay handler id named by manifests/overlays/buildings.json. */
export const BUILDINGS_HANDLER_ID = 'city-buildings';

/**
 * The buildings' generated styling: an overlay handler whose `tilesetAppearance` paints the buildings' 3D Tiles
 * by category with façades (textured) or plain light (textureless). The layer itself is a manifest.
 */
export default definePlugin({
  id: 'city-buildings',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    ctx.overlayHandlers.register({
      id: BUILDINGS_HANDLER_ID,
      tilesetAppearance: ({ cesium, textured }) => buildingsAppearance(cesium, textured),
    });
  },
});
