/**
 * The inspector tool's state: while on it takes the map's pointer (identify does not fire meanwhile) and
 * records every clicked point with the camera at that moment; a marker shows the point. Escape ends it.
 */
import type { CameraState, Disposer, MapFacade } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import type { InspectedPoint } from './inspection';

export const INSPECTOR_TOOL = 'inspector';
const MARKER_COLOUR = '#e0218a';

export interface InspectorState {
  active: boolean;
  point: InspectedPoint | null;
  camera: CameraState | null;
}

export interface InspectorController {
  getState(): InspectorState;
  subscribe(listener: () => void): Disposer;
  setActive(on: boolean): void;
  dispose(): void;
}

/** `onEscape` switches the tool off through the store, so the button and analytics follow. */
export function createInspectorController(options: { map: MapFacade; onEscape: () => void }): InspectorController {
  const { map } = options;
  const store = createStateStore<InspectorState>({ active: false, point: null, camera: null });
  let release: Disposer | null = null;
  const graphics = map.temporaryGraphics(INSPECTOR_TOOL);
  const set = store.replace;
  const setActive = (on: boolean) => {
    if (on === store.getState().active) return;
    graphics.clear();
    release?.();
    release = null;
    if (on) {
      release = map.takePointer({
        id: INSPECTOR_TOOL,
        onPick: (pick) => {
          if (!pick.position || !pick.surface) return;
          graphics.clear();
          graphics.addPoints([{ ...pick.position, colour: MARKER_COLOUR, sizePixels: 12 }]);
          set({ active: true, point: { ...pick.position, surface: pick.surface }, camera: map.cameraState() });
        },
        onEnd: () => {
          release = null;
          options.onEscape();
        },
      });
    }
    set({ active: on, point: null, camera: on ? map.cameraState() : null });
  };
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setActive,
    dispose() {
      setActive(false);
      store.dropListeners();
    },
  };
}
