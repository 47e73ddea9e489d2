/**
 * Camera control of the facade (issue 14: share links, tours, first-person view, GPS, GPX, VR, the compass):
 * setting a view, looking at a place, fitting a box, reading the camera, hearing it change, and handing the
 * navigation to a tool. The checks and bookkeeping are plain code (tested in Node); the functions taking `Cesium`
 * move the real camera.
 */
import type { Camera, ScreenSpaceCameraController, Viewer } from 'cesium';
import type { CameraChange, CameraState, CameraView, Disposer, GeoBounds } from '../plugin/types';
import { toRadians } from './views';

type CesiumModule = typeof import('cesium');

/** Default pitch of {@link lookAtPlace}: looking down at 45°. */
export const LOOK_AT_DEFAULT_PITCH_DEGREES = -45;
/** Default padding of {@link fittedBounds}: a tenth of the box on every side. */
export const BOUNDS_DEFAULT_PADDING_RATIO = 0.1;
/** Smallest box {@link fittedBounds} fits, degrees (about 200 m): a single point or a short track is not zoomed into the ground. */
export const BOUNDS_MINIMUM_SPAN_DEGREES = 0.002;

function requireFinite(what: string, value: number | undefined): void {
  if (value !== undefined && !Number.isFinite(value)) throw new RangeError(`${what} must be a finite number, got ${value}`);
}

function requireLatitude(what: string, value: number): void {
  requireFinite(what, value);
  if (Math.abs(value) > 90) throw new RangeError(`${what} must lie between -90 and 90 degrees, got ${value}`);
}

/** Throws a `RangeError` naming the first field of `view` that is not a usable number. */
export function checkCameraView(view: CameraView): void {
  requireFinite('setView: longitude', view.longitude);
  requireLatitude('setView: latitude', view.latitude);
  requireFinite('setView: heightMeters', view.heightMeters);
  requireFinite('setView: headingDegrees', view.headingDegrees);
  requireFinite('setView: pitchDegrees', view.pitchDegrees);
  requireFinite('setView: rollDegrees', view.rollDegrees);
}

/** Throws a `RangeError` naming the first field of a {@link MapFacade.lookAt} call that is not usable. */
export function checkLookAt(
  target: { longitude: number; latitude: number; heightMeters?: number },
  offset: { rangeMeters: number; headingDegrees?: number; pitchDegrees?: number },
): void {
  requireFinite('lookAt: longitude', target.longitude);
  requireLatitude('lookAt: latitude', target.latitude);
  requireFinite('lookAt: heightMeters', target.heightMeters);
  requireFinite('lookAt: rangeMeters', offset.rangeMeters);
  requireFinite('lookAt: headingDegrees', offset.headingDegrees);
  requireFinite('lookAt: pitchDegrees', offset.pitchDegrees);
  if (offset.rangeMeters <= 0) throw new RangeError(`lookAt: rangeMeters must be more than 0, got ${offset.rangeMeters}`);
}

/** Seconds of a camera move: 0 (at once) unless a positive finite duration is given. */
export function flightSeconds(durationSeconds: number | undefined, fallback = 0): number {
  requireFinite('durationSeconds', durationSeconds);
  const seconds = durationSeconds ?? fallback;
  return seconds > 0 ? seconds : 0;
}

/**
 * The box {@link MapFacade.flyToBounds} shows: `bounds` widened by `paddingRatio` of its size on every side and to
 * at least {@link BOUNDS_MINIMUM_SPAN_DEGREES} each way, about its centre. Throws a `RangeError` for a box that is
 * not finite, upside down (south > north) or reversed (west > east).
 */
export function fittedBounds(bounds: GeoBounds, paddingRatio = BOUNDS_DEFAULT_PADDING_RATIO): GeoBounds {
  requireFinite('flyToBounds: west', bounds.west);
  requireFinite('flyToBounds: east', bounds.east);
  requireLatitude('flyToBounds: south', bounds.south);
  requireLatitude('flyToBounds: north', bounds.north);
  requireFinite('flyToBounds: paddingRatio', paddingRatio);
  if (bounds.west > bounds.east) throw new RangeError(`flyToBounds: west (${bounds.west}) is east of east (${bounds.east})`);
  if (bounds.south > bounds.north) throw new RangeError(`flyToBounds: south (${bounds.south}) is north of north (${bounds.north})`);
  if (paddingRatio < 0) throw new RangeError(`flyToBounds: paddingRatio must not be negative, got ${paddingRatio}`);
  const widen = (low: number, high: number) => {
    const span = Math.max((high - low) * (1 + 2 * paddingRatio), BOUNDS_MINIMUM_SPAN_DEGREES);
    const centre = (low + high) / 2;
    return [centre - span / 2, centre + span / 2] as const;
  };
  const [west, east] = widen(bounds.west, bounds.east);
  const [south, north] = widen(bounds.south, bounds.north);
  return { west, south: Math.max(-90, south), east, north: Math.min(90, north) };
}

/** Degrees in (-180, 180]: a level camera has roll 0, a slight tilt either way a small number. */
export function signedDegrees(degrees: number): number {
  const wrapped = ((degrees % 360) + 360) % 360;
  return wrapped > 180 ? wrapped - 360 : wrapped;
}

/** The camera as the facade reports it (degrees, metres above the ellipsoid). */
export function readCameraState(Cesium: CesiumModule, camera: Camera): CameraState {
  const position = camera.positionCartographic;
  return {
    longitude: Cesium.Math.toDegrees(position.longitude),
    latitude: Cesium.Math.toDegrees(position.latitude),
    heightMeters: position.height,
    // Cesium gives 2π for a heading a hair below north; the facade promises 0 up to (not including) 360.
    headingDegrees: Cesium.Math.toDegrees(camera.heading) % 360,
    pitchDegrees: Cesium.Math.toDegrees(camera.pitch),
    rollDegrees: signedDegrees(Cesium.Math.toDegrees(camera.roll)),
  };
}

/** Whether two camera states differ by more than rounding (a micro-degree, a millimetre). */
export function cameraMoved(before: CameraState, after: CameraState): boolean {
  const degrees = 1e-6;
  return (
    Math.abs(before.longitude - after.longitude) > degrees * 1e-3 ||
    Math.abs(before.latitude - after.latitude) > degrees * 1e-3 ||
    Math.abs(before.heightMeters - after.heightMeters) > 1e-3 ||
    Math.abs(signedDegrees(before.headingDegrees - after.headingDegrees)) > degrees ||
    Math.abs(before.pitchDegrees - after.pitchDegrees) > degrees ||
    Math.abs(signedDegrees(before.rollDegrees - after.rollDegrees)) > degrees
  );
}

/** The listeners of {@link MapFacade.onCameraChanged}; the host tells it when a frame was drawn and when a move ended. */
export interface CameraChangeEvents {
  subscribe(listener: (state: CameraState, change: CameraChange) => void): Disposer;
  /** A frame was drawn: listeners hear the camera if it moved since they last heard it. */
  frameDrawn(): void;
  /** A move (navigation or flight) ended: listeners hear the camera, moved or not. */
  moveEnded(): void;
}

export function createCameraChangeEvents(read: () => CameraState | null): CameraChangeEvents {
  const listeners = new Set<(state: CameraState, change: CameraChange) => void>();
  let lastTold: CameraState | null = null;
  const tell = (state: CameraState, moveEnded: boolean) => {
    lastTold = state;
    for (const listener of [...listeners]) {
      try {
        listener({ ...state }, { moveEnded });
      } catch (error) {
        console.error('a camera listener failed', error);
      }
    }
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    frameDrawn() {
      if (listeners.size === 0) return;
      const state = read();
      if (state && (!lastTold || cameraMoved(lastTold, state))) tell(state, false);
    },
    moveEnded() {
      if (listeners.size === 0) return;
      const state = read();
      if (state) tell(state, true);
    },
  };
}

/** The parts of Cesium's navigation that tools take over (a `ScreenSpaceCameraController`, or a fake). */
export type NavigationSwitches = Pick<ScreenSpaceCameraController, 'enableInputs' | 'rotateEventTypes' | 'lookEventTypes' | 'tiltEventTypes'>;
type CameraEventTypes = ScreenSpaceCameraController['tiltEventTypes'];

/**
 * `types` without the left-button drags, with or without a modifier key (Shift looks, Ctrl tilts): what is left of a
 * navigation while a pointer mode takes left drags. Undefined when nothing is left.
 */
export function withoutLeftDrags(types: CameraEventTypes, leftDrag: unknown): CameraEventTypes {
  if (types === undefined) return undefined;
  const list: unknown[] = Array.isArray(types) ? types : [types];
  const kept = list.filter((type) => type !== leftDrag && (type as { eventType?: unknown } | null)?.eventType !== leftDrag);
  return kept.length > 0 ? kept : undefined;
}

/** Who has the navigation: tools holding the whole camera, and whether a pointer mode takes left drags. */
export interface NavigationControl {
  /** See {@link MapFacade.takeCameraControl}. */
  take(): Disposer;
  /** A pointer mode with `onDrag` is the newest (true): left drags (plain, Shift, Ctrl) stop navigating. */
  setDragsTaken(taken: boolean): void;
  /**
   * Applies the holds to `switches` (the viewer's controller, once it exists; null when it goes), keeping its own
   * event types to give back. `leftDrag` is Cesium's `CameraEventType.LEFT_DRAG`.
   */
  attach(switches: NavigationSwitches | null, leftDrag: unknown): void;
}

export function createNavigationControl(): NavigationControl {
  let holds = 0;
  let dragsTaken = false;
  let target: { switches: NavigationSwitches; leftDrag: unknown; own: Pick<NavigationSwitches, 'rotateEventTypes' | 'lookEventTypes' | 'tiltEventTypes'> } | null =
    null;
  const apply = () => {
    if (!target) return;
    const { switches, own, leftDrag } = target;
    switches.enableInputs = holds === 0;
    switches.rotateEventTypes = dragsTaken ? withoutLeftDrags(own.rotateEventTypes, leftDrag) : own.rotateEventTypes;
    switches.lookEventTypes = dragsTaken ? withoutLeftDrags(own.lookEventTypes, leftDrag) : own.lookEventTypes;
    switches.tiltEventTypes = dragsTaken ? withoutLeftDrags(own.tiltEventTypes, leftDrag) : own.tiltEventTypes;
  };
  return {
    take() {
      holds += 1;
      apply();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        apply();
      };
    },
    setDragsTaken(taken) {
      dragsTaken = taken;
      apply();
    },
    attach(switches, leftDrag) {
      if (target) {
        // Give the old controller its own navigation back before letting go of it.
        const { switches: old, own } = target;
        Object.assign(old, own, { enableInputs: true });
      }
      target = switches
        ? {
            switches,
            leftDrag,
            own: { rotateEventTypes: switches.rotateEventTypes, lookEventTypes: switches.lookEventTypes, tiltEventTypes: switches.tiltEventTypes },
          }
        : null;
      apply();
    },
  };
}

/** Puts the camera at `view` (checked first), at once or in a flight of `seconds`. */
export function applyCameraView(Cesium: CesiumModule, viewer: Viewer, view: CameraView, seconds: number): void {
  checkCameraView(view);
  const destination = Cesium.Cartesian3.fromDegrees(view.longitude, view.latitude, view.heightMeters);
  const orientation = {
    heading: toRadians(view.headingDegrees ?? 0),
    pitch: toRadians(view.pitchDegrees ?? -90),
    roll: toRadians(view.rollDegrees ?? 0),
  };
  if (seconds > 0) viewer.camera.flyTo({ destination, orientation, duration: seconds });
  else {
    // A flight in progress would carry the camera on from here for the rest of its time: a view set at once ends it.
    viewer.camera.cancelFlight();
    viewer.camera.setView({ destination, orientation });
  }
  viewer.scene.requestRender();
}

/** See {@link MapFacade.lookAt}; the camera is left free (no look-at transform stays on it). */
export function lookAtPlace(
  Cesium: CesiumModule,
  viewer: Viewer,
  target: { longitude: number; latitude: number; heightMeters?: number },
  offset: { rangeMeters: number; headingDegrees?: number; pitchDegrees?: number },
  seconds: number,
): void {
  checkLookAt(target, offset);
  const place = Cesium.Cartographic.fromDegrees(target.longitude, target.latitude);
  const height = target.heightMeters ?? viewer.scene.globe.getHeight(place) ?? 0;
  const centre = Cesium.Cartesian3.fromDegrees(target.longitude, target.latitude, height);
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(centre, 0), {
    offset: new Cesium.HeadingPitchRange(
      toRadians(offset.headingDegrees ?? 0),
      toRadians(offset.pitchDegrees ?? LOOK_AT_DEFAULT_PITCH_DEGREES),
      offset.rangeMeters,
    ),
    duration: seconds,
  });
  viewer.scene.requestRender();
}

/** See {@link MapFacade.flyToBounds}. */
export function flyToBox(Cesium: CesiumModule, viewer: Viewer, bounds: GeoBounds, paddingRatio: number | undefined, seconds: number): void {
  const box = fittedBounds(bounds, paddingRatio);
  viewer.camera.flyTo({ destination: Cesium.Rectangle.fromDegrees(box.west, box.south, box.east, box.north), duration: seconds });
  viewer.scene.requestRender();
}
