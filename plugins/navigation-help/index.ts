import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { NAVIGATION_HELP_TOOL } from './controls';
import { setNavigationHelpTools } from './context';

/**
 * Navigation help (SPEC §1; variant flag `navigationHelp`): a dialog of the map's mouse, touch and keyboard
 * controls, opened from its button in the tools bar or its entry in the header's quick action menu.
 */
export default definePlugin({
  id: 'navigation-help',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    setNavigationHelpTools(ctx.tools);
    // A toggle: the dialog is open while its switch is on, so core records it and emits navigation-help::on|off.
    ctx.tools.register({
      id: NAVIGATION_HELP_TOOL,
      label: 'navigationHelp.tool',
      icon: '?',
      placement: 'tools',
      order: 90,
      kind: 'toggle',
      quickMenu: true,
    });
    ctx.slots.register({
      id: 'navigation-help-dialog',
      slot: 'map.top-right',
      order: 100,
      component: () => import('./components/NavigationHelpDialog'),
    });
    return () => setNavigationHelpTools(null);
  },
});
