import { z } from 'zod';
import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type UrlStateContribution } from '../../core/plugin/types';
import { MEASURE_EXCLUSIVE_GROUP, onPhoneOrSmallScreen } from '../measurement/api';
import { setCrossSection } from './context';
import { createCrossSectionController } from './crossSectionController';
import { CROSS_SECTION_PARAM, CROSS_SECTION_TOOL } from './ids';
import { formatLine, parseLine } from './profile';


/**
 * Cross section (SPEC §1, issue 16 point 4; flag `crossSection`): a tool beside Measure. The user draws a line on the
 * map and gets the profile of the ground and the buildings it crosses (the engine's `GET
 * /mapviewer/api/analysis/profile`), with a cursor linked to the map and CSV / PNG export. It holds the pointer like
 * the measure tools and joins their exclusive group. The layer drawer's "Heritage cross-section" (SPEC §2) opens it
 * through a declared monument. Blocked on phones and small screens (SPEC §5, as measurement). No Cesium here.
 */
export default definePlugin({
  id: 'cross-section',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const store = ctx.store;
    const switchOff = () => store.getState().setToggle(CROSS_SECTION_TOOL, false);
    const controller = createCrossSectionController({
      map: ctx.map,
      apiBase: ctx.apiBase,
      fetchProfile: (url, init) => fetch(url, init),
      language: () => ctx.i18n.language(),
      onEscape: switchOff,
    });

    /** Says why there is no cross section here; true when refused. */
    const refusedOnPhone = () => {
      if (!onPhoneOrSmallScreen()) return false;
      ctx.notices.show({ id: 'cross-section-phone', message: () => ctx.i18n.format('cross-section.mobileBlocked'), severity: 'warning' });
      return true;
    };

    const openLine = (points: ReadonlyArray<{ longitude: number; latitude: number }>, mark?: Parameters<typeof controller.open>[1]) => {
      if (refusedOnPhone()) return false;
      store.getState().setToggle(CROSS_SECTION_TOOL, true);
      void controller.open(points, mark);
      return true;
    };
    setCrossSection({ controller, ctx, openLine });

    ctx.tools.register({
      id: CROSS_SECTION_TOOL,
      label: 'cross-section.tool',
      icon: '∧',
      placement: 'tools',
      // Right after Measure (22): the analysis tools side by side.
      order: 23,
      kind: 'toggle',
      exclusiveGroups: [MEASURE_EXCLUSIVE_GROUP],
      onToggle: (on) => {
        if (on && refusedOnPhone()) {
          // Not from inside the store's notification of this very switch.
          queueMicrotask(switchOff);
          return;
        }
        if (on) controller.activate();
        else controller.deactivate();
      },
    });
    ctx.slots.register({
      id: 'cross-section-panel',
      slot: 'map.top-left',
      order: 33,
      component: () => import('./components/CrossSectionPanel'),
    });
    ctx.slots.register({
      id: 'heritage-cross-section',
      slot: 'drawer.layers',
      order: 50,
      component: () => import('./components/HeritageCrossSection'),
    });
    const address: UrlStateContribution<string> = {
      id: 'cross-section-line',
      param: CROSS_SECTION_PARAM,
      schema: z.string().refine((text) => parseLine(text) !== null, { message: 'expected two or more positions: lon,lat;lon,lat' }),
      apply: (text) => void openLine(parseLine(text)!),
      read() {
        const { phase, points } = controller.getState();
        return phase !== 'idle' && phase !== 'drawing' && points.length >= 2 ? formatLine(points) : undefined;
      },
    };
    ctx.urlState.register(address);
    const stopRelabelling = ctx.i18n.onChange?.(() => controller.relabel());
    return () => {
      stopRelabelling?.();
      controller.dispose();
      setCrossSection(null);
    };
  },
});
