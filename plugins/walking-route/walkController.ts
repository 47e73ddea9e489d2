/**
 * The walking route drawer's state and what it does (issue 17 point 5; SPEC §1 walking route search, §4 "Route
 * search: choose origin and destination on the map or by text, then search", §5, §8): an origin and a destination
 * each chosen from the place search, by a click on the map or as the map's centre; the walk between them from
 * GET /mapviewer/api/routing/walk (core/contracts/walking.ts) drawn on the ground with its start and end, the
 * camera fitted to it; and bookmarks of routes kept in the browser (./bookmarks.ts).
 *
 * State lives in the store slice `plugins['walking-route']`; the pointer mode and the drawing are held here and
 * released by `close()` (the drawer closing) and `dispose()`.
 */
import { walkingRouteResponseSchema, type WalkingRouteFound } from '../../core/contracts/walking';
import type { AnalyticsEmitter, HttpClient, I18nService, MapFacade, SearchResult } from '../../core/plugin/types';
import { definePluginSlice, type AppStore } from '../../core/store/appStore';
import { createPointerHold } from '../../core/ui/pointerHold';
import { dashedLeg, linesBounds } from '../../core/ui/routeGeometry';
import { fitIntoFreeArea, type MapFreeArea } from '../../core/ui/mapFreeArea';
import {
  BOOKMARKS_MAX,
  defaultBookmarkName,
  readBookmarks,
  removeBookmark,
  renameBookmark,
  restoreBookmark,
  writeBookmarks,
  type BookmarkStorage,
  type WalkBookmark,
} from './bookmarks';
import { answerMessage, failureMessage, OUTSIDE_BOUNDARY_MESSAGE, walkUrl, type RouteEnd, type WalkMessage } from './walkQuery';

export const PLUGIN_ID = 'walking-route';
/** The drawer id (SPEC §2 "outdoor routing"); core emits `routing::on|off` for it. */
export const DRAWER_ID = 'routing';
/** The pointer mode that waits for a click choosing the origin or destination. */
export const PICK_MODE_ID = 'walking-route-pick';

/** How a place was chosen. */
export type PlaceSource = 'search' | 'map' | 'centre' | 'bookmark';

export interface WalkPlace {
  /** Shown in the field: the place's name, or its coordinates for a place picked on the map. */
  label: string;
  longitude: number;
  latitude: number;
  source: PlaceSource;
}

export interface WalkState {
  from: WalkPlace | null;
  to: WalkPlace | null;
  /** The end waiting for a click on the map. */
  picking: RouteEnd | null;
  searching: boolean;
  route: WalkingRouteFound | null;
  /** The bookmark the shown route was opened from. */
  openBookmarkId: string | null;
  message: WalkMessage | null;
  bookmarks: WalkBookmark[];
  /** A message about the bookmarks (saved, storage refused, unreadable entries set aside, deleted). */
  bookmarkMessage: WalkMessage | null;
  /** The last deleted bookmark and where it stood, until the next change: "Undo" puts it back. */
  undo: { bookmark: WalkBookmark; index: number } | null;
}

export const walkSlice = definePluginSlice<WalkState>(PLUGIN_ID, {
  from: null,
  to: null,
  picking: null,
  searching: false,
  route: null,
  openBookmarkId: null,
  message: null,
  bookmarks: [],
  bookmarkMessage: null,
  undo: null,
});

/** Route colours: the walk on the network (solid), the access legs (dashed), the start and the end. */
export const ROUTE_COLOURS = { walk: '#00796b', accessLeg: '#00796b', start: '#1b5e20', end: '#b71c1c' } as const;

/** An access leg (the straight part off the mapped paths) is drawn as a dash about every so many metres. */
const ACCESS_LEG_METRES_PER_DASH = 12;
/** Room left around the route when the camera fits it, as a share of its size on every side (for its end labels; the free part of the map is already clear of the panels). */
export const ROUTE_PADDING_RATIO = 0.15;

export interface WalkServices {
  store: AppStore;
  http: HttpClient;
  map: Pick<MapFacade, 'takePointer' | 'pick' | 'temporaryGraphics' | 'flyToBounds'>;
  i18n: Pick<I18nService, 'format' | 'language'>;
  analytics: AnalyticsEmitter;
  apiBase: string;
  /** window.localStorage; null where the browser has none or refuses it. */
  storage: BookmarkStorage | null;
  /**
   * The part of the map nothing covers and the map's aspect (core/ui/mapFreeArea.ts); the route is fitted into that
   * part. Default: the whole map, 3:2.
   */
  freeArea?: () => MapFreeArea;
  now?: () => number;
}

export interface WalkController {
  readonly store: AppStore;
  state(): WalkState;
  /** The drawer opened: read the bookmarks, draw the last route again. */
  open(): void;
  /** The drawer closed: give the pointer back, remove the drawing (the fields and route stay for next time). */
  close(): void;
  /** A place chosen in a field's suggestion list; one beyond the project boundary is refused with SPEC §8's message. */
  choosePlace(end: RouteEnd, result: SearchResult): void;
  clearPlace(end: RouteEnd): void;
  /** Waits for a click on the map (Escape cancels); the clicked ground becomes that end. */
  pickOnMap(end: RouteEnd): void;
  cancelPick(): void;
  /** The ground at the map's centre becomes that end (the keyboard's way to pick on the map). */
  useMapCentre(end: RouteEnd): Promise<void>;
  swap(): void;
  /** Asks the walk between the two places, draws it and flies to it. */
  search(): Promise<void>;
  saveBookmark(): void;
  /** Fills both fields from the bookmark and asks its route again. */
  openBookmark(id: string): Promise<void>;
  /** False when the name is empty. */
  renameBookmark(id: string, name: string): boolean;
  deleteBookmark(id: string): void;
  undoDelete(): void;
  dismissMessage(): void;
  dispose(): void;
}

export function createWalkController(services: WalkServices): WalkController {
  const { store, http, map, i18n, analytics, apiBase } = services;
  const now = services.now ?? (() => Date.now());
  const graphics = map.temporaryGraphics(PLUGIN_ID);
  walkSlice.install(store);

  const pointer = createPointerHold(map);
  /** Bumped by every change of the places and every search: answers of older requests are dropped. */
  let routeRequest = 0;
  let isOpen = false;

  const update = (recipe: (state: WalkState) => void) => walkSlice.update(store, recipe);
  const state = () => walkSlice.select(store.getState());

  const stopPicking = pointer.release;

  /** A changed origin or destination: no pick waits, and the route shown, its search, bookmark and message go. */
  const dropRoute = (s: WalkState) => {
    s.picking = null;
    s.searching = false;
    s.route = null;
    s.openBookmarkId = null;
    s.message = null;
  };

  /** Before a search: the chosen places as the start and end points, so a pick on the map shows where it went. */
  function drawPlaces(): void {
    graphics.clear();
    const { from, to } = state();
    graphics.addPoints([
      ...(from ? [{ longitude: from.longitude, latitude: from.latitude, colour: ROUTE_COLOURS.start, sizePixels: 14 }] : []),
      ...(to ? [{ longitude: to.longitude, latitude: to.latitude, colour: ROUTE_COLOURS.end, sizePixels: 14 }] : []),
    ]);
  }

  /** A changed place makes the drawn route stale: it goes, with any message about the old places. */
  function setPlace(end: RouteEnd, place: WalkPlace | null): void {
    routeRequest += 1;
    update((s) => {
      s[end] = place;
      dropRoute(s);
    });
    if (isOpen) drawPlaces();
    if (place) analytics.emit({ name: `${DRAWER_ID}::place`, id: end, param: place.source });
  }

  const mapPlaceLabel = (longitude: number, latitude: number) =>
    i18n.format('walkingRoute.place.onMap', { latitude: latitude.toFixed(5), longitude: longitude.toFixed(5) });

  function drawRoute(route: WalkingRouteFound): void {
    graphics.clear();
    graphics.addGroundPolylines([{ positions: route.line.coordinates, colour: ROUTE_COLOURS.walk, widthPixels: 6 }]);
    // Access legs: straight lines off the mapped paths, dashed so they never pass for a path.
    graphics.addGroundPolylines(
      route.accessLegs.flatMap((leg) =>
        dashedLeg(leg.coordinates[0], leg.coordinates[1], leg.lengthMetres, ACCESS_LEG_METRES_PER_DASH).map((positions) => ({ positions, colour: ROUTE_COLOURS.accessLeg, widthPixels: 4 })),
      ),
    );
    const { from, to } = state();
    graphics.addPoints([
      { longitude: route.from[0], latitude: route.from[1], colour: ROUTE_COLOURS.start, sizePixels: 14 },
      { longitude: route.to[0], latitude: route.to[1], colour: ROUTE_COLOURS.end, sizePixels: 14 },
    ]);
    graphics.addLabels([
      { longitude: route.from[0], latitude: route.from[1], text: i18n.format('walkingRoute.map.start', { name: from?.label ?? '' }), offsetPixels: { x: 0, y: -20 } },
      { longitude: route.to[0], latitude: route.to[1], text: i18n.format('walkingRoute.map.end', { name: to?.label ?? '' }), offsetPixels: { x: 0, y: -20 } },
    ]);
  }

  function flyToRoute(route: WalkingRouteFound): void {
    const box = linesBounds([route.line.coordinates, ...route.accessLegs.map((leg) => leg.coordinates)]);
    const freeArea = services.freeArea?.() ?? { free: null, aspect: 1.5 };
    map.flyToBounds(fitIntoFreeArea(box, freeArea, ROUTE_PADDING_RATIO), { durationSeconds: 1, paddingRatio: 0 });
  }

  async function search(bookmarkId: string | null = null): Promise<void> {
    const { from, to } = state();
    stopPicking();
    if (!from || !to) {
      update((s) => {
        s.picking = null;
        s.message = { id: 'walkingRoute.message.needBoth', severity: 'warning', end: from ? 'to' : 'from' };
      });
      return;
    }
    const request = ++routeRequest;
    if (isOpen) drawPlaces();
    update((s) => {
      s.picking = null;
      s.searching = true;
      s.route = null;
      s.openBookmarkId = bookmarkId;
      s.message = null;
    });
    try {
      const answer = await http.json(walkUrl(apiBase, [from.longitude, from.latitude], [to.longitude, to.latitude], i18n.language()), walkingRouteResponseSchema);
      if (request !== routeRequest) return;
      update((s) => {
        s.searching = false;
        s.route = answer.found ? answer : null;
        s.message = answerMessage(answer);
      });
      analytics.emit({ name: `${DRAWER_ID}::search`, id: answer.found ? 'found' : answer.reason, param: `${from.source}-${to.source}` });
      if (answer.found && isOpen) {
        drawRoute(answer);
        flyToRoute(answer);
      }
    } catch (error) {
      if (request !== routeRequest) return;
      console.warn('walking route: the route request failed', error);
      update((s) => {
        s.searching = false;
        s.message = failureMessage(error);
      });
      analytics.emit({ name: `${DRAWER_ID}::search`, id: 'failed', param: `${from.source}-${to.source}` });
    }
  }

  /** Writes the list and shows `message`; when the browser refuses, the list stays as it was and says so. */
  function storeBookmarks(bookmarks: WalkBookmark[], message: WalkMessage | null, undo: WalkState['undo'] = null): boolean {
    if (!writeBookmarks(services.storage, bookmarks)) {
      update((s) => void (s.bookmarkMessage = { id: 'walkingRoute.bookmarks.storageFailed', severity: 'error' }));
      return false;
    }
    update((s) => {
      s.bookmarks = bookmarks;
      s.bookmarkMessage = message;
      s.undo = undo;
    });
    return true;
  }

  const bookmarkEvent = (param: string, id?: string) => analytics.emit({ name: `${DRAWER_ID}::bookmark`, id, param });

  return {
    store,
    state,
    open() {
      if (isOpen) return;
      isOpen = true;
      const read = readBookmarks(services.storage);
      update((s) => {
        s.bookmarks = read.bookmarks;
        s.bookmarkMessage = read.dropped ? { id: 'walkingRoute.bookmarks.dropped', severity: 'warning' } : null;
        s.undo = null;
      });
      const route = state().route;
      if (route) drawRoute(route);
      else drawPlaces();
    },
    close() {
      isOpen = false;
      stopPicking();
      graphics.clear();
      update((s) => {
        s.picking = null;
        s.undo = null;
      });
    },
    choosePlace(end, result) {
      if (result.outsideHongKong) {
        update((s) => void (s.message = { id: OUTSIDE_BOUNDARY_MESSAGE, severity: 'warning', end }));
        return;
      }
      setPlace(end, { label: result.title, longitude: result.longitude, latitude: result.latitude, source: 'search' });
    },
    clearPlace(end) {
      setPlace(end, null);
    },
    pickOnMap(end) {
      stopPicking();
      update((s) => {
        s.picking = end;
        s.message = null;
      });
      pointer.take({
        id: PICK_MODE_ID,
        cursor: 'crosshair',
        // The place goes where the user clicks, even onto a label: no popup opens meanwhile.
        ownsClicks: true,
        onPick(result) {
          if (!result.position) return;
          stopPicking();
          const { longitude, latitude } = result.position;
          setPlace(end, { label: mapPlaceLabel(longitude, latitude), longitude, latitude, source: 'map' });
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
    async useMapCentre(end) {
      stopPicking();
      update((s) => {
        s.picking = null;
        s.message = null;
      });
      const picked = await map.pick('centre');
      if (!picked?.position) {
        update((s) => void (s.message = { id: 'walkingRoute.message.sky', severity: 'warning', end }));
        return;
      }
      const { longitude, latitude } = picked.position;
      setPlace(end, { label: mapPlaceLabel(longitude, latitude), longitude, latitude, source: 'centre' });
    },
    swap() {
      const { from, to } = state();
      routeRequest += 1;
      stopPicking();
      update((s) => {
        s.from = to;
        s.to = from;
        dropRoute(s);
      });
      if (isOpen) drawPlaces();
      analytics.emit({ name: `${DRAWER_ID}::swap` });
    },
    search: () => search(),
    saveBookmark() {
      const { from, to, route, bookmarks } = state();
      if (!from || !to || !route) return;
      if (bookmarks.length >= BOOKMARKS_MAX) {
        update((s) => void (s.bookmarkMessage = { id: 'walkingRoute.bookmarks.full', values: { count: BOOKMARKS_MAX }, severity: 'warning' }));
        return;
      }
      const place = (p: WalkPlace) => ({ label: p.label, longitude: p.longitude, latitude: p.latitude });
      const bookmark: WalkBookmark = {
        id: `${now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        name: defaultBookmarkName(place(from), place(to)),
        from: place(from),
        to: place(to),
        lengthMetres: route.lengthMetres,
        walkingSeconds: route.walkingSeconds,
        savedAt: now(),
      };
      if (storeBookmarks([bookmark, ...bookmarks], { id: 'walkingRoute.bookmarks.saved', severity: 'info' })) {
        update((s) => void (s.openBookmarkId = bookmark.id));
        bookmarkEvent('save', bookmark.id);
      }
    },
    async openBookmark(id) {
      const bookmark = state().bookmarks.find((entry) => entry.id === id);
      if (!bookmark) return;
      update((s) => {
        s.from = { ...bookmark.from, source: 'bookmark' };
        s.to = { ...bookmark.to, source: 'bookmark' };
        s.bookmarkMessage = null;
        s.undo = null;
      });
      bookmarkEvent('open', id);
      await search(id);
    },
    renameBookmark(id, name) {
      const renamed = renameBookmark(state().bookmarks, id, name);
      if (!renamed) {
        update((s) => void (s.bookmarkMessage = { id: 'walkingRoute.bookmarks.nameEmpty', severity: 'warning' }));
        return false;
      }
      if (!storeBookmarks(renamed, null)) return false;
      bookmarkEvent('rename', id);
      return true;
    },
    deleteBookmark(id) {
      const removed = removeBookmark(state().bookmarks, id);
      if (!removed) return;
      if (storeBookmarks(removed.bookmarks, { id: 'walkingRoute.bookmarks.deleted', severity: 'info' }, { bookmark: removed.removed, index: removed.index })) {
        if (state().openBookmarkId === id) update((s) => void (s.openBookmarkId = null));
        bookmarkEvent('delete', id);
      }
    },
    undoDelete() {
      const undo = state().undo;
      if (!undo) return;
      if (storeBookmarks(restoreBookmark(state().bookmarks, undo.bookmark, undo.index), { id: 'walkingRoute.bookmarks.restored', severity: 'info' })) {
        bookmarkEvent('undo', undo.bookmark.id);
      }
    },
    dismissMessage() {
      update((s) => void (s.message = null));
    },
    dispose() {
      this.close();
      routeRequest += 1;
    },
  };
}
