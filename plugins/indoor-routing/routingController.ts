/**
 * The station routing drawer's state and what it does (issue 17 point 4; SPEC §4, §8): the places of the open
 * station (GET indoor/places), origin and destination chosen from them or picked on the current floor, the
 * step-free option, the route (GET routing/indoor) drawn in 3D over the indoor map with its floor changes
 * labelled, and the SPEC §8 indoor routing messages.
 *
 * State lives in the store slice `plugins['indoor-routing']`; the pointer mode and the drawing are held here and
 * released by `close()` (the drawer closing) and `dispose()`.
 */
import {
  indoorPlacesResponseSchema,
  indoorRouteResponseSchema,
  type IndoorPlace,
  type IndoorRouteFound,
} from '../../core/contracts/indoorRouting';
import { geodesicDirect, geodesicDistance } from '../../core/contracts/geodesy';
import type { AnalyticsEmitter, HttpClient, I18nService, MapFacade, MessageId } from '../../core/plugin/types';
import { definePluginSlice, type AppStore } from '../../core/store/appStore';
import { createPointerHold } from '../../core/ui/pointerHold';
import { linesBounds } from '../../core/ui/routeGeometry';
import { freeAreaCentreOffset, type MapFreeArea } from '../../core/ui/mapFreeArea';
import type { OpenIndoorMap } from '../indoor/api';
import { floorChanges, routeQuery, type RouteEndpoint, type Which } from './routePlaces';

export const PLUGIN_ID = 'indoor-routing';
/** The drawer id (SPEC §2 "indoor routing"); core emits `indoor-routing::on|off` for it. */
export const DRAWER_ID = 'indoor-routing';
/** The pointer mode that waits for a click on the current floor. */
export const PICK_MODE_ID = 'indoor-routing-pick';

/** The drawer's messages (locales/<lang>/indoor-routing.json); the first three are SPEC §8's wording. */
export const MESSAGES = {
  notPickable: 'indoorRouting.message.notPickable',
  noRoute: 'indoorRouting.message.noRoute',
  unavailable: 'indoorRouting.message.unavailable',
  noPointHere: 'indoorRouting.message.noPointHere',
} as const satisfies Record<string, MessageId>;

export interface RoutingMessage {
  id: MessageId;
  severity: 'info' | 'warning' | 'error';
  /** The endpoint the message is about (not-pickable), so the drawer marks that field. */
  which?: Which;
}

export interface IndoorRoutingState {
  /** The station whose places are listed (the open indoor map's venue when the drawer last opened). */
  venueId: string | null;
  places: { phase: 'idle' | 'loading' | 'ready' | 'failed'; list: IndoorPlace[] };
  from: RouteEndpoint | null;
  to: RouteEndpoint | null;
  /** The endpoint waiting for a click on the map. */
  picking: Which | null;
  stepFree: boolean;
  searching: boolean;
  route: IndoorRouteFound | null;
  message: RoutingMessage | null;
}

const initialState = (): IndoorRoutingState => ({
  venueId: null,
  places: { phase: 'idle', list: [] },
  from: null,
  to: null,
  picking: null,
  stepFree: false,
  searching: false,
  route: null,
  message: null,
});

export const routingSlice = definePluginSlice<IndoorRoutingState>(PLUGIN_ID, initialState());

/** Drawing colours: the route, its start and end, the floor change labels. */
export const ROUTE_COLOURS = { path: '#d4145a', start: '#1b7f3b', end: '#d4145a', label: '#6a0f35' } as const;

/** The route is drawn this far above its floor, metres, so the floor's own polygon does not hide it. */
const PATH_LIFT_METRES = 0.4;
/** The camera on a route: looking down this steeply, degrees, from this many times the route's span, at least 120 m. */
const VIEW_PITCH_DEGREES = -35;
const VIEW_RANGE_PER_SPAN = 2.2;
const MIN_VIEW_RANGE_METRES = 120;
/** The map's width on the ground at the target, per metre of range: 2 · tan(30°) for its 60° field of view. */
const VIEW_WIDTH_PER_RANGE = 2 * Math.tan(Math.PI / 6);

/** Whether the open indoor map can be routed in (SPEC §4: an indoor project ready, and the venue a metro station). */
export function routableVenue(map: OpenIndoorMap | null): OpenIndoorMap | null {
  return map && map.venueType === 'metro-station' ? map : null;
}

export interface RoutingServices {
  store: AppStore;
  http: HttpClient;
  map: Pick<MapFacade, 'takePointer' | 'temporaryGraphics' | 'lookAt' | 'cameraState'>;
  i18n: Pick<I18nService, 'format' | 'language'>;
  analytics: AnalyticsEmitter;
  apiBase: string;
  /** The open indoor map (plugins/indoor/api.ts readOpenIndoorMap), null while none is open and ready. */
  openMap(): OpenIndoorMap | null;
  /** Shows a floor of the open map (plugins/indoor/api.ts showIndoorFloor). */
  showFloor(floorId: string): void;
  /**
   * The part of the map nothing covers and the map's aspect (core/ui/mapFreeArea.ts); the route is shown in that
   * part. Default: the whole map, 3:2.
   */
  freeArea?: () => MapFreeArea;
}

export interface RoutingController {
  readonly store: AppStore;
  state(): IndoorRoutingState;
  /** The drawer opened (or the open map changed while it is open): list the station's places. */
  open(): void;
  /** The drawer closed: give the pointer back and remove the route from the map. */
  close(): void;
  /** Chooses a listed place as origin or destination (null clears it). */
  choosePlace(which: Which, placeId: string | null): void;
  /** Waits for a click on the current floor for `which` (Escape cancels). */
  pickOnMap(which: Which): void;
  cancelPick(): void;
  swap(): void;
  setStepFree(on: boolean): void;
  search(): Promise<void>;
  /** Removes the route, its figures and the chosen places. */
  clear(): void;
  /** Shows a floor the route passes (the indoor map's floor switch). */
  showFloor(floorId: string): void;
  /** The language changed: ask again, so the steps' instructions follow it. */
  languageChanged(): void;
  dismissMessage(): void;
  dispose(): void;
}

export function createRoutingController(services: RoutingServices): RoutingController {
  const { store, http, map, i18n, analytics, apiBase } = services;
  const graphics = map.temporaryGraphics(PLUGIN_ID, { requiresThreeD: true });
  routingSlice.install(store);

  const pointer = createPointerHold(map);
  /** The language the shown route's instructions are in. */
  let routeLanguage = i18n.language();
  /** Bumped by every new request or reset: answers of older requests are dropped. */
  let placesRequest = 0;
  let routeRequest = 0;

  const update = (recipe: (state: IndoorRoutingState) => void) => routingSlice.update(store, recipe);
  const state = () => routingSlice.select(store.getState());

  const stopPicking = pointer.release;

  /** A new origin, destination or option makes the route shown out of date. */
  const dropRoute = (s: IndoorRoutingState) => {
    s.route = null;
    s.message = null;
  };

  async function loadPlaces(venueId: string): Promise<void> {
    const request = ++placesRequest;
    update((s) => void (s.places = { phase: 'loading', list: [] }));
    try {
      const query = new URLSearchParams({ venue: venueId, lang: i18n.language() });
      const answer = await http.json(`${apiBase}indoor/places?${query}`, indoorPlacesResponseSchema);
      if (request !== placesRequest) return;
      update((s) => void (s.places = { phase: 'ready', list: answer.places }));
    } catch {
      if (request !== placesRequest) return;
      update((s) => {
        s.places = { phase: 'failed', list: [] };
        s.message = { id: MESSAGES.unavailable, severity: 'error' };
      });
    }
  }

  function drawRoute(route: IndoorRouteFound, venue: OpenIndoorMap): void {
    graphics.clear();
    const ground = venue.groundHeightMeters;
    const height = (relative: number) => ground + relative + PATH_LIFT_METRES;
    graphics.addPolylines([{ positions: route.path.map(([lon, lat, rel]) => [lon, lat, height(rel)] as const), colour: ROUTE_COLOURS.path, widthPixels: 6 }]);
    const [start, end] = [route.path[0], route.path[route.path.length - 1]];
    graphics.addPoints([
      { longitude: start[0], latitude: start[1], heightMeters: height(start[2]), colour: ROUTE_COLOURS.start, sizePixels: 14 },
      { longitude: end[0], latitude: end[1], heightMeters: height(end[2]), colour: ROUTE_COLOURS.end, sizePixels: 14 },
    ]);
    const language = i18n.language();
    const floorName = (floorId: string) => venue.floors.find((floor) => floor.floorId === floorId)?.name[language] ?? floorId;
    graphics.addLabels([
      { longitude: start[0], latitude: start[1], heightMeters: height(start[2]), text: i18n.format('indoorRouting.map.start'), offsetPixels: { x: 0, y: -20 } },
      { longitude: end[0], latitude: end[1], heightMeters: height(end[2]), text: i18n.format('indoorRouting.map.end'), offsetPixels: { x: 0, y: -20 } },
      ...floorChanges(route).map((change) => ({
        longitude: change.position[0],
        latitude: change.position[1],
        heightMeters: height(change.position[2]),
        text: i18n.format(`indoorRouting.map.floorChange.${change.via}`, { floor: floorName(change.toFloorId) }),
        backgroundColour: ROUTE_COLOURS.label,
        offsetPixels: { x: 0, y: 18 },
      })),
    ]);
    lookAtRoute(route, venue);
  }

  /**
   * Looks at the whole route from the side at the camera's heading, so its floors read as layers, with the route
   * in the part of the map nothing covers: the target moves left of the route (free part right of the centre, the
   * drawer beside the map) and beyond it (free part below the centre, the drawer or search box over the top) by the
   * free part's centre offset times the view's extent at the route (the map's 60° field of view spans its longer
   * side: the width on a desktop, the height on a phone).
   */
  function lookAtRoute(route: IndoorRouteFound, venue: OpenIndoorMap): void {
    const box = linesBounds([route.path]);
    const spanMetres = geodesicDistance({ longitude: box.west, latitude: box.south }, { longitude: box.east, latitude: box.north });
    const rangeMeters = Math.max(MIN_VIEW_RANGE_METRES, spanMetres * VIEW_RANGE_PER_SPAN);
    const headingDegrees = map.cameraState()?.headingDegrees ?? 0;
    const { free, aspect } = services.freeArea?.() ?? { free: null, aspect: 1.5 };
    const offset = freeAreaCentreOffset(free);
    const longerSideMetres = VIEW_WIDTH_PER_RANGE * rangeMeters;
    const viewWidthMetres = longerSideMetres * Math.min(1, aspect);
    const viewHeightMetres = longerSideMetres * Math.min(1, 1 / aspect);
    const centre = { longitude: (box.west + box.east) / 2, latitude: (box.south + box.north) / 2 };
    const besideDrawer = geodesicDirect(centre, headingDegrees - 90, offset.right * viewWidthMetres);
    // Ground beyond the target is foreshortened on screen by the sine of the pitch.
    const shifted = geodesicDirect(besideDrawer, headingDegrees, (offset.down * viewHeightMetres) / Math.sin(-VIEW_PITCH_DEGREES * (Math.PI / 180)));
    const heights = route.path.map((position) => position[2]);
    const middleHeight = venue.groundHeightMeters + (Math.min(...heights) + Math.max(...heights)) / 2;
    map.lookAt(
      { longitude: shifted.longitude, latitude: shifted.latitude, heightMeters: middleHeight },
      { rangeMeters, headingDegrees, pitchDegrees: VIEW_PITCH_DEGREES },
      { durationSeconds: 1 },
    );
  }

  async function search(): Promise<void> {
    const venue = routableVenue(services.openMap());
    const { from, to, stepFree } = state();
    if (!venue || !from || !to) return;
    stopPicking();
    const request = ++routeRequest;
    update((s) => {
      s.searching = true;
      s.picking = null;
      dropRoute(s);
    });
    graphics.clear();
    routeLanguage = i18n.language();
    const outcome = (param: string) => analytics.emit({ name: `${DRAWER_ID}::search`, id: venue.venueId, param, content: stepFree ? 'step-free' : 'any' });
    try {
      const answer = await http.json(
        `${apiBase}routing/indoor?${routeQuery({ venueId: venue.venueId, from, to, stepFree, language: i18n.language() })}`,
        indoorRouteResponseSchema,
      );
      if (request !== routeRequest) return;
      if (answer.found) {
        update((s) => {
          s.searching = false;
          s.route = answer;
        });
        drawRoute(answer, venue);
        outcome('found');
        return;
      }
      update((s) => {
        s.searching = false;
        s.message =
          answer.reason === 'not-pickable'
            ? { id: MESSAGES.notPickable, severity: 'warning', which: answer.which }
            : { id: MESSAGES.noRoute, severity: 'warning' };
      });
      outcome(answer.reason);
    } catch {
      if (request !== routeRequest) return;
      update((s) => {
        s.searching = false;
        s.message = { id: MESSAGES.unavailable, severity: 'error' };
      });
      outcome('unavailable');
    }
  }

  return {
    store,
    state,
    open() {
      const venue = routableVenue(services.openMap());
      if (!venue) return;
      const current = state();
      if (current.venueId === venue.venueId && current.places.phase !== 'failed' && current.places.phase !== 'idle') return;
      if (current.venueId !== venue.venueId) {
        routeRequest += 1;
        graphics.clear();
        update((s) => Object.assign(s, { ...initialState(), stepFree: s.stepFree, venueId: venue.venueId }));
      } else update((s) => void (s.message = null));
      void loadPlaces(venue.venueId);
    },
    close() {
      stopPicking();
      routeRequest += 1;
      graphics.clear();
      update((s) => {
        s.picking = null;
        s.searching = false;
        // Reopened, the drawer asks again and draws it afresh; a route it no longer draws is not shown as found.
        s.route = null;
      });
    },
    choosePlace(which, placeId) {
      stopPicking();
      update((s) => {
        s[which] = placeId ? { kind: 'place', placeId } : null;
        s.picking = null;
        dropRoute(s);
      });
      graphics.clear();
    },
    pickOnMap(which) {
      stopPicking();
      update((s) => {
        s.picking = which;
        s.message = null;
      });
      analytics.emit({ name: `${DRAWER_ID}::pick`, id: DRAWER_ID, param: which });
      pointer.take({
        id: PICK_MODE_ID,
        cursor: 'crosshair',
        // The point goes where the user clicks, even onto a room or a station label: no popup opens meanwhile.
        ownsClicks: true,
        onPick(result) {
          const venue = routableVenue(services.openMap());
          if (!venue) return;
          if (!result.position) {
            update((s) => void (s.message = { id: MESSAGES.noPointHere, severity: 'info', which }));
            return;
          }
          const { longitude, latitude } = result.position;
          stopPicking();
          update((s) => {
            s[which] = { kind: 'point', longitude, latitude, floorId: venue.currentFloorId };
            s.picking = null;
            dropRoute(s);
          });
          graphics.clear();
        },
        onEnd() {
          update((s) => void (s.picking = null));
        },
      });
    },
    cancelPick() {
      stopPicking();
      update((s) => void (s.picking = null));
    },
    swap() {
      stopPicking();
      update((s) => {
        [s.from, s.to] = [s.to, s.from];
        s.picking = null;
        dropRoute(s);
      });
      graphics.clear();
    },
    setStepFree(on) {
      update((s) => {
        s.stepFree = on;
        dropRoute(s);
      });
      graphics.clear();
    },
    search,
    clear() {
      stopPicking();
      routeRequest += 1;
      graphics.clear();
      update((s) => {
        s.from = null;
        s.to = null;
        s.picking = null;
        s.searching = false;
        dropRoute(s);
      });
    },
    showFloor(floorId) {
      services.showFloor(floorId);
      analytics.emit({ name: `${DRAWER_ID}::floor`, id: floorId });
    },
    languageChanged() {
      if (state().route && i18n.language() !== routeLanguage) void search();
    },
    dismissMessage() {
      update((s) => void (s.message = null));
    },
    dispose() {
      this.close();
    },
  };
}
