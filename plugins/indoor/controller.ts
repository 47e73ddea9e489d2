/**
 * The indoor view (SPEC §1, §4; issue 17): follows the store mode `indoor` (on: the indoor overlay shown, the
 * venues read, the pointer taken for venue picking and indoor identify; off: everything closed), opens a venue's
 * 3D indoor map (ground height sampled, camera flown there, ground made see-through around it, floors drawn),
 * switches floors and how they are shown, identifies areas, downloads the venue's data, and says the SPEC §8
 * messages where their cases happen. State lives in the store slice `plugins.indoor` (state.ts); no Cesium here
 * (the scene is injected: indoorScene.ts, loaded lazily).
 */
import type { AnalyticsEmitter, Disposer, Language, MapFacade, MapPickResult } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';
import { readOpenIndoorMap } from './api';
import type { IndoorScene, IndoorSceneView } from './indoorScene';
import { indoorSlice, type IndoorState } from './state';
import { areaAt, firstFloorId, metresBetween, pointOnFloor, readIndoorVenues, venueAt, venueBounds, type IndoorArea, type IndoorFeeds, type IndoorVenue, type LonLat } from './venues';

/** The overlay of the overview (manifests/overlays/indoor.json, SPEC §3 layer id `indoor`). */
export const INDOOR_OVERLAY_ID = 'indoor';
export const INDOOR_POINTER_MODE = 'indoor';
/** How see-through the ground is around an open indoor map (0 invisible – 1 opaque). */
export const GROUND_ALPHA_NEAR_VENUE = 0.35;
/** The see-through ground reaches this far beyond the venue's floors, metres. */
const GROUND_MARGIN_METERS = 80;
/** Screen pixels around a station point that still pick it (SPEC §9's indoor cluster range). */
const PICK_PIXELS = 25;
const FLIGHT_SECONDS = 2;

/** SPEC §8 indoor messages: their ids in locales/<lang>/indoor.json. */
export const INDOOR_MESSAGES = {
  selectVenue: 'indoor.message.selectVenue',
  identifyWithin: 'indoor.message.identifyWithin',
  noFloorPlan: 'indoor.message.noFloorPlan',
  notFound: 'indoor.message.notFound',
  unavailable: 'indoor.message.unavailable',
  downloadDone: 'indoor.message.downloadDone',
  downloadFailed: 'indoor.message.downloadFailed',
  downloadMissing: 'indoor.message.downloadMissing',
} as const;

export type DownloadFormat = 'GEOJSON' | 'SHP';

export interface IndoorServices {
  store: AppStore;
  map: Pick<MapFacade, 'sampleHeights' | 'lookAt' | 'holdGroundTranslucency' | 'temporaryGraphics' | 'takePointer' | 'cameraState' | 'container'>;
  analytics: AnalyticsEmitter;
  /** Reads the three indoor feeds (the overview: every station's plan, each building's ground floor); rejects when one fails. */
  loadFeeds(): Promise<IndoorFeeds>;
  /** Reads one venue's whole plan (the floor and wall feeds with `?venue=`); rejects when one fails. */
  loadVenuePlan(venueId: string): Promise<Pick<IndoorFeeds, 'polygons' | 'walls'>>;
  /** Loads the Cesium scene (lazily); null when the map has no viewer. */
  loadScene(): Promise<IndoorScene | null>;
  /** Draws the overview's highlighted venues and walls (lazily, Cesium); resolves with its eraser. */
  drawOverview(venues: readonly IndoorVenue[]): Promise<Disposer>;
  /** Shows a SPEC §8 message (by id) as a notice. */
  notify(messageId: string, severity: 'info' | 'warning' | 'error'): void;
  /** The label of an area kind in the page language. */
  areaLabel(area: IndoorArea, language: Language): string;
  /** GETs a download; resolves with the response (never throws for an HTTP status). */
  fetchDownload(venueId: string, format: DownloadFormat): Promise<Response>;
  /** Hands a file to the browser. */
  saveFile(blob: Blob, fileName: string): void;
}

export interface IndoorController {
  readonly store: AppStore;
  state(): IndoorState;
  /** The venues once read (null before, or after the feeds failed): the overview's, a building with its ground floor only. */
  venues(): readonly IndoorVenue[] | null;
  /** A venue with its whole plan once it has been opened, else as the overview has it. */
  venue(venueId: string): IndoorVenue | null;
  subscribeVenues(listener: () => void): Disposer;
  /** Opens a venue's 3D indoor map (turning the indoor view on); `source` names where it was chosen (analytics). */
  open(venueId: string, source: 'map' | 'list' | 'link'): Promise<void>;
  /** Back to the overview. */
  close(): void;
  setOtherFloors(mode: 'faint' | 'hidden'): void;
  setWallView(on: boolean): void;
  /** A click while the indoor view is on (the pointer mode's onPick). */
  handlePick(pick: MapPickResult): Promise<void>;
  download(format: DownloadFormat): Promise<void>;
  dispose(): void;
}

export function createIndoorController(services: IndoorServices): IndoorController {
  const { store, map } = services;
  indoorSlice.install(store);
  const slice = () => indoorSlice.select(store.getState());
  const set = (recipe: (draft: IndoorState) => void) => indoorSlice.update(store, (draft) => recipe(draft as IndoorState));

  let venues: IndoorVenue[] | null = null;
  let venuesLoading: Promise<IndoorVenue[] | null> | null = null;
  /** Whole plans of the building venues opened so far, by id (the overview list keeps their ground floors). */
  const plans = new Map<string, IndoorVenue>();
  const venueOf = (venueId: string) => plans.get(venueId) ?? venues?.find((entry) => entry.venueId === venueId) ?? null;
  const venueListeners = new Set<() => void>();
  let scene: IndoorScene | null = null;
  let releaseGround: Disposer | null = null;
  let releasePointer: Disposer | null = null;
  let eraseOverview: Disposer | null = null;
  let overviewDrawing = 0;
  let overviewShown = false;
  let opening = 0;
  const highlight = () => map.temporaryGraphics('indoor-venue');

  const readVenues = (): Promise<IndoorVenue[] | null> => {
    if (venues) return Promise.resolve(venues);
    venuesLoading ??= services
      .loadFeeds()
      .then((feeds) => {
        venues = readIndoorVenues(feeds);
        return venues;
      })
      .catch(() => null)
      .finally(() => {
        venuesLoading = null;
        venueListeners.forEach((listener) => listener());
      });
    return venuesLoading;
  };

  const undraw = () => {
    scene?.clear();
    scene = null;
    releaseGround?.();
    releaseGround = null;
    highlight().clear();
  };

  const redraw = () => {
    const state = slice();
    const open = readOpenIndoorMap(store.getState());
    const venue = open ? venueOf(open.venueId) : null;
    if (!open || !venue || !scene) return;
    const language = store.getState().language;
    const view: IndoorSceneView = {
      venue,
      groundHeightMeters: open.groundHeightMeters,
      currentFloorId: open.currentFloorId,
      otherFloors: state.otherFloors,
      wallView: state.wallView,
      language,
      areaLabel: (area) => services.areaLabel(area, language),
    };
    scene.draw(view);
  };

  const fail = (messageId: string, venueId: string | null) => {
    undraw();
    set((draft) => {
      draft.status = 'failed';
      draft.venueId = venueId;
      draft.map = null;
      draft.failure = messageId;
      draft.identified = null;
    });
    services.notify(messageId, messageId === INDOOR_MESSAGES.unavailable ? 'error' : 'warning');
  };

  const close = () => {
    opening += 1;
    undraw();
    set((draft) => {
      draft.status = 'closed';
      draft.venueId = null;
      draft.map = null;
      draft.failure = null;
      draft.identified = null;
    });
  };

  /**
   * The venue with every floor. The overview carries every station's whole plan but only each building's ground
   * floor (server/routes/indoor.ts), so a building's plan is read once with `?venue=` and kept; null when that fails.
   */
  const wholePlanOf = async (listed: IndoorVenue): Promise<IndoorVenue | null> => {
    if (listed.venueType !== 'building') return listed;
    const known = plans.get(listed.venueId);
    if (known) return known;
    try {
      const plan = await services.loadVenuePlan(listed.venueId);
      const read = readIndoorVenues({ stations: null, polygons: plan.polygons, walls: plan.walls }).find((entry) => entry.venueId === listed.venueId);
      if (!read) return null;
      const whole: IndoorVenue = { ...listed, floors: read.floors, areas: read.areas, walls: read.walls, sample: listed.sample || read.sample };
      plans.set(listed.venueId, whole);
      return whole;
    } catch {
      return null;
    }
  };

  const open = async (venueId: string, source: 'map' | 'list' | 'link') => {
    const attempt = ++opening;
    if (!store.getState().indoor) store.getState().setMode('indoor', true);
    // SPEC §4: selecting an indoor project resets measure mode.
    if (store.getState().measureMode !== null) store.getState().setMeasureMode(null);
    undraw();
    set((draft) => {
      draft.status = 'loading';
      draft.venueId = venueId;
      draft.map = null;
      draft.failure = null;
      draft.identified = null;
    });
    const list = await readVenues();
    if (attempt !== opening) return;
    if (!list) return fail(INDOOR_MESSAGES.unavailable, venueId);
    const listed = list.find((entry) => entry.venueId === venueId);
    if (!listed) return fail(INDOOR_MESSAGES.notFound, venueId);
    const venue = await wholePlanOf(listed);
    if (attempt !== opening) return;
    if (!venue) return fail(INDOOR_MESSAGES.unavailable, venueId);
    if (venue.floors.length === 0 || venue.areas.length === 0) return fail(INDOOR_MESSAGES.noFloorPlan, venueId);
    const [heights, loadedScene] = await Promise.all([map.sampleHeights([venue.position]), services.loadScene().catch(() => null)]);
    if (attempt !== opening) {
      loadedScene?.clear();
      return;
    }
    const groundHeightMeters = heights[0] ?? 0;
    scene = loadedScene;
    releaseGround = map.holdGroundTranslucency({ alpha: GROUND_ALPHA_NEAR_VENUE, bounds: venueBounds(venue, GROUND_MARGIN_METERS) });
    // Outlined on the ground: a station's top floor, a building's ground floor (its other floors repeat the footprint).
    const outlinedFloorId = venue.venueType === 'building' ? firstFloorId(venue.floors) : venue.floors[0].floorId;
    highlight().addGroundPolylines(
      venue.areas
        .filter((area) => area.floorId === outlinedFloorId)
        .map((area) => ({ positions: area.rings[0], colour: '#ffd400', widthPixels: 3, closed: true })),
    );
    set((draft) => {
      draft.status = 'open';
      draft.map = {
        venueId: venue.venueId,
        venueType: venue.venueType,
        name: { ...venue.name },
        floors: venue.floors.map((floor) => ({ ...floor, name: { ...floor.name } })),
        currentFloorId: firstFloorId(venue.floors) as string,
        groundHeightMeters,
      };
    });
    redraw();
    const lowest = Math.min(...venue.areas.map((area) => area.baseHeightMeters));
    const highest = Math.max(...venue.areas.map((area) => area.topHeightMeters));
    const box = venueBounds(venue, 0);
    const spanMeters = metresBetween([box.west, box.south], [box.east, box.north]);
    map.lookAt(
      { longitude: venue.position[0], latitude: venue.position[1], heightMeters: groundHeightMeters + (lowest + highest) / 2 },
      { rangeMeters: Math.max(200, spanMeters * 0.9 + (highest - lowest)), pitchDegrees: -45 },
      { durationSeconds: FLIGHT_SECONDS },
    );
    services.analytics.emit({ name: 'indoor::open', id: venue.venueId, source });
  };

  const pickToleranceMeters = (pick: MapPickResult) => {
    const camera = map.cameraState();
    const heightPx = map.container()?.clientHeight ?? 600;
    if (!camera || !pick.position) return 30;
    const distance = Math.hypot(metresBetween([camera.longitude, camera.latitude], [pick.position.longitude, pick.position.latitude]), camera.heightMeters - pick.position.heightMeters);
    // Cesium's default 60° field of view: the screen's height spans about 1.15 × the distance.
    return Math.max(15, (PICK_PIXELS * distance * 1.15) / heightPx);
  };

  const handlePick = async (pick: MapPickResult) => {
    if (!pick.position) return;
    const point: LonLat = [pick.position.longitude, pick.position.latitude];
    const state = slice();
    const openMap = readOpenIndoorMap(store.getState());
    if (openMap) {
      const venue = venueOf(openMap.venueId);
      // Identify what the user sees: the current floor where the line of sight through the click meets it.
      const floorAreas = venue?.areas.filter((entry) => entry.floorId === openMap.currentFloorId) ?? [];
      const camera = map.cameraState();
      const floorHeight = floorAreas.length ? openMap.groundHeightMeters + Math.max(...floorAreas.map((entry) => entry.topHeightMeters)) : null;
      const aimed =
        floorHeight === null || !venue
          ? null
          : scene
            ? scene.floorPointAt(pick.screen, floorHeight, venue.position)
            : camera
              ? pointOnFloor(camera, pick.position, floorHeight)
              : null;
      const area = venue ? areaAt(venue, openMap.currentFloorId, aimed ?? point) : null;
      if (!area) {
        set((draft) => {
          draft.identified = null;
        });
        services.notify(INDOOR_MESSAGES.identifyWithin, 'info');
        return;
      }
      set((draft) => {
        draft.identified = { areaKey: area.key, floorId: area.floorId, properties: { ...area.properties } };
      });
      services.analytics.emit({ name: 'indoor::identify', id: openMap.venueId, content: area.key });
      return;
    }
    if (state.status === 'loading') return;
    const list = await readVenues();
    if (!list) return;
    const venue = venueAt(list, point, pickToleranceMeters(pick));
    if (venue) await open(venue.venueId, 'map');
    else services.notify(INDOOR_MESSAGES.selectVenue, 'info');
  };

  // The overview (highlighted venues and walls) is drawn while the indoor view is on and the `indoor` overlay shown,
  // so turning the overlay off in the layers drawer hides all of it, not only the overlay's station points.
  const followOverview = (wanted: boolean) => {
    if (wanted === overviewShown) return;
    overviewShown = wanted;
    const drawing = ++overviewDrawing;
    eraseOverview?.();
    eraseOverview = null;
    if (!wanted) return;
    void readVenues().then(async (list) => {
      if (!list || drawing !== overviewDrawing) return;
      const erase = await services.drawOverview(list).catch(() => null);
      if (drawing === overviewDrawing) eraseOverview = erase;
      else erase?.();
    });
  };

  // The indoor view follows the store mode: overlay, venues and pointer while on; all closed when off.
  const followMode = (on: boolean) => {
    if (on && !releasePointer) {
      releasePointer = map.takePointer({ id: INDOOR_POINTER_MODE, endOnEscape: false, onPick: (pick) => void handlePick(pick) });
      if (!store.getState().overlays[INDOOR_OVERLAY_ID]?.shown) store.getState().setOverlayShown(INDOOR_OVERLAY_ID, true);
    } else if (!on && releasePointer) {
      releasePointer();
      releasePointer = null;
      if (slice().status !== 'closed') close();
      if (store.getState().overlays[INDOOR_OVERLAY_ID]?.shown) store.getState().setOverlayShown(INDOOR_OVERLAY_ID, false);
    }
  };
  let last = { indoor: false, map: null as unknown, otherFloors: slice().otherFloors, wallView: slice().wallView, language: store.getState().language };
  const follow = () => {
    const state = store.getState();
    const current = slice();
    if (state.indoor !== last.indoor) followMode(state.indoor);
    followOverview(state.indoor && store.getState().overlays[INDOOR_OVERLAY_ID]?.shown === true);
    if (current.map !== last.map || current.otherFloors !== last.otherFloors || current.wallView !== last.wallView || state.language !== last.language) {
      last = { indoor: state.indoor, map: current.map, otherFloors: current.otherFloors, wallView: current.wallView, language: state.language };
      redraw();
    }
    last.indoor = state.indoor;
  };
  follow();
  const stopFollowing = store.subscribe(follow);

  return {
    store,
    state: slice,
    venues: () => venues,
    venue: venueOf,
    subscribeVenues(listener) {
      venueListeners.add(listener);
      return () => venueListeners.delete(listener);
    },
    open,
    close,
    setOtherFloors(mode) {
      set((draft) => {
        draft.otherFloors = mode;
      });
    },
    setWallView(on) {
      set((draft) => {
        draft.wallView = on;
      });
      services.analytics.emit({ name: `indoor-wall-view::${on ? 'on' : 'off'}` });
    },
    handlePick,
    async download(format) {
      const openMap = readOpenIndoorMap(store.getState());
      if (!openMap) return services.notify(INDOOR_MESSAGES.downloadMissing, 'warning');
      try {
        const response = await services.fetchDownload(openMap.venueId, format);
        if (response.status === 404) return services.notify(INDOOR_MESSAGES.downloadMissing, 'warning');
        if (!response.ok) return services.notify(INDOOR_MESSAGES.downloadFailed, 'error');
        services.saveFile(await response.blob(), `${openMap.venueId}.${format === 'GEOJSON' ? 'geojson' : 'zip'}`);
        services.notify(INDOOR_MESSAGES.downloadDone, 'info');
        services.analytics.emit({ name: 'indoor::download', id: openMap.venueId, format });
      } catch {
        services.notify(INDOOR_MESSAGES.downloadFailed, 'error');
      }
    },
    dispose() {
      stopFollowing();
      opening += 1;
      undraw();
      releasePointer?.();
      releasePointer = null;
      followOverview(false);
      venueListeners.clear();
    },
  };
}

