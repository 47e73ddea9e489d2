/**
 * The cross section's state machine: `idle` (tool off) → `drawing` (clicks add the line's points; a double click,
 * Enter or "Show profile" finishes a line of 2+ points; Backspace takes the last point back; Escape cancels) →
 * `loading` (the engine's profile is asked for) → `ready` (the chart) or `problem` (a message saying why). While the
 * tool is on it holds the map's pointer: in `ready` a click starts a new line, and moving the pointer over the
 * drawn line moves the chart's cursor. The chart's cursor (mouse or keys on the chart) puts a marker on the map.
 * A line can also be given whole (the share link, the heritage cross-section), with a place to mark on the chart.
 */
import type { Disposer, Language, MapFacade, MapPickResult, PointerKey, ScreenPoint } from '../../core/plugin/types';
import type { LonLat } from '../measurement/api';
import { lineProblem, loadProfile, profileUrl, type FetchProfile, type Profile, type ProfileProblem } from './profile';

/** The pointer mode's id and the temporary graphics' owner. */
export const CROSS_SECTION_MODE = 'cross-section';

/** Two clicks this close in time (ms) and place (CSS px) are a double click: it finishes the line. */
export const DOUBLE_CLICK_MS = 400;
export const DOUBLE_CLICK_PX = 6;
/** A click this close (metres) to the last point, on the same spot of the screen, also finishes the line. */
export const SAME_PLACE_METRES = 3;
/** Hovering the map picks at most this often (each pick costs a render pass), ms. */
export const HOVER_PICK_INTERVAL_MS = 120;

/** A place marked on the chart and the map (the heritage cross-section's monument); names per language. */
export interface MarkedPlace {
  longitude: number;
  latitude: number;
  names: Record<Language, string>;
}

export type CrossSectionPhase = 'idle' | 'drawing' | 'loading' | 'ready' | 'problem';

export interface CrossSectionState {
  phase: CrossSectionPhase;
  /** The line's points: those clicked so far while drawing, else the line of the profile shown or asked for. */
  points: LonLat[];
  profile: Profile | null;
  problem: ProfileProblem | null;
  /** The sample under the chart's cursor, -1 for none. */
  cursorIndex: number;
  mark: MarkedPlace | null;
  /** Metres along the line nearest the marked place, null without one. */
  markDistanceMetres: number | null;
  /** The last thing worth telling a screen-reader user, as a message id and values. */
  status: { id: string; values?: Record<string, number> } | null;
}

export interface CrossSectionController {
  getState(): CrossSectionState;
  subscribe(listener: () => void): Disposer;
  /** The tool was switched on: take the pointer and start drawing (unless a line is already shown or loading). */
  activate(): void;
  /** The tool was switched off: give the pointer back, clear the map and the chart. */
  deactivate(): void;
  addPick(pick: MapPickResult): void;
  /** Finishes the line being drawn (2+ points) and asks for its profile. */
  finish(): void;
  /** Takes the last drawn point back; false when there was none. */
  undo(): boolean;
  /** Drops the line and the chart and starts drawing again. */
  restart(): void;
  /** Shows the profile of a given line (share link, heritage cross-section), marking `mark` on it when given. */
  open(points: ReadonlyArray<LonLat>, mark?: MarkedPlace | null): Promise<void>;
  setCursor(index: number): void;
  /** Draws the map's labels again in the page language. */
  relabel(): void;
  dispose(): void;
}

export interface CrossSectionControllerOptions {
  map: Pick<MapFacade, 'takePointer' | 'temporaryGraphics' | 'pick'>;
  apiBase: string;
  fetchProfile: FetchProfile;
  language(): Language;
  /** Escape ended the tool: switch it off in the store (so the button and analytics follow). */
  onEscape(): void;
  /** Milliseconds, for the double click (tests give their own). */
  now?: () => number;
}

const LINE_COLOUR = '#0b5cad';
const CURSOR_COLOUR = '#ff7a00';
const MARK_COLOUR = '#8a4b12';

/** Metres between two nearby places (equirectangular: ample for finding the sample nearest the pointer). */
function roughMetres(a: LonLat, b: LonLat): number {
  const metresPerDegree = 111_320;
  const dx = (a.longitude - b.longitude) * Math.cos(((a.latitude + b.latitude) / 2) * (Math.PI / 180)) * metresPerDegree;
  const dy = (a.latitude - b.latitude) * metresPerDegree;
  return Math.hypot(dx, dy);
}

/** The index of the sample nearest `place`, with its distance in metres; -1 without samples. */
export function nearestSample(profile: Profile, place: LonLat): { index: number; metres: number } {
  let best = { index: -1, metres: Infinity };
  profile.samples.forEach((sample, index) => {
    const metres = roughMetres(sample, place);
    if (metres < best.metres) best = { index, metres };
  });
  return best;
}

const EMPTY: CrossSectionState = {
  phase: 'idle',
  points: [],
  profile: null,
  problem: null,
  cursorIndex: -1,
  mark: null,
  markDistanceMetres: null,
  status: null,
};

export function createCrossSectionController(options: CrossSectionControllerOptions): CrossSectionController {
  const { map } = options;
  const now = options.now ?? (() => Date.now());
  const graphics = map.temporaryGraphics(CROSS_SECTION_MODE);
  const listeners = new Set<() => void>();
  let state: CrossSectionState = EMPTY;
  let releasePointer: Disposer | null = null;
  let request: AbortController | null = null;
  let lastClick: { at: number; screen: ScreenPoint } | null = null;
  let removeCursorMarker: Disposer | null = null;
  let hoverBusy = false;
  let lastHoverAt = -Infinity;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  function drawCursor(): void {
    removeCursorMarker?.();
    removeCursorMarker = null;
    const sample = state.profile?.samples[state.cursorIndex];
    if (!sample) return;
    removeCursorMarker = graphics.addPoints([
      { longitude: sample.longitude, latitude: sample.latitude, heightMeters: sample.roofMetres ?? sample.groundMetres ?? 0, colour: CURSOR_COLOUR, sizePixels: 12 },
    ]);
  }

  function redraw(): void {
    removeCursorMarker = null;
    graphics.clear();
    const { points, mark } = state;
    if (points.length >= 2) graphics.addGroundPolylines([{ positions: points.map((point) => [point.longitude, point.latitude] as const), colour: LINE_COLOUR, widthPixels: 3 }]);
    if (points.length > 0) graphics.addPoints(points.map((point) => ({ longitude: point.longitude, latitude: point.latitude, colour: LINE_COLOUR, sizePixels: 9 })));
    if (mark) {
      graphics.addPoints([{ longitude: mark.longitude, latitude: mark.latitude, colour: MARK_COLOUR, sizePixels: 12 }]);
      graphics.addLabels([{ longitude: mark.longitude, latitude: mark.latitude, text: mark.names[options.language()], offsetPixels: { x: 0, y: -18 } }]);
    }
    drawCursor();
  }

  const set = (patch: Partial<CrossSectionState>, draw = true) => {
    state = { ...state, ...patch };
    if (draw) redraw();
    notify();
  };

  const cancelRequest = () => {
    request?.abort();
    request = null;
  };

  async function load(points: LonLat[], mark: MarkedPlace | null): Promise<void> {
    cancelRequest();
    const problem = lineProblem(points);
    if (problem) {
      set({ phase: 'problem', points, profile: null, problem, cursorIndex: -1, mark, markDistanceMetres: null, status: null });
      return;
    }
    const controller = new AbortController();
    request = controller;
    set({ phase: 'loading', points, profile: null, problem: null, cursorIndex: -1, mark, markDistanceMetres: null, status: null });
    let outcome: Awaited<ReturnType<typeof loadProfile>>;
    try {
      outcome = await loadProfile(options.fetchProfile, profileUrl(options.apiBase, points), controller.signal);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return;
      outcome = { problem: { id: 'cross-section.problem.network' } };
    }
    if (request !== controller) return;
    request = null;
    if ('problem' in outcome) {
      set({ phase: 'problem', problem: outcome.problem });
      return;
    }
    const profile = outcome.profile;
    const markDistanceMetres = mark && profile.samples.length > 0 ? profile.samples[nearestSample(profile, mark).index].distanceMetres : null;
    set({ phase: 'ready', profile, markDistanceMetres, status: { id: 'cross-section.status.ready', values: { samples: profile.samples.length, buildings: profile.buildings.length } } }, false);
  }

  const startDrawing = () => {
    cancelRequest();
    lastClick = null;
    set({ ...EMPTY, phase: 'drawing' });
  };

  const finish = () => {
    if (state.phase !== 'drawing') return;
    if (state.points.length < 2) {
      set({ status: { id: 'cross-section.status.needTwoPoints' } }, false);
      return;
    }
    void load(state.points, null);
  };

  const addPick = (pick: MapPickResult) => {
    if (!pick.position) return;
    const at = now();
    const point = { longitude: pick.position.longitude, latitude: pick.position.latitude };
    const last = state.points[state.points.length - 1];
    // Picks arrive after a render pass (slow on a software renderer), so a double click's second pick may come later
    // than the double-click time: a click on the very place of the last point counts too.
    const doubleClick =
      lastClick !== null &&
      Math.hypot(pick.screen.x - lastClick.screen.x, pick.screen.y - lastClick.screen.y) <= DOUBLE_CLICK_PX &&
      (at - lastClick.at <= DOUBLE_CLICK_MS || (last !== undefined && roughMetres(last, point) <= SAME_PLACE_METRES));
    lastClick = { at, screen: pick.screen };
    if (state.phase === 'drawing' && doubleClick) {
      // The second click of a double click lands where the first added its point: finish instead of adding it again.
      lastClick = null;
      finish();
      return;
    }
    if (state.phase !== 'drawing') startDrawing();
    const points = [...state.points, point];
    set({ points, status: { id: 'cross-section.status.pointAdded', values: { number: points.length } } });
  };

  const undo = (): boolean => {
    if (state.phase !== 'drawing' || state.points.length === 0) return false;
    const points = state.points.slice(0, -1);
    set({ points, status: { id: 'cross-section.status.pointRemoved', values: { number: points.length } } });
    return true;
  };

  const hover = (screen: ScreenPoint) => {
    const profile = state.profile;
    if (state.phase !== 'ready' || !profile || hoverBusy || now() - lastHoverAt < HOVER_PICK_INTERVAL_MS) return;
    hoverBusy = true;
    lastHoverAt = now();
    void map
      .pick(screen)
      .then((pick) => {
        if (!pick?.position || state.profile !== profile) return;
        const nearest = nearestSample(profile, pick.position);
        // Near the line only: a few samples' spacing, at least 15 m (the line is a few pixels wide at street level).
        if (nearest.index >= 0 && nearest.metres <= Math.max(15, profile.spacingMetres * 3)) setCursor(nearest.index);
      })
      .catch(() => undefined)
      .finally(() => {
        hoverBusy = false;
      });
  };

  const onKey = (key: PointerKey): boolean => {
    if (key.type !== 'down') return false;
    if (key.key === 'Enter' && state.phase === 'drawing') {
      finish();
      return true;
    }
    if (key.key === 'Backspace') return undo();
    return false;
  };

  const takePointer = () => {
    if (releasePointer) return;
    releasePointer = map.takePointer({
      id: CROSS_SECTION_MODE,
      cursor: 'crosshair',
      ownsClicks: true,
      onPick: addPick,
      onMove: hover,
      onKey,
      onEnd: () => {
        releasePointer = null;
        cancelRequest();
        set({ ...EMPTY });
        options.onEscape();
      },
    });
  };

  function setCursor(index: number): void {
    const count = state.profile?.samples.length ?? 0;
    const next = count === 0 ? -1 : Math.max(-1, Math.min(count - 1, Math.round(index)));
    if (next === state.cursorIndex) return;
    state = { ...state, cursorIndex: next };
    drawCursor();
    notify();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    activate() {
      takePointer();
      if (state.phase === 'idle') startDrawing();
    },
    deactivate() {
      releasePointer?.();
      releasePointer = null;
      cancelRequest();
      set({ ...EMPTY });
    },
    addPick,
    finish,
    undo,
    restart: startDrawing,
    open: (points, mark = null) => load([...points], mark),
    setCursor,
    relabel: () => set({}),
    dispose() {
      releasePointer?.();
      releasePointer = null;
      cancelRequest();
      graphics.clear();
      listeners.clear();
      state = EMPTY;
    },
  };
}
