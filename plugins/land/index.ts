import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Disposer } from '../../core/plugin/types';
import { landConfigSchema, type LandConfig } from './config';
import { setLandContext } from './context';
import { describeLotFeature } from './lotDescription';
import { LAND_PLUGIN_ID, createLotSearch } from './lotSearch';
import { ZONING_PLANS_HANDLER, zoneFillColour } from './zoningColours';

/** The overlay handler of the land sale lots layer (manifests/overlays/land-sale-lots.json `handler`). */
export const LAND_SALE_LOTS_HANDLER = 'land-sale-lots';

/**
 * Land (SPEC §1 function group "land"): the land parcel search drawer, enabled only while the 3D spatial data is on
 * (SPEC §5), the popup of the land sale lots layer and the zone colours of the zoning plan layer. The census layer
 * is a manifest.
 */
export default definePlugin<LandConfig>({
  id: LAND_PLUGIN_ID,
  apiVersion: PLUGIN_API_VERSION,
  configSchema: landConfigSchema,
  activate(ctx) {
    const disposers: Disposer[] = [];
    if (ctx.config.saleLots) {
      disposers.push(
        ctx.overlayHandlers.register({
          id: LAND_SALE_LOTS_HANDLER,
          describeFeature: (properties, language) => describeLotFeature(properties, ctx.i18n, language),
        }),
      );
    }
    if (ctx.config.zoningPlans) {
      disposers.push(ctx.overlayHandlers.register({ id: ZONING_PLANS_HANDLER, colourFeature: zoneFillColour }));
    }
    if (ctx.config.parcelSearch) {
      const lotSearch = createLotSearch({ http: ctx.http, map: ctx.map, analytics: ctx.analytics, apiBase: ctx.apiBase });
      setLandContext({ ctx, lotSearch });
      disposers.push(() => {
        lotSearch.dispose();
        setLandContext(null);
      });
      disposers.push(
        ctx.drawers.register({
          id: LAND_PLUGIN_ID,
          title: 'land.drawer.title',
          icon: '▣',
          order: 60,
          functionGroup: 'land',
          requiresThreeD: true,
          component: () => import('./components/LandDrawer'),
        }),
      );
    }
    return () => {
      for (const dispose of disposers.splice(0).reverse()) dispose();
    };
  },
});
