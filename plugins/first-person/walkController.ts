/**
 * First-person view's state machine: `off` → `choosing` (the next click on the map is the place) → `entering`
 * (the ground height there is sampled) → `walking` (the camera at eye height, driven by keys and drags) → `off`,
 * which puts the camera back where it was before. Entering from the keyword search skips `choosing`.
 *
 * While walking it holds the camera (`takeCameraControl`, so the default navigation is off), the pointer (keys
 * and drags come to it; Escape ends it) and, only while something moves, a frame listener (`onFrame`, so an idle
 * walker costs no rendering). The ground is re-sampled as the walker moves (`sampleHeights` with the 3D buildings,
 * so a roof or podium is stood on), one sample at a time: the ground under the walker and a point ahead in the
 * direction of travel, which stops the walker before a wall (walking.ts `isWall`). Should the ground under the walker
 * turn out to be a wall after all (3D tiles that loaded late), it goes back to the last place it stood on.
 */
import type { CameraState, Disposer, MapFacade, PointerMode } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import {
  EYE_HEIGHT_METERS,
  followHeight,
  headingDifference,
  isMovementKey,
  isWall,
  lookFromDrag,
  motionFromKeys,
  offsetPlace,
  probeDistanceFor,
  stepFrom,
  type Place,
} from './walking';

export const FIRST_PERSON_TOOL = 'first-person';
/** The store's control mode while walking (SPEC §2: opening a drawer resets the control mode, which ends the walk). */
export const FIRST_PERSON_CONTROL_MODE = 'first-person';
/**
 * A frame gap longer than this (a hidden tab, a debugger pause) counts as this long, seconds: no leap forward. Long
 * enough that a slow renderer (a few frames a second) still walks at speed, short enough that a running step
 * (9 m/s × 0.25 s) stays well inside the probe ahead.
 */
const MAX_FRAME_SECONDS = 0.25;
/** A probe decides for directions of travel within this many degrees of its own, from the place it was taken only. */
const PROBE_VALID_DEGREES = 45;
/** The eye counts as settled on the ground within this, metres (the frame listener can stop). */
const SETTLED_METERS = 0.005;

export type WalkPhase = 'off' | 'choosing' | 'entering' | 'walking';

export interface WalkState {
  phase: WalkPhase;
  /** While walking: a wall stops the walker in the direction it is going. */
  blocked: boolean;
}

export interface WalkController {
  getState(): WalkState;
  subscribe(listener: () => void): Disposer;
  /** The tool's switch: on waits for a click on the map, off leaves first-person view and restores the view. */
  setActive(on: boolean): void;
  /** Stands at `place` (a click, a search result), from `choosing` or, when off, at once. */
  enterAt(place: Place & { heightMeters?: number }): Promise<void>;
  /**
   * While choosing: stands at what lies at the centre of the map (the keyboard's way to choose a place). Resolves
   * false when nothing is there to stand on (the sky).
   */
  enterAtCentre(): Promise<boolean>;
  dispose(): void;
}

export interface WalkControllerOptions {
  map: MapFacade;
  /** Switches the tool off through the store (Escape, a reset control mode), so its button and analytics follow. */
  requestOff: () => void;
  /** Called once the walk has ended and the previous view is back: the exit message. */
  onExited?: () => void;
  /** Tells the store the control mode is (or is no longer) first-person view. */
  setControlMode?: (mode: string | null) => void;
}

/** A height sample ahead of the walker and what it decided. */
interface Probe {
  from: Place;
  travelHeadingDegrees: number | null;
  wall: boolean;
}

export function createWalkController(options: WalkControllerOptions): WalkController {
  const { map } = options;
  const store = createStateStore<WalkState>({ phase: 'off', blocked: false });
  // Tells the panel only when the phase or the blocked flag really changed: the frame loop sets `blocked` every frame.
  const set = (next: Partial<WalkState>) => {
    const state = store.getState();
    const merged = { ...state, ...next };
    if (merged.phase === state.phase && merged.blocked === state.blocked) return;
    store.replace(merged);
  };

  /** Bumped on every start and end, so a height sample that arrives after either is dropped. */
  let generation = 0;
  let previousView: CameraState | null = null;
  let releasePointer: Disposer | null = null;
  let releaseCamera: Disposer | null = null;
  let stopFrames: Disposer | null = null;
  let stopBlurWatch: Disposer | null = null;

  // The walker.
  let place: Place = { longitude: 0, latitude: 0 };
  let headingDegrees = 0;
  let pitchDegrees = 0;
  /** The ground height the eye is following, and where the eye's ground is now (smoothed), metres. */
  let groundTarget = 0;
  let eyeGround: number | null = null;
  const held = new Set<string>();
  let run = false;
  let probe: Probe | null = null;
  let probing = false;
  /** The last place whose sampled ground the walker accepted (where it stands on firm footing). */
  let lastFooting: Place = place;

  const showView = () =>
    map.setView({ longitude: place.longitude, latitude: place.latitude, heightMeters: (eyeGround ?? groundTarget) + EYE_HEIGHT_METERS, headingDegrees, pitchDegrees, rollDegrees: 0 });

  const takePointer = (mode: Omit<PointerMode, 'id' | 'onEnd'>) => {
    releasePointer?.();
    releasePointer = map.takePointer({
      id: FIRST_PERSON_TOOL,
      ...mode,
      onEnd: () => {
        releasePointer = null;
        options.requestOff();
      },
    });
  };

  /** Whether the last probe forbids going `travel` from here. */
  const blockedToward = (travel: number) =>
    probe !== null &&
    probe.wall &&
    probe.travelHeadingDegrees !== null &&
    headingDifference(probe.travelHeadingDegrees, travel) < PROBE_VALID_DEGREES &&
    probe.from === place;

  /** Samples the ground under the walker and, when moving, ahead of it; one sample at a time. */
  const launchProbe = (travelHeadingDegrees: number | null) => {
    if (probing) return;
    probing = true;
    const current = generation;
    const from = place;
    const positions: Array<readonly [number, number]> = [[from.longitude, from.latitude]];
    if (travelHeadingDegrees !== null) {
      const distance = probeDistanceFor({ run });
      const radians = (travelHeadingDegrees * Math.PI) / 180;
      const ahead = offsetPlace(from, distance * Math.sin(radians), distance * Math.cos(radians));
      positions.push([ahead.longitude, ahead.latitude]);
    }
    map
      .sampleHeights(positions, { includeModels: true })
      .then(([here, ahead]) => {
        if (current !== generation) return;
        if (typeof here === 'number' && from !== lastFooting && isWall(groundTarget, here)) {
          // The walker is inside something higher than its eyes: a building whose tiles loaded only after the probe
          // that let it through. Back to the last place stood on, facing a wall.
          place = lastFooting;
          probe = { from: lastFooting, travelHeadingDegrees, wall: true };
          return;
        }
        if (typeof here === 'number') groundTarget = here;
        lastFooting = from;
        const wall = travelHeadingDegrees !== null && isWall(typeof here === 'number' ? here : groundTarget, typeof ahead === 'number' ? ahead : null);
        probe = { from, travelHeadingDegrees, wall };
      })
      .catch((error: unknown) => console.warn('first-person view: height sample failed', error))
      .finally(() => {
        if (current !== generation) return;
        probing = false;
        ensureFrames();
      });
  };

  /** Something moves: keys held, a sample on its way or still to take here, or the eye still settling. */
  const needsFrames = () => {
    if (store.getState().phase !== 'walking') return false;
    const motion = motionFromKeys(held, run);
    const asked = motion.forward !== 0 || motion.right !== 0 || motion.turn !== 0;
    return asked || probing || probe?.from !== place || eyeGround === null || Math.abs(eyeGround - groundTarget) > SETTLED_METERS;
  };

  const onFrame = ({ deltaSeconds }: { deltaSeconds: number }) => {
    const seconds = Math.min(Math.max(0, deltaSeconds), MAX_FRAME_SECONDS);
    const motion = motionFromKeys(held, run);
    const step = stepFrom(place, headingDegrees, motion, seconds);
    headingDegrees = step.headingDegrees;
    const blocked = step.travelHeadingDegrees !== null && blockedToward(step.travelHeadingDegrees);
    if (step.travelHeadingDegrees !== null && !blocked) place = step.place;
    if (step.travelHeadingDegrees !== null || probe?.from !== place) launchProbe(step.travelHeadingDegrees);
    eyeGround = followHeight(eyeGround, groundTarget, seconds);
    showView();
    set({ blocked });
    if (!needsFrames()) {
      stopFrames?.();
      stopFrames = null;
    }
  };

  function ensureFrames() {
    if (stopFrames || !needsFrames()) return;
    stopFrames = map.onFrame(onFrame);
  }

  const onKey: NonNullable<PointerMode['onKey']> = (key) => {
    const wasRunning = run;
    run = key.shiftKey;
    if (isMovementKey(key.code)) {
      if (key.type === 'down') held.add(key.code);
      else held.delete(key.code);
      if (held.size === 0) set({ blocked: false });
      ensureFrames();
      return true;
    }
    return key.key === 'Shift' || wasRunning !== run;
  };

  const onDrag: NonNullable<PointerMode['onDrag']> = (drag) => {
    if (drag.phase === 'start') return;
    ({ headingDegrees, pitchDegrees } = lookFromDrag({ headingDegrees, pitchDegrees }, drag.deltaX, drag.deltaY));
    showView();
  };

  const releaseAll = () => {
    stopFrames?.();
    stopFrames = null;
    releasePointer?.();
    releasePointer = null;
    releaseCamera?.();
    releaseCamera = null;
    stopBlurWatch?.();
    stopBlurWatch = null;
    held.clear();
    probe = null;
    probing = false;
  };

  const start = () => {
    generation += 1;
    previousView = map.cameraState();
    set({ phase: 'choosing', blocked: false });
    takePointer({
      cursor: 'crosshair',
      onPick: (pick) => {
        if (pick.position) void enterAt(pick.position);
      },
    });
  };

  const stop = () => {
    const was = store.getState().phase;
    generation += 1;
    releaseAll();
    set({ phase: 'off', blocked: false });
    if (was === 'walking' || was === 'entering') {
      options.setControlMode?.(null);
      if (previousView) map.setView(previousView);
      options.onExited?.();
    }
    previousView = null;
  };

  async function enterAt(target: Place & { heightMeters?: number }): Promise<void> {
    if (store.getState().phase === 'off') start();
    if (store.getState().phase === 'walking') {
      // A new place while walking: keep the view to return to, start over there.
      releaseAll();
    }
    generation += 1;
    const current = generation;
    set({ phase: 'entering', blocked: false });
    releasePointer?.();
    releasePointer = null;
    const [ground] = await map.sampleHeights([[target.longitude, target.latitude]], { includeModels: true }).catch((error: unknown) => {
      console.warn('first-person view: no ground height at the place', error);
      return [null];
    });
    if (current !== generation) return;
    place = { longitude: target.longitude, latitude: target.latitude };
    lastFooting = place;
    groundTarget = typeof ground === 'number' ? ground : (target.heightMeters ?? 0);
    eyeGround = groundTarget;
    // Keep facing the way the map looked, level with the horizon.
    headingDegrees = map.cameraState()?.headingDegrees ?? 0;
    pitchDegrees = 0;
    probe = null;
    releaseCamera = map.takeCameraControl();
    takePointer({ cursor: 'grab', onPick: () => {}, onKey, onDrag });
    // Keys go to the map only while it (or nothing) has focus: a click on the tool or a search result left it elsewhere.
    map.container()?.focus({ preventScroll: true });
    // A key let go while the window or the map did not have focus never comes back as released: stop walking.
    const letGo = () => {
      held.clear();
      set({ blocked: false });
    };
    const onFocusIn = (event: Event) => {
      const container = map.container();
      if (event.target !== container && event.target !== globalThis.document?.body) letGo();
    };
    globalThis.addEventListener?.('blur', letGo);
    globalThis.document?.addEventListener('focusin', onFocusIn);
    stopBlurWatch = () => {
      globalThis.removeEventListener?.('blur', letGo);
      globalThis.document?.removeEventListener('focusin', onFocusIn);
    };
    options.setControlMode?.(FIRST_PERSON_CONTROL_MODE);
    showView();
    set({ phase: 'walking', blocked: false });
    ensureFrames();
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setActive(on) {
      if (on && store.getState().phase === 'off') start();
      else if (!on && store.getState().phase !== 'off') stop();
    },
    enterAt,
    async enterAtCentre() {
      if (store.getState().phase !== 'choosing') return false;
      const current = generation;
      const pick = await map.pick('centre');
      if (current !== generation || store.getState().phase !== 'choosing' || !pick?.position) return false;
      await enterAt(pick.position);
      return true;
    },
    dispose() {
      stop();
      store.dropListeners();
    },
  };
}
