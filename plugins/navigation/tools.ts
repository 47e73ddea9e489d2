import type { MapFacade, ToolContribution } from '../../core/plugin/types';
import type { NavigationConfig } from './config';

/** The navigation tools (SPEC §1): all act through the map facade, none touches Cesium. */
export function navigationTools(map: MapFacade, config: NavigationConfig): ToolContribution[] {
  const tools: ToolContribution[] = [];
  const action = (id: string, icon: string, order: number, run: () => void): ToolContribution => ({
    id,
    label: `navigation.tool.${id}`,
    icon,
    placement: 'navigation',
    kind: 'action',
    order,
    run,
  });
  if (config.home) tools.push(action('home', '⌂', 10, () => map.flyHome()));
  if (config.orientation) {
    tools.push(action('north', 'N', 20, () => map.resetNorth()));
    tools.push(action('top-view', '⊙', 30, () => map.topView()));
    tools.push(action('tilted-view', `${config.tiltDegrees}°`, 40, () => map.tiltedView(config.tiltDegrees)));
  }
  if (config.zoom) {
    tools.push(action('zoom-in', '+', 50, () => map.zoom('in')));
    tools.push(action('zoom-out', '−', 60, () => map.zoom('out')));
  }
  if (config.fieldOfView) {
    tools.push({
      id: 'field-of-view',
      label: 'navigation.tool.field-of-view',
      icon: '↔',
      placement: 'navigation',
      kind: 'toggle',
      order: 70,
      onToggle: (on) => map.setFieldOfViewEnlarged(on),
    });
  }
  return tools;
}
