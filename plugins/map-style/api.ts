/**
 * What other plugins may use of the map style drawer: the style and imagery adjustments in use, and the drawer's
 * own actions to change them (so its availability check, store slice and map calls stay the one way to do it).
 * First used by share-map, whose links carry the style and adjustments (issue 14 point 3).
 */
import type { BaseMapStyle, ImageryAdjustments } from '../../core/map/baseMaps';
import { mapStyleController } from './context';

export interface MapStyleApi {
  /** The style in use (undefined before a base map is chosen) and the adjustments. */
  current(): { style: BaseMapStyle | undefined; adjustments: ImageryAdjustments };
  /** The style the drawer's reset returns to. */
  defaultStyle(): BaseMapStyle | undefined;
  /** As the drawer's choice: refused with its notice when the style is unavailable; resolves to whether it is in use. */
  selectStyle(style: BaseMapStyle): Promise<boolean>;
  /** As the drawer's sliders (each value limited to its slider's range). */
  setAdjustments(adjustments: ImageryAdjustments): void;
}

/** The drawer's state and actions while its plugin is active, else null. */
export function mapStyleApi(): MapStyleApi | null {
  const controller = mapStyleController();
  if (!controller) return null;
  const styleOf = (baseMapId: string) => controller.baseMaps.find((baseMap) => baseMap.id === baseMapId)?.style;
  return {
    current: () => {
      const state = controller.state();
      return { style: styleOf(state.baseMapId), adjustments: state.adjustments };
    },
    defaultStyle: () => controller.defaultBaseMap?.style,
    selectStyle: (style) => controller.selectStyle(style),
    setAdjustments: (adjustments) => {
      for (const name of Object.keys(adjustments) as Array<keyof ImageryAdjustments>) controller.setAdjustment(name, adjustments[name]);
    },
  };
}
