/**
 * The hiking drawer's state and what it does on the map: the trail list (GET /mapviewer/api/trails), the chosen
 * trail or stage (its profile call), the track drawn on the ground coloured by steepness with its distance posts,
 * campsites and ends as points, the camera fitted to it, the cursor shared by the profile graph and the map, the
 * pop-ups (one at a time, SPEC §4) and the trail animation (trailAnimation.ts). Loaded with the drawer, not at start.
 */
import {
  trailListResponseSchema,
  trailProfileResponseSchema,
  type SteepnessClass,
  type TrailId,
  type TrailListResponse,
  type TrailMtrExit,
  type TrailProfileResponse,
} from '../../core/contracts/trails';
import type { Disposer, GroundPolyline, MapPickResult, PluginContext } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import { sampleIndexAt, segmentOfStep, STEEPNESS_COLOURS, type ProfileSample, type TrailSegment } from './profileGraph';
import {
  advanceFlight,
  flightCamera,
  nextAnimationState,
  pointAt,
  type AnimationEvent,
  type AnimationSpeed,
  type AnimationState,
} from './trailAnimation';

/** The owner of the hiking graphics; cleared while the 3D spatial data is off (SPEC §2). */
export const HIKING_GRAPHICS_OWNER = 'hiking';
/** The pointer mode while a trail is shown (clicks on the track, posts, campsites and ends open pop-ups). */
export const HIKING_POINTER_MODE = 'hiking';
/** Seconds of the camera's flight to the start of the animation (its loading state). */
export const ANIMATION_LOADING_SECONDS = 2;
/** Diameters of the drawn points, px. */
const POINT_PIXELS = { end: 13, campsite: 11, post: 7, marker: 14 } as const;
/** A click this many pixels beyond a point's edge still hits it, and this near the track hits the track. */
const POINT_SLACK_PIXELS = 4;
const TRACK_TOLERANCE_PIXELS = 12;
/** Samples further apart than this are not joined on the map: the Wilson Trail's harbour crossing, metres. */
const GAP_METRES = 200;

/** Pop-ups, one at a time (SPEC §4: photo, segment and transport are exclusive). */
export type HikingPopup =
  | { kind: 'point'; end: 'start' | 'end'; name: TrailProfileResponse['name']; position: readonly [number, number]; heightMetres: number }
  | { kind: 'segment'; segment: TrailSegment }
  | { kind: 'transport'; end: 'start' | 'end'; name: TrailProfileResponse['name']; exits: TrailMtrExit[] }
  | { kind: 'post'; code: string; distanceMetres: number; position: readonly [number, number] }
  | { kind: 'campsite'; name: TrailProfileResponse['name']; distanceMetres: number; offTrailMetres: number };

export interface HikingState {
  list: { status: 'idle' | 'loading' | 'ready' | 'error'; data: TrailListResponse | null; message: string | null };
  selection: { trail: TrailId; stage: number | null } | null;
  profile: { status: 'idle' | 'loading' | 'ready' | 'error'; data: TrailProfileResponse | null; message: string | null };
  /** Sample index under the graph's cursor (and the map's marker), null when none. */
  cursor: number | null;
  popup: HikingPopup | null;
  animation: { state: AnimationState; speed: AnimationSpeed; distanceMetres: number };
}

export interface HikingController {
  getState(): HikingState;
  subscribe(listener: () => void): Disposer;
  loadList(): Promise<void>;
  select(trail: TrailId, stage: number | null): Promise<void>;
  clearSelection(): void;
  setCursor(index: number | null): void;
  showPopup(popup: HikingPopup | null): void;
  showTransport(end: 'start' | 'end'): void;
  /** Answers a map click at `result` (the hiking pointer mode's pick). */
  handlePick(result: MapPickResult): void;
  startAnimation(): void;
  animate(event: Exclude<AnimationEvent, 'start' | 'loaded' | 'finish'>): void;
  togglePlay(): void;
  setSpeed(speed: AnimationSpeed): void;
  /** Drawer closed or 3D switched off: the animation ends and the map is cleared. The list stays loaded. */
  close(): void;
  dispose(): void;
}

type Context = Pick<PluginContext, 'map' | 'http' | 'apiBase' | 'analytics'>;

const INITIAL: HikingState = {
  list: { status: 'idle', data: null, message: null },
  selection: null,
  profile: { status: 'idle', data: null, message: null },
  cursor: null,
  popup: null,
  animation: { state: 'off', speed: 1, distanceMetres: 0 },
};

/** The ground lines of a profile: one per run of same-class steps, broken where samples lie far apart. */
export function trackLines(profile: Pick<TrailProfileResponse, 'samples' | 'steepness'>): GroundPolyline[] {
  const lines: GroundPolyline[] = [];
  let current: { steepClass: SteepnessClass; positions: Array<readonly [number, number]> } | null = null;
  profile.steepness.forEach((steepClass, step) => {
    const from = profile.samples[step];
    const to = profile.samples[step + 1];
    const gap = Math.hypot((to[1] - from[1]) * 102_800, (to[2] - from[2]) * 110_600) > GAP_METRES;
    if (gap) {
      current = null;
      return;
    }
    if (!current || current.steepClass !== steepClass) {
      current = { steepClass, positions: [[from[1], from[2]]] };
      lines.push({ positions: current.positions, colour: STEEPNESS_COLOURS[steepClass], widthPixels: 5 });
    }
    current.positions.push([to[1], to[2]]);
  });
  return lines;
}

/** Metres between two WGS84 points near Hong Kong (equirectangular: enough for click tolerances). */
function roughMetres(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.hypot((a[0] - b[0]) * 102_800, (a[1] - b[1]) * 110_600);
}

export function createHikingController(ctx: Context): HikingController {
  const store = createStateStore<HikingState>(INITIAL);
  const set = store.set;
  const graphics = ctx.map.temporaryGraphics(HIKING_GRAPHICS_OWNER, { requiresThreeD: true });
  let releasePointer: Disposer | null = null;
  let clearMarker: Disposer | null = null;
  let stopFrames: Disposer | null = null;
  let releaseCamera: Disposer | null = null;
  let loadingTimer: ReturnType<typeof setTimeout> | null = null;
  let profileRequest = 0;

  const profileData = () => store.getState().profile.data;

  const drawMarker = (index: number | null) => {
    clearMarker?.();
    clearMarker = null;
    const profile = profileData();
    if (index === null || !profile) return;
    const sample = profile.samples[index];
    clearMarker = graphics.addPoints([{ longitude: sample[1], latitude: sample[2], heightMeters: sample[3] + 3, colour: '#1f5fbf', sizePixels: POINT_PIXELS.marker }]);
  };

  const drawMarkerAtDistance = (distanceMetres: number) => {
    const profile = profileData();
    if (!profile) return;
    clearMarker?.();
    const point = pointAt(profile.samples, distanceMetres);
    clearMarker = graphics.addPoints([{ longitude: point.longitude, latitude: point.latitude, heightMeters: point.heightMetres + 3, colour: '#1f5fbf', sizePixels: POINT_PIXELS.marker }]);
  };

  const stopFlight = () => {
    stopFrames?.();
    stopFrames = null;
    releaseCamera?.();
    releaseCamera = null;
    if (loadingTimer !== null) clearTimeout(loadingTimer);
    loadingTimer = null;
  };

  const setAnimation = (event: AnimationEvent, patch: Partial<HikingState['animation']> = {}) => {
    const before = store.getState().animation.state;
    const after = nextAnimationState(before, event);
    if (after === before && Object.keys(patch).length === 0) return;
    set({ animation: { ...store.getState().animation, ...patch, state: after } });
    const { selection } = store.getState();
    if (before === 'off' && after !== 'off') ctx.analytics.emit({ name: 'hiking-animation::on', id: selection?.trail, param: `${selection?.stage ?? 'all'}` });
    if (before !== 'off' && after === 'off') ctx.analytics.emit({ name: 'hiking-animation::off', id: selection?.trail });
  };

  const fly = () => {
    const profile = profileData();
    if (!profile || stopFrames) return;
    releaseCamera = ctx.map.takeCameraControl();
    stopFrames = ctx.map.onFrame(({ deltaSeconds }) => {
      const current = profileData();
      const { animation } = store.getState();
      if (!current || animation.state !== 'playing') return;
      const step = advanceFlight(animation.distanceMetres, deltaSeconds, animation.speed, current.figures.lengthMetres);
      ctx.map.setView(flightCamera(current.samples, step.distanceMetres));
      drawMarkerAtDistance(step.distanceMetres);
      set({ cursor: sampleIndexAt(current.samples, step.distanceMetres) });
      if (step.finished) {
        stopFlight();
        setAnimation('finish', { distanceMetres: step.distanceMetres });
      } else {
        set({ animation: { ...store.getState().animation, distanceMetres: step.distanceMetres } });
      }
    });
  };

  const endAnimation = () => {
    stopFlight();
    setAnimation('exit', { distanceMetres: 0 });
  };

  const clearMap = () => {
    releasePointer?.();
    releasePointer = null;
    clearMarker = null;
    graphics.clear();
  };

  const drawProfile = (profile: TrailProfileResponse) => {
    clearMap();
    graphics.addGroundPolylines(trackLines(profile));
    graphics.addPoints([
      ...profile.distancePosts.map((post) => ({ longitude: post.position[0], latitude: post.position[1], heightMeters: heightNear(profile, post.distanceMetres), colour: '#5c6670', sizePixels: POINT_PIXELS.post })),
      ...profile.campsites.map((site) => ({ longitude: site.position[0], latitude: site.position[1], heightMeters: heightNear(profile, site.distanceMetres), colour: '#0b7285', sizePixels: POINT_PIXELS.campsite })),
      { longitude: profile.start.position[0], latitude: profile.start.position[1], heightMeters: profile.start.heightMetres + 3, colour: '#2b8a3e', sizePixels: POINT_PIXELS.end },
      { longitude: profile.end.position[0], latitude: profile.end.position[1], heightMeters: profile.end.heightMetres + 3, colour: '#c92a2a', sizePixels: POINT_PIXELS.end },
    ]);
    const [west, south, east, north] = profile.figures.bounds;
    ctx.map.flyToBounds({ west, south, east, north }, { durationSeconds: 1.5, paddingRatio: 0.2 });
    releasePointer = ctx.map.takePointer({
      id: HIKING_POINTER_MODE,
      endOnEscape: false,
      onPick: (result) => controller.handlePick(result),
      onKey: (key) => {
        if (key.type !== 'down') return false;
        if (key.key === ' ' && store.getState().animation.state !== 'off') {
          controller.togglePlay();
          return true;
        }
        if (key.key === 'Escape') {
          if (store.getState().animation.state !== 'off') endAnimation();
          else if (store.getState().popup) set({ popup: null });
          else return false;
          return true;
        }
        return false;
      },
    });
  };

  const controller: HikingController = {
    getState: store.getState,
    subscribe: store.subscribe,
    async loadList() {
      if (store.getState().list.status === 'loading' || store.getState().list.status === 'ready') return;
      set({ list: { status: 'loading', data: null, message: null } });
      try {
        const data = await ctx.http.json(`${ctx.apiBase}trails`, trailListResponseSchema);
        set({ list: { status: 'ready', data, message: null } });
      } catch (error) {
        set({ list: { status: 'error', data: null, message: error instanceof Error ? error.message : String(error) } });
      }
    },
    async select(trail, stage) {
      endAnimation();
      const request = ++profileRequest;
      set({ selection: { trail, stage }, profile: { status: 'loading', data: null, message: null }, cursor: null, popup: null });
      ctx.analytics.emit({ name: 'hiking::trail', id: trail, param: `${stage ?? 'all'}` });
      try {
        const query = stage === null ? '' : `?stage=${stage}`;
        const data = await ctx.http.json(`${ctx.apiBase}trails/${trail}/profile${query}`, trailProfileResponseSchema);
        if (request !== profileRequest) return;
        set({ profile: { status: 'ready', data, message: null } });
        drawProfile(data);
      } catch (error) {
        if (request !== profileRequest) return;
        set({ profile: { status: 'error', data: null, message: error instanceof Error ? error.message : String(error) } });
      }
    },
    clearSelection() {
      profileRequest += 1;
      endAnimation();
      clearMap();
      set({ selection: null, profile: { status: 'idle', data: null, message: null }, cursor: null, popup: null });
    },
    setCursor(index) {
      const profile = profileData();
      const clamped = index === null || !profile ? null : Math.min(Math.max(0, Math.round(index)), profile.samples.length - 1);
      if (clamped === store.getState().cursor) return;
      set({ cursor: clamped });
      if (store.getState().animation.state !== 'playing') drawMarker(clamped);
    },
    showPopup(popup) {
      set({ popup });
    },
    showTransport(end) {
      const profile = profileData();
      if (!profile) return;
      const point = profile[end];
      set({ popup: { kind: 'transport', end, name: point.name, exits: point.mtrExits } });
    },
    handlePick(result) {
      const profile = profileData();
      if (!profile || !result.position) return;
      const clicked = [result.position.longitude, result.position.latitude] as const;
      const camera = ctx.map.cameraState();
      // About the ground size of a pixel below the camera with a 60° field of view on a ~1000 px canvas.
      const metresPerPixel = Math.max(0.5, ((camera?.heightMeters ?? 2000) - result.position.heightMeters) / 850);
      // A point is hit within its drawn radius (plus a little); at an overview, where the posts' dots cover the
      // line, a click there is on a post, as it looks.
      const near = (position: readonly [number, number], pixels: number) =>
        roughMetres(position, clicked) <= (pixels / 2 + POINT_SLACK_PIXELS) * metresPerPixel;
      for (const end of ['start', 'end'] as const) {
        if (near(profile[end].position, POINT_PIXELS.end)) {
          set({ popup: { kind: 'point', end, name: profile[end].name, position: profile[end].position, heightMetres: profile[end].heightMetres } });
          return;
        }
      }
      const site = profile.campsites.find((candidate) => near(candidate.position, POINT_PIXELS.campsite));
      if (site) {
        set({ popup: { kind: 'campsite', name: site.name, distanceMetres: site.distanceMetres, offTrailMetres: site.offTrailMetres } });
        return;
      }
      const post = profile.distancePosts.find((candidate) => near(candidate.position, POINT_PIXELS.post));
      if (post) {
        set({ popup: { kind: 'post', code: post.code, distanceMetres: post.distanceMetres, position: post.position } });
        return;
      }
      let nearest = 0;
      let nearestMetres = Infinity;
      profile.samples.forEach((sample, index) => {
        const metres = roughMetres([sample[1], sample[2]], clicked);
        if (metres < nearestMetres) {
          nearestMetres = metres;
          nearest = index;
        }
      });
      // Samples are 25 m apart: a click up to half a step beyond the tolerance still lies on the line between two.
      if (nearestMetres > TRACK_TOLERANCE_PIXELS * metresPerPixel + profile.stepMetres / 2) {
        set({ popup: null });
        return;
      }
      const step = Math.min(nearest, profile.steepness.length - 1);
      set({ popup: { kind: 'segment', segment: segmentOfStep(profile.samples, profile.steepness, profile.slopeDegrees, step) }, cursor: nearest });
      drawMarker(nearest);
    },
    startAnimation() {
      const profile = profileData();
      if (!profile || store.getState().animation.state !== 'off') return;
      set({ popup: null });
      setAnimation('start', { distanceMetres: 0 });
      ctx.map.setView(flightCamera(profile.samples, 0), { durationSeconds: ANIMATION_LOADING_SECONDS });
      loadingTimer = setTimeout(() => {
        loadingTimer = null;
        setAnimation('loaded');
      }, ANIMATION_LOADING_SECONDS * 1000);
    },
    animate(event) {
      const before = store.getState().animation.state;
      if (event === 'exit') {
        endAnimation();
        return;
      }
      const after = nextAnimationState(before, event);
      if (after === before) return;
      if (event === 'play') {
        if (loadingTimer !== null) clearTimeout(loadingTimer);
        loadingTimer = null;
        const restart = before === 'stopped' || before === 'finished';
        setAnimation('play', restart ? { distanceMetres: 0 } : {});
        // "Play now" during the loading flight: the camera is placed at once, which ends that flight.
        const profile = profileData();
        if (before === 'loading' && profile) ctx.map.setView(flightCamera(profile.samples, store.getState().animation.distanceMetres));
        fly();
      } else if (event === 'pause') {
        stopFlight();
        setAnimation('pause');
      } else if (event === 'stop') {
        stopFlight();
        setAnimation('stop', { distanceMetres: 0 });
      }
    },
    togglePlay() {
      controller.animate(store.getState().animation.state === 'playing' ? 'pause' : 'play');
    },
    setSpeed(speed) {
      set({ animation: { ...store.getState().animation, speed } });
    },
    close() {
      profileRequest += 1;
      endAnimation();
      clearMap();
      set({ selection: null, profile: { status: 'idle', data: null, message: null }, cursor: null, popup: null });
    },
    dispose() {
      controller.close();
      store.dropListeners();
    },
  };
  return controller;
}

/** The profile height at a distance, lifted a little so a point is drawn on the ground, not in it. */
function heightNear(profile: Pick<TrailProfileResponse, 'samples'>, distanceMetres: number): number {
  return pointAt(profile.samples as readonly ProfileSample[], distanceMetres).heightMetres + 3;
}
