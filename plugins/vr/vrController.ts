/**
 * VR view (SPEC §1): CesiumJS's stereo rendering (`scene.useWebVR`: the canvas split into a left-eye and a
 * right-eye view for a phone in a headset such as Cardboard; Cesium's own device-orientation camera controller then
 * turns the camera with the phone). Where the device gives no orientation, dragging looks around instead. While on
 * it holds the camera (default navigation off), the pointer (drags; Escape ends it) and a frame listener (the
 * orientation controller moves the camera every frame, so the map renders continuously). Off puts the camera back
 * where it was and the normal single view back.
 *
 * No Cesium import: the scene is reached through `map.viewer()`, and only its `useWebVR` switch is touched.
 */
import type { CameraState, Disposer, MapFacade } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import { lookFromDrag } from '../first-person/api';

export const VR_TOOL = 'vr';

/** How the view is steered: by the device's orientation sensors, or by dragging (none reported, or refused). */
export type VrSteering = 'orientation' | 'drag';

export interface VrState {
  active: boolean;
  steering: VrSteering;
  /** The browser asked for motion-sensor permission (iOS) and it was refused. */
  sensorsRefused: boolean;
}

export interface VrController {
  getState(): VrState;
  subscribe(listener: () => void): Disposer;
  /** The tool's switch. Call it from the user's gesture: iOS asks for the motion sensors only then. */
  setActive(on: boolean): void;
  dispose(): void;
}

/** The part of a Cesium `Viewer` this plugin touches. */
interface StereoViewer {
  scene: { useWebVR: boolean };
}

/** The window's motion-sensor side: events, and iOS's permission request where it exists. */
export interface OrientationSource {
  addEventListener(type: 'deviceorientation', listener: (event: { alpha: number | null }) => void): void;
  removeEventListener(type: 'deviceorientation', listener: (event: { alpha: number | null }) => void): void;
  /** `DeviceOrientationEvent.requestPermission` (iOS 13+), undefined elsewhere. */
  requestPermission?: () => Promise<'granted' | 'denied' | string>;
}

export interface VrControllerOptions {
  map: MapFacade;
  /** Switches the tool off through the store (Escape, a failure), so its button and analytics follow. */
  requestOff: () => void;
  /** The stereo view could not be switched on (no map yet, or the scene refused): the reason, for a message. */
  onUnavailable: (error: unknown) => void;
  /** Default: the browser's window and `DeviceOrientationEvent`. */
  orientation?: OrientationSource | null;
}

function browserOrientation(): OrientationSource | null {
  if (typeof window === 'undefined') return null;
  const requestPermission = (globalThis as { DeviceOrientationEvent?: { requestPermission?: () => Promise<string> } }).DeviceOrientationEvent
    ?.requestPermission;
  return {
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
    requestPermission: typeof requestPermission === 'function' ? () => requestPermission.call((globalThis as { DeviceOrientationEvent?: unknown }).DeviceOrientationEvent) : undefined,
  };
}

function isStereoViewer(viewer: unknown): viewer is StereoViewer {
  const scene = (viewer as { scene?: unknown } | null)?.scene;
  return typeof scene === 'object' && scene !== null && 'useWebVR' in scene;
}

export function createVrController(options: VrControllerOptions): VrController {
  const { map } = options;
  const orientation = options.orientation === undefined ? browserOrientation() : options.orientation;
  const store = createStateStore<VrState>({ active: false, steering: 'drag', sensorsRefused: false });
  const set = store.set;

  let generation = 0;
  let viewer: StereoViewer | null = null;
  let previousView: CameraState | null = null;
  const releases: Disposer[] = [];

  const onOrientation = (event: { alpha: number | null }) => {
    // Desktop browsers may send one event of nulls: no sensor.
    if (event.alpha !== null && store.getState().active && store.getState().steering !== 'orientation') set({ steering: 'orientation' });
  };

  const look = (deltaX: number, deltaY: number) => {
    const camera = map.cameraState();
    if (!camera) return;
    const next = lookFromDrag(camera, deltaX, deltaY);
    map.setView({ ...camera, ...next });
  };

  const switchOn = () => {
    generation += 1;
    const current = generation;
    // iOS grants the motion sensors only when asked from the user's gesture: ask before anything waits.
    const permission = orientation?.requestPermission?.();
    set({ active: true, steering: 'drag', sensorsRefused: false });
    void map
      .whenReady()
      .then(async () => {
        if (current !== generation) return;
        const found = map.viewer();
        if (!isStereoViewer(found)) throw new Error('the map has no scene to show in stereo');
        found.scene.useWebVR = true;
        viewer = found;
        previousView = map.cameraState();
        releases.push(map.takeCameraControl());
        releases.push(
          map.takePointer({
            id: VR_TOOL,
            cursor: 'grab',
            onPick: () => {},
            onDrag: (drag) => {
              if (drag.phase === 'move') look(drag.deltaX, drag.deltaY);
            },
            onEnd: () => options.requestOff(),
          }),
        );
        // The orientation controller turns the camera inside Cesium's frame: keep frames coming.
        releases.push(map.onFrame(() => {}));
        if (orientation) {
          orientation.addEventListener('deviceorientation', onOrientation);
          releases.push(() => orientation.removeEventListener('deviceorientation', onOrientation));
        }
        map.requestRender();
        const answer = await permission?.catch(() => 'denied');
        if (current === generation && answer !== undefined && answer !== 'granted') set({ sensorsRefused: true });
      })
      .catch((error: unknown) => {
        if (current !== generation) return;
        console.warn('VR view could not start', error);
        options.onUnavailable(error);
        options.requestOff();
      });
  };

  const switchOff = () => {
    generation += 1;
    for (const release of releases.splice(0).reverse()) release();
    if (viewer) {
      viewer.scene.useWebVR = false;
      viewer = null;
      if (previousView) map.setView(previousView);
      map.requestRender();
    }
    previousView = null;
    set({ active: false, steering: 'drag', sensorsRefused: false });
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setActive(on) {
      if (on === store.getState().active) return;
      if (on) switchOn();
      else switchOff();
    },
    dispose() {
      if (store.getState().active) switchOff();
      store.dropListeners();
    },
  };
}
