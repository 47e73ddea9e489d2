/**
 * The view shed tool's state machine. While the drawer is open and the user places the observer (`placing`), the
 * tool holds the map's pointer (mode `viewshed`): a click puts the observer on the terrain or a roof, a drag that
 * starts nearer the observer moves it and one that starts nearer the direction handle turns the heading (the shed
 * is computed again when the drag ends), Enter puts the observer at the map's centre, the arrow keys move it 10 m
 * (Shift + ←/→ turns the heading 5°; the shed is computed again when the key is released). Escape ends placing and
 * gives the map its pointer back; the shed stays. The shed comes from `GET …/analysis/viewshed`; its cells are drawn
 * merged into rectangles on the terrain and the buildings (`drapeOver: 'terrain-and-models'`). No Cesium here.
 */
import { type ViewshedResponse, viewshedResponseSchema } from '../../core/contracts/analysis';
import { geodesicDirect, geodesicInverse } from '../../core/contracts/geodesy';
import type { Disposer, GraphicPolygon, PluginContext, PointerDrag, PointerKey } from '../../core/plugin/types';
import { mergeCells, rectangleRing } from './cells';
import {
  DEFAULT_SETTINGS,
  type FieldProblem,
  normaliseHeading,
  type ObserverPlace,
  parseField,
  type ViewshedField,
  type ViewshedLinkState,
  viewshedQuery,
  type ViewshedSettings,
} from './parameters';

/** The pointer mode's id and the temporary graphics' owner. */
export const VIEWSHED_MODE = 'viewshed';

/** Colours of the legend and the drawing: translucent, so the imagery and the buildings' shapes show through. */
export const VIEWSHED_COLOURS = {
  visible: 'rgba(32, 200, 64, 0.5)',
  hidden: 'rgba(230, 40, 40, 0.5)',
  observer: '#1f5fd6',
  handle: '#ffb000',
} as const;

/** How far an arrow key moves the observer, metres. */
export const NUDGE_METRES = 10;
/** How far Shift + ←/→ turns the heading, degrees. */
export const TURN_DEGREES = 5;
/** The direction handle lies this share of the distance from the observer along the heading. */
const HANDLE_SHARE = 0.35;

/** Why there is no shed: outside the terrain data (404), the service cannot answer, or another failure. */
export type ViewshedFailure = 'outside' | 'unavailable' | 'failed';

export interface ViewshedSummary {
  /** Share of the in-sector cells that are visible, 0–1. */
  visibleShare: number;
  cellSizeMetres: number;
  buildingsVisible: number;
  buildingsTotal: number;
  /** The observer's eye: the ground or roof height under it plus its height above that, metres above HKPD. */
  observerHeightMetres: number;
}

export interface ViewshedState {
  observer: ObserverPlace | null;
  settings: ViewshedSettings;
  /** The tool holds the pointer: clicks place the observer, drags move it or turn the heading. */
  placing: boolean;
  status: 'idle' | 'computing' | 'ready' | 'failed';
  failure: ViewshedFailure | null;
  summary: ViewshedSummary | null;
  /** Typed values refused, by field (the field keeps its text, the setting keeps its last good value). */
  problems: Partial<Record<ViewshedField, FieldProblem>>;
}

export interface ViewshedController {
  getState(): ViewshedState;
  subscribe(listener: () => void): Disposer;
  /** The drawer opened: start placing (when no observer is set yet) and draw what there is. */
  open(): void;
  /** The drawer closed: give the pointer back and clear the map (the settings stay for the next time). */
  close(): void;
  /** Take the pointer to place or move the observer. */
  startPlacing(): void;
  /** Give the pointer back to the map (Escape does the same). */
  stopPlacing(): void;
  /** Puts the observer at a place and computes the shed. */
  placeObserver(place: ObserverPlace): Promise<void>;
  /** A typed or slid value: kept when valid (the drawing follows), else recorded as the field's problem. */
  setField(field: ViewshedField, text: string): void;
  /** Computes the shed for the observer and the settings (no observer: nothing). */
  compute(): Promise<void>;
  /** Removes the shed and the observer. */
  clear(): void;
  /** Share-link state: the observer and settings, when there is an observer. */
  linkState(): ViewshedLinkState | undefined;
  applyLinkState(state: ViewshedLinkState): void;
  /** Handed to the pointer mode (exported for tests). */
  drag(drag: PointerDrag): void;
  key(key: PointerKey): boolean;
  dispose(): void;
}

export type ViewshedContext = Pick<PluginContext, 'http' | 'map' | 'apiBase'>;

/** Whether an error carries an HTTP status (core's HttpError) and which. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function createViewshedController(ctx: ViewshedContext): ViewshedController {
  const graphics = ctx.map.temporaryGraphics(VIEWSHED_MODE, { requiresThreeD: true });
  const listeners = new Set<() => void>();
  let state: ViewshedState = { observer: null, settings: DEFAULT_SETTINGS, placing: false, status: 'idle', failure: null, summary: null, problems: {} };
  let shed: ViewshedResponse | null = null;
  let shown = false;
  let releasePointer: Disposer | null = null;
  /** Counts requests, so an older answer arriving late is dropped. */
  let request = 0;
  let eraseShed: Disposer | null = null;
  let eraseMarkers: Disposer | null = null;
  /** The drag in progress: what it moves (decided by its first pick) and the latest place picked. */
  let dragging: { target: 'observer' | 'heading' | null; pending: { x: number; y: number } | null; picking: boolean; ended: boolean } | null = null;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const set = (patch: Partial<ViewshedState>) => {
    state = { ...state, ...patch };
    notify();
  };

  const handlePlace = (): ObserverPlace | null => {
    if (!state.observer) return null;
    const end = geodesicDirect(state.observer, state.settings.heading, state.settings.distance * HANDLE_SHARE);
    return { longitude: end.longitude, latitude: end.latitude };
  };

  /**
   * The observer marker, the direction handle and the ground line between them. The points are drawn in front of
   * everything at their heights, so a point at the wrong height would stand off its place on a tilted view: they are
   * drawn at the surface heights (terrain or roof) last sampled there, and again once the new places are sampled.
   */
  let markerHeights: { at: string; observer: number; handle: number } | null = null;
  let heightRequest = 0;
  const drawMarkers = () => {
    eraseMarkers?.();
    eraseMarkers = null;
    if (!shown || !state.observer) return;
    const observer = state.observer;
    const handle = handlePlace()!;
    const key = `${observer.longitude},${observer.latitude},${handle.longitude},${handle.latitude}`;
    const eraseLine = graphics.addGroundPolylines([
      { positions: [[observer.longitude, observer.latitude], [handle.longitude, handle.latitude]], colour: VIEWSHED_COLOURS.handle, widthPixels: 3 },
    ]);
    const erasePoints = graphics.addPoints([
      { ...observer, heightMeters: (markerHeights?.observer ?? 0) + state.settings.observerHeight, colour: VIEWSHED_COLOURS.observer, sizePixels: 14 },
      { ...handle, heightMeters: markerHeights?.handle ?? 0, colour: VIEWSHED_COLOURS.handle, sizePixels: 12 },
    ]);
    eraseMarkers = () => {
      eraseLine();
      erasePoints();
    };
    if (markerHeights?.at === key) return;
    const mine = ++heightRequest;
    void ctx.map
      .sampleHeights(
        [
          [observer.longitude, observer.latitude],
          [handle.longitude, handle.latitude],
        ],
        { includeModels: true },
      )
      .then(([observerHeight, handleHeight]) => {
        if (mine !== heightRequest || observerHeight == null || handleHeight == null) return;
        markerHeights = { at: key, observer: observerHeight, handle: handleHeight };
        drawMarkers();
      });
  };

  const drawShed = () => {
    eraseShed?.();
    eraseShed = null;
    if (!shown || !shed) return;
    const grid = shed;
    const polygons: GraphicPolygon[] = mergeCells(grid.cells, grid.columns, grid.rows).map((rectangle) => ({
      positions: rectangleRing(rectangle, grid),
      fillColour: VIEWSHED_COLOURS[rectangle.kind],
      drapeOver: 'terrain-and-models',
    }));
    eraseShed = graphics.addGroundPolygons(polygons);
  };

  const compute = async () => {
    const observer = state.observer;
    if (!observer) return;
    const mine = ++request;
    set({ status: 'computing', failure: null });
    try {
      const answer = await ctx.http.json(`${ctx.apiBase}analysis/viewshed?${viewshedQuery(observer, state.settings)}`, viewshedResponseSchema);
      if (mine !== request) return;
      shed = answer;
      drawShed();
      set({
        status: 'ready',
        summary: {
          visibleShare: answer.visibleShare,
          cellSizeMetres: answer.cellSizeMetres,
          buildingsVisible: answer.buildings.filter((building) => building.visible).length,
          buildingsTotal: answer.buildings.length,
          observerHeightMetres: answer.observer.heightMetres,
        },
      });
      drawMarkers();
    } catch (error) {
      if (mine !== request) return;
      const status = statusOf(error);
      const failure: ViewshedFailure = status === 404 ? 'outside' : status === 503 ? 'unavailable' : 'failed';
      if (failure === 'failed') console.error('view shed: the computation failed', error);
      shed = null;
      drawShed();
      set({ status: 'failed', failure, summary: null });
    }
  };

  const moveObserver = (place: ObserverPlace) => {
    set({ observer: { longitude: place.longitude, latitude: place.latitude } });
    drawMarkers();
  };

  const turnTowards = (place: ObserverPlace) => {
    if (!state.observer) return;
    const azimuth = geodesicInverse(state.observer, place).initialAzimuthDegrees;
    if (!Number.isFinite(azimuth)) return;
    set({ settings: { ...state.settings, heading: normaliseHeading(azimuth) }, problems: { ...state.problems, heading: undefined } });
    drawMarkers();
  };

  const placeObserver = async (place: ObserverPlace) => {
    moveObserver(place);
    await compute();
  };

  /** Picks the latest place of the drag in progress, one pick at a time, and applies it. */
  const followDrag = async () => {
    const drag = dragging;
    if (!drag || drag.picking || !drag.pending) return;
    const screen = drag.pending;
    drag.pending = null;
    drag.picking = true;
    const pick = await ctx.map.pick(screen);
    drag.picking = false;
    const place = pick?.position;
    if (place && state.observer) {
      // The first place of a drag (a few pixels from the press) says what it moves: the nearer of the two markers.
      if (drag.target === null) {
        const handle = handlePlace()!;
        drag.target = geodesicInverse(place, handle).distanceMeters < geodesicInverse(place, state.observer).distanceMeters ? 'heading' : 'observer';
      }
      if (drag.target === 'observer') moveObserver(place);
      else turnTowards(place);
    }
    if (drag.pending) return followDrag();
    if (drag.ended && dragging === drag) {
      dragging = null;
      if (drag.target) await compute();
    }
  };

  const drag = (event: PointerDrag) => {
    if (!state.observer) return;
    if (event.phase === 'start') dragging = { target: null, pending: null, picking: false, ended: false };
    if (!dragging) return;
    dragging.pending = event.screen;
    if (event.phase === 'end') dragging.ended = true;
    void followDrag();
  };

  const nudge = (key: string): boolean => {
    const observer = state.observer;
    if (!observer) return false;
    const azimuth = { ArrowUp: 0, ArrowRight: 90, ArrowDown: 180, ArrowLeft: 270 }[key];
    if (azimuth === undefined) return false;
    const moved = geodesicDirect(observer, azimuth, NUDGE_METRES);
    moveObserver({ longitude: moved.longitude, latitude: moved.latitude });
    return true;
  };

  const key = (event: PointerKey): boolean => {
    const arrow = event.key.startsWith('Arrow');
    if (event.type === 'up') {
      if (!arrow || !state.observer) return false;
      void compute();
      return true;
    }
    if (event.key === 'Enter') {
      void ctx.map.pick('centre').then((pick) => {
        if (pick?.position) void placeObserver(pick.position);
      });
      return true;
    }
    if (event.shiftKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      if (!state.observer) return false;
      const heading = normaliseHeading(state.settings.heading + (event.key === 'ArrowRight' ? TURN_DEGREES : -TURN_DEGREES));
      set({ settings: { ...state.settings, heading }, problems: { ...state.problems, heading: undefined } });
      drawMarkers();
      return true;
    }
    return arrow ? nudge(event.key) : false;
  };

  const startPlacing = () => {
    if (releasePointer) return;
    releasePointer = ctx.map.takePointer({
      id: VIEWSHED_MODE,
      cursor: 'crosshair',
      ownsClicks: true,
      onPick: (pick) => {
        if (pick.position) void placeObserver(pick.position);
      },
      onDrag: drag,
      onKey: key,
      onEnd: () => {
        releasePointer = null;
        dragging = null;
        set({ placing: false });
      },
    });
    set({ placing: true });
  };

  const stopPlacing = () => {
    releasePointer?.();
    releasePointer = null;
    dragging = null;
    if (state.placing) set({ placing: false });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    open() {
      shown = true;
      drawShed();
      drawMarkers();
      if (!state.observer) startPlacing();
      // An observer from a share link, not computed yet.
      else if (!shed && state.status === 'idle') void compute();
    },
    close() {
      shown = false;
      stopPlacing();
      graphics.clear();
      eraseShed = null;
      eraseMarkers = null;
    },
    startPlacing,
    stopPlacing,
    placeObserver,
    setField(field, text) {
      const parsed = parseField(field, text);
      if ('problem' in parsed) {
        set({ problems: { ...state.problems, [field]: parsed.problem } });
        return;
      }
      set({ settings: { ...state.settings, [field]: parsed.value }, problems: { ...state.problems, [field]: undefined } });
      drawMarkers();
    },
    compute,
    clear() {
      request += 1;
      shed = null;
      graphics.clear();
      eraseShed = null;
      eraseMarkers = null;
      set({ observer: null, status: 'idle', failure: null, summary: null });
    },
    linkState: () => (state.observer ? { observer: state.observer, settings: state.settings } : undefined),
    applyLinkState(link) {
      set({ observer: link.observer, settings: link.settings, problems: {} });
      drawMarkers();
    },
    drag,
    key,
    dispose() {
      request += 1;
      stopPlacing();
      graphics.clear();
      listeners.clear();
    },
  };
}
