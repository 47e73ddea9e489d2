import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { MEASURE_EXCLUSIVE_GROUP, onPhoneOrSmallScreen } from '../measurement/api';
import { setViewshedController } from './context';
import { formatLinkState, linkStateSchema, linkTextSchema } from './parameters';
import { createViewshedController } from './viewshedController';

/** The drawer's id (SPEC §2 function drawers); its store switch `drawer:viewshed` gives analytics `viewshed::on|off`. */
export const VIEWSHED_DRAWER = 'viewshed';
/** The share-link parameter: `viewshed=LON,LAT,HEIGHT,HEADING,HORIZONTAL,VERTICAL,DISTANCE`. */
export const VIEWSHED_PARAM = 'viewshed';

/**
 * View shed (SPEC §1, §2; issue 16 point 2; flag viewshed): the drawer `viewshed` — opened from its own button in
 * the tools bar, beside Measure — places an observer on the terrain or a roof and draws what it sees within a
 * sector: visible and hidden cells on the terrain and the buildings (`GET …/analysis/viewshed`). Exclusive with the
 * measure tools (SPEC §4: the drawer's switch joins the core group `measure-tools`), blocked on phones and small
 * screens (SPEC §5). No Cesium here.
 */
export default definePlugin({
  id: 'viewshed',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const store = ctx.store;
    const controller = createViewshedController({ http: ctx.http, map: ctx.map, apiBase: ctx.apiBase });
    setViewshedController(controller);

    ctx.drawers.register({
      id: VIEWSHED_DRAWER,
      title: 'viewshed.drawer.title',
      icon: '◔',
      order: 90,
      requiresThreeD: true,
      component: () => import('./components/ViewshedDrawer'),
    });
    // The tools bar button shows and flips the drawer's switch; joining `measure-tools` through it makes choosing a
    // measure tool close the drawer and opening the drawer end the measure tool.
    ctx.tools.register({
      id: 'viewshed',
      label: 'viewshed.tool',
      icon: '◔',
      placement: 'tools',
      order: 23,
      kind: 'toggle',
      switchKey: `drawer:${VIEWSHED_DRAWER}`,
      exclusiveGroups: [MEASURE_EXCLUSIVE_GROUP],
      requiresThreeD: true,
    });
    ctx.urlState.register({
      id: 'viewshed-state',
      param: VIEWSHED_PARAM,
      // The address keeps text: checked here (a bad value is reported and ignored by core), parsed when applied.
      schema: linkTextSchema,
      apply(text) {
        controller.applyLinkState(linkStateSchema.parse(text));
        store.getState().openDrawer(VIEWSHED_DRAWER);
      },
      read() {
        const link = controller.linkState();
        return link && store.getState().drawers[VIEWSHED_DRAWER]?.shown ? formatLinkState(link) : undefined;
      },
    });

    let stopNotice: (() => void) | null = null;
    const follow = (shown: boolean) => {
      if (!shown) {
        controller.close();
        return;
      }
      if (onPhoneOrSmallScreen()) {
        stopNotice?.();
        stopNotice = ctx.notices.show({ id: 'viewshed-phone', message: () => ctx.i18n.format('viewshed.mobileBlocked'), severity: 'warning' });
        // Not from inside the store's notification of this very switch.
        queueMicrotask(() => store.getState().closeDrawer(VIEWSHED_DRAWER));
        return;
      }
      controller.open();
    };
    const isShown = () => store.getState().drawers[VIEWSHED_DRAWER]?.shown ?? false;
    let wasShown = isShown();
    if (wasShown) follow(true);
    const stopFollowing = store.subscribe(() => {
      const shown = isShown();
      if (shown === wasShown) return;
      wasShown = shown;
      follow(shown);
    });
    return () => {
      stopFollowing();
      stopNotice?.();
      controller.dispose();
      setViewshedController(null);
    };
  },
});
