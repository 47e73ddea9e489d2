import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import {
  describeZone,
  droneZonesUrl,
  UAV_HANDLER_ID,
  UAV_URL_BUILDER_ID,
  zoneExtrusionMeters,
  zoneFillColour,
  zoneOutlineColour,
} from './zones';

/**
 * Drone restriction zones (SPEC §1 low-altitude flying; variant flag `uav`). The layer is the manifest
 * manifests/overlays/uav.json (WFS, every 60 s, legend that stays open); this plugin gives it what JSON cannot
 * hold: the GetFeature address with the 7-day window computed per request, and the handler that colours and
 * extrudes each zone by its height band and writes the popup rows. No Cesium import.
 */
export default definePlugin({
  id: 'drone-zones',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const disposeBuilder = ctx.urlBuilders.register({ id: UAV_URL_BUILDER_ID, build: ({ timestamp }) => droneZonesUrl(timestamp) });
    const disposeHandler = ctx.overlayHandlers.register({
      id: UAV_HANDLER_ID,
      colourFeature: zoneFillColour,
      outlineColourFeature: zoneOutlineColour,
      extrudedHeightMetersFeature: zoneExtrusionMeters,
      describeFeature: (properties, language) => describeZone(properties, language, (id, values) => ctx.i18n.format(id, values)),
    });
    return () => {
      disposeHandler();
      disposeBuilder();
    };
  },
});
