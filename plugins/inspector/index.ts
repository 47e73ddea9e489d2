import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setInspectorController } from './context';
import { createInspectorController, INSPECTOR_TOOL } from './inspectorController';

/**
 * The inspector (SPEC §1; variant flag `inspector`): a toggle tool; while on, every click on the terrain or a
 * building shows its WGS84, HK 1980 Grid, HKPD and UTM coordinates and the camera's position, heading and pitch,
 * each copyable. It takes the pointer, so identify does not fire meanwhile; Escape or the button ends it.
 */
export default definePlugin({
  id: 'inspector',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const controller = createInspectorController({ map: ctx.map, onEscape: () => ctx.store.getState().setToggle(INSPECTOR_TOOL, false) });
    setInspectorController(controller);
    ctx.tools.register({
      id: INSPECTOR_TOOL,
      label: 'inspector.tool',
      icon: '◎',
      placement: 'tools',
      order: 20,
      kind: 'toggle',
      onToggle: (on) => controller.setActive(on),
    });
    ctx.slots.register({
      id: 'inspector-panel',
      slot: 'map.top-left',
      order: 30,
      component: () => import('./components/InspectorPanel'),
    });
    return () => {
      controller.dispose();
      setInspectorController(null);
    };
  },
});
