/**
 * Streetscape 360's state and its map side (no DOM, no viewer library): the panorama index, the panorama points
 * on the map while the tool is on, the map click that opens the nearest panorama, stepping along a street, the
 * position and view cone beside the viewer, the map heading turning the panorama, and going back to the map view
 * as it was. The viewer (components/PanoramaViewer.tsx) shows `state().open` and reports where it looks.
 */
import { azimuthToYawDegrees, normaliseDegrees } from '../../core/contracts/equirectangular';
import type { LonLat } from '../../core/contracts/geodesy';
import type { PanoramaIndex, PanoramaSummary } from '../../core/contracts/panoramas';
import type { AnalyticsEmitter, CameraState, Disposer, MapFacade } from '../../core/plugin/types';
import { fitIntoFreeArea, type MapFreeArea } from '../../core/ui/mapFreeArea';
import { createMapHeadingFollower } from './headingSync';
import { nearestPanorama } from './panoramas';
import { horizontalFieldOfView, VIEW_CONE_METRES, viewConeRing } from './viewCone';

/** The tool's id, its pointer mode's id and its temporary graphics' owner prefix. */
export const STREETSCAPE_TOOL = 'streetscape';
/** The drawer the viewer lives in; the tool's switch is this drawer's (one switch, one state). */
export const STREETSCAPE_DRAWER = 'streetscape';
/** Seconds of the camera's flights over a panorama and back. */
const FLIGHT_SECONDS = 0.8;
/** The cone is redrawn at most this often while the view turns, ms (each redraw builds ground primitives). */
const CONE_REDRAW_MS = 100;
/** The viewer's vertical field of view before it reports one (Photo Sphere Viewer's default zoom), degrees. */
const DEFAULT_VERTICAL_FOV_DEGREES = 60;

const POINT_COLOUR = '#f28c28';
const POSITION_COLOUR = '#c2255c';
const CONE_FILL = 'rgba(194, 37, 92, 0.32)';

/** Where a panorama was opened from (analytics `source`). */
export type OpenSource = 'map' | 'centre' | 'list' | 'step' | 'link';

export interface StreetscapeState {
  /** The tool is on (its drawer shown). */
  active: boolean;
  index: { status: 'idle' | 'loading' | 'ready' | 'failed'; data: PanoramaIndex | null };
  /** The panorama in the viewer, null while the map alone is shown. */
  open: PanoramaSummary | null;
  /** The street view boost level (SPEC §4): index into the open panorama's images, smallest first. */
  boostLevel: number;
  /** Where the viewer looks: compass azimuth and elevation, degrees. */
  azimuthDegrees: number;
  elevationDegrees: number;
  /** The viewer's horizontal field of view, degrees. */
  fieldOfViewDegrees: number;
}

/** What the viewer offers the controller: turning it (the map heading's turns). */
export interface ViewerPort {
  turnBy(degrees: number): void;
}

export interface StreetscapeControllerDeps {
  map: MapFacade;
  analytics: AnalyticsEmitter;
  loadIndex(): Promise<PanoramaIndex>;
  /** Shows SPEC §8's 'cannot be started at this moment, please retry later'. */
  notifyUnavailable(): void;
  /** Opens the drawer the viewer lives in. */
  showPanel(): void;
  /** Switches the tool off (Escape on the map ended its pointer mode). */
  switchOff(): void;
  /** The map's uncovered part, measured after the panel has been laid out (core/ui/mapFreeArea.ts). */
  freeArea(): Promise<MapFreeArea>;
}

export interface StreetscapeController {
  state(): StreetscapeState;
  subscribe(listener: (state: StreetscapeState) => void): Disposer;
  /** The tool on (index, points, map clicks) or off (viewer closed, map view back, points gone). */
  setActive(on: boolean): void;
  /** Reads the index again (after a failure). */
  reload(): Promise<void>;
  /** Opens the panorama `id`; SPEC §8's message when it is unknown or the index cannot be read. */
  open(id: string, source: OpenSource): Promise<void>;
  /** Opens the panorama nearest a place within PANORAMA_NEAR_METRES, or says none can be started. */
  openNear(place: LonLat, source: OpenSource): Promise<void>;
  /** The keyboard's way in: the panorama nearest the ground at the middle of the map. */
  openAtMapCentre(): Promise<void>;
  /** The next or previous panorama along the street; false at an end. */
  step(direction: 'next' | 'previous'): Promise<boolean>;
  /** Closes the viewer and puts the map view back as it was before the first panorama opened. */
  close(): void;
  setBoostLevel(level: number): void;
  /** The viewer reports where it looks: yaw relative to the open panorama's middle column, pitch, vertical fov. */
  viewChanged(view: { yawDegrees: number; pitchDegrees: number; verticalFovDegrees: number; aspect: number }): void;
  /** The viewer could not load the open panorama's image. */
  imageFailed(panoramaId: string): void;
  attachViewer(port: ViewerPort): Disposer;
  /** The azimuth and ring of the cone drawn last (the browser test's check that the map followed), null when none. */
  drawnCone(): { azimuthDegrees: number; ring: Array<[number, number]> } | null;
  dispose(): void;
}

export function createStreetscapeController(deps: StreetscapeControllerDeps): StreetscapeController {
  const { map } = deps;
  const listeners = new Set<(state: StreetscapeState) => void>();
  let state: StreetscapeState = {
    active: false,
    index: { status: 'idle', data: null },
    open: null,
    boostLevel: 0,
    azimuthDegrees: 0,
    elevationDegrees: 0,
    fieldOfViewDegrees: horizontalFieldOfView(DEFAULT_VERTICAL_FOV_DEGREES, 1.5),
  };
  const set = (patch: Partial<StreetscapeState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  };

  const points = map.temporaryGraphics(`${STREETSCAPE_TOOL}-panoramas`);
  const view = map.temporaryGraphics(`${STREETSCAPE_TOOL}-view`);
  let releasePointer: Disposer | null = null;
  let stopFollowingMap: Disposer | null = null;
  let viewer: ViewerPort | null = null;
  let viewBefore: CameraState | null = null;
  let cone: { azimuthDegrees: number; ring: Array<[number, number]> } | null = null;
  let coneTimer: ReturnType<typeof setTimeout> | undefined;
  let indexLoad: Promise<PanoramaIndex | null> | null = null;
  const follower = createMapHeadingFollower();

  const loadIndex = (): Promise<PanoramaIndex | null> => {
    if (state.index.status === 'ready') return Promise.resolve(state.index.data);
    if (indexLoad) return indexLoad;
    set({ index: { status: 'loading', data: null } });
    indexLoad = deps.loadIndex().then(
      (data) => {
        indexLoad = null;
        set({ index: { status: 'ready', data } });
        if (state.active) drawPoints();
        return data;
      },
      (error: unknown) => {
        indexLoad = null;
        console.error('streetscape: the panorama index could not be read', error);
        set({ index: { status: 'failed', data: null } });
        return null;
      },
    );
    return indexLoad;
  };

  const drawPoints = () => {
    points.clear();
    const panoramas = state.index.data?.panoramas ?? [];
    if (panoramas.length === 0) return;
    points.addPoints(
      panoramas.map((panorama) => ({
        longitude: panorama.longitude,
        latitude: panorama.latitude,
        heightMeters: panorama.heightMeters,
        colour: POINT_COLOUR,
        sizePixels: 8,
      })),
    );
  };

  const drawCone = () => {
    coneTimer = undefined;
    view.clear();
    const panorama = state.open;
    if (!panorama) {
      cone = null;
      return;
    }
    const ring = viewConeRing(panorama, state.azimuthDegrees, state.fieldOfViewDegrees, VIEW_CONE_METRES);
    view.addGroundPolygons([{ positions: ring, fillColour: CONE_FILL, outlineColour: POSITION_COLOUR }]);
    view.addPoints([
      { longitude: panorama.longitude, latitude: panorama.latitude, heightMeters: panorama.heightMeters, colour: POSITION_COLOUR, sizePixels: 14 },
    ]);
    cone = { azimuthDegrees: state.azimuthDegrees, ring };
    map.requestRender();
  };
  const scheduleCone = () => {
    if (coneTimer === undefined) coneTimer = setTimeout(drawCone, CONE_REDRAW_MS);
  };

  const unavailable = () => deps.notifyUnavailable();

  /** Puts the camera over the panorama, in the part of the map the panel leaves free. */
  const flyOver = async (panorama: PanoramaSummary) => {
    // A share link opens its panorama before the map exists.
    await map.whenReady();
    const area = await deps.freeArea();
    if (state.open?.id !== panorama.id) return;
    const reach = (VIEW_CONE_METRES * 1.5) / 111_320;
    const cosLat = Math.cos((panorama.latitude * Math.PI) / 180);
    const box = {
      west: panorama.longitude - reach / cosLat,
      east: panorama.longitude + reach / cosLat,
      south: panorama.latitude - reach,
      north: panorama.latitude + reach,
    };
    follower.ownMoveStarted(FLIGHT_SECONDS * 1000);
    map.flyToBounds(fitIntoFreeArea(box, area), { durationSeconds: FLIGHT_SECONDS, paddingRatio: 0 });
  };

  const followMapHeading = () => {
    if (stopFollowingMap) return;
    follower.reset();
    stopFollowingMap = map.onCameraChanged((camera, change) => {
      const turn = follower.cameraChanged(camera.headingDegrees, change.moveEnded);
      if (turn !== null && state.open) viewer?.turnBy(turn);
    });
  };

  const show = async (panorama: PanoramaSummary, source: OpenSource) => {
    const before = state.open;
    if (!before) viewBefore = map.cameraState();
    // A step keeps the direction the user looks in; a fresh panorama looks along its heading (along the street).
    const azimuthDegrees = before ? state.azimuthDegrees : panorama.headingDegrees;
    set({ open: panorama, azimuthDegrees, elevationDegrees: before ? state.elevationDegrees : 0 });
    deps.showPanel();
    deps.analytics.emit({ name: `${STREETSCAPE_TOOL}::open`, id: panorama.id, source });
    drawCone();
    followMapHeading();
    await flyOver(panorama);
  };

  const controller: StreetscapeController = {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setActive(on) {
      if (on === state.active) return;
      if (!on) {
        controller.close();
        releasePointer?.();
        releasePointer = null;
        points.clear();
        set({ active: false });
        return;
      }
      set({ active: true });
      releasePointer = map.takePointer({
        id: STREETSCAPE_TOOL,
        cursor: 'crosshair',
        ownsClicks: true,
        onPick: (result) => {
          if (!result.position) return;
          void controller.openNear(result.position, 'map');
        },
        // Escape on the map ends the tool; the viewer's own Escape closes only the panorama (it stops the key).
        onEnd: () => {
          releasePointer = null;
          deps.switchOff();
        },
      });
      void loadIndex().then((data) => {
        if (!data && state.active) unavailable();
        else if (state.active) drawPoints();
      });
    },
    async reload() {
      if (state.index.status === 'failed') set({ index: { status: 'idle', data: null } });
      const data = await loadIndex();
      if (!data) unavailable();
    },
    async open(id, source) {
      const data = await loadIndex();
      const panorama = data?.panoramas.find((candidate) => candidate.id === id);
      if (!panorama) {
        unavailable();
        return;
      }
      await show(panorama, source);
    },
    async openNear(place, source) {
      const data = await loadIndex();
      const near = data ? nearestPanorama(data.panoramas, place) : null;
      if (!near) {
        unavailable();
        return;
      }
      await show(near.panorama, source);
    },
    async openAtMapCentre() {
      const picked = await map.pick('centre');
      if (!picked?.position) {
        unavailable();
        return;
      }
      await controller.openNear(picked.position, 'centre');
    },
    async step(direction) {
      const id = direction === 'next' ? state.open?.nextId : state.open?.previousId;
      if (!id) return false;
      await controller.open(id, 'step');
      return true;
    },
    close() {
      if (!state.open) return;
      clearTimeout(coneTimer);
      coneTimer = undefined;
      stopFollowingMap?.();
      stopFollowingMap = null;
      set({ open: null });
      drawCone();
      if (viewBefore) {
        follower.ownMoveStarted(FLIGHT_SECONDS * 1000);
        map.setView(viewBefore, { durationSeconds: FLIGHT_SECONDS });
      }
      viewBefore = null;
    },
    setBoostLevel(level) {
      if (Number.isInteger(level) && level >= 0 && level !== state.boostLevel) set({ boostLevel: level });
    },
    viewChanged({ yawDegrees, pitchDegrees, verticalFovDegrees, aspect }) {
      const panorama = state.open;
      if (!panorama) return;
      const azimuthDegrees = normaliseDegrees(panorama.headingDegrees + yawDegrees);
      const fieldOfViewDegrees = horizontalFieldOfView(verticalFovDegrees, aspect);
      const turned = Math.abs(azimuthToYawDegrees(azimuthDegrees, state.azimuthDegrees)) > 0.05;
      const zoomed = Math.abs(fieldOfViewDegrees - state.fieldOfViewDegrees) > 0.05;
      if (!turned && !zoomed && Math.abs(pitchDegrees - state.elevationDegrees) < 0.05) return;
      set({ azimuthDegrees, elevationDegrees: pitchDegrees, fieldOfViewDegrees });
      if (turned || zoomed) scheduleCone();
    },
    imageFailed(panoramaId) {
      if (state.open?.id !== panoramaId) return;
      unavailable();
      controller.close();
    },
    attachViewer(port) {
      viewer = port;
      return () => {
        if (viewer === port) viewer = null;
      };
    },
    drawnCone: () => cone,
    dispose() {
      controller.setActive(false);
      clearTimeout(coneTimer);
      view.clear();
      points.clear();
      listeners.clear();
    },
  };
  return controller;
}
