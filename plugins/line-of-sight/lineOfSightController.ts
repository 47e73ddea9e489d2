/**
 * The line-of-sight tool's state machine. While the tool is on it holds the map's pointer (mode `line-of-sight`,
 * crosshair, owning its clicks): the first click places the eye (`from`), the second the target (`to`) — each on the
 * terrain or a roof, as the map's pick finds it — and the line is asked of `GET …/analysis/line-of-sight`; a third
 * click starts a new line from there. Heights above the ground or roof are typed per end (0–500 m; a refused text
 * stays in its field with the reason, the last good height is kept). The answer is drawn as a 3D line, green up to
 * the first obstruction and red beyond it, with a marker and a label at the obstruction. Escape ends the tool. No
 * Cesium here.
 */
import { lineOfSightResponseSchema, type LineOfSightResponse } from '../../core/contracts/analysis';
import type { Disposer, GraphicPoint, GraphicPolyline, PluginContext } from '../../core/plugin/types';
import { type HeightProblem, HEIGHT_LIMITS, lineOfSightQuery, parseHeight, type SightEnd, type SightLinkState, type SightPlace, sightDrawing } from './parameters';

/** The tool's id: pointer mode, temporary graphics' owner, toggle switch `toggle:line-of-sight`. */
export const LINE_OF_SIGHT_TOOL = 'line-of-sight';

export const SIGHT_COLOURS = {
  visible: '#19c24a',
  blocked: '#e62828',
  eye: '#1f5fd6',
  target: '#ffb000',
  obstruction: '#e62828',
} as const;

/** Why there is no answer: a point outside the terrain data (404), the service cannot answer (503), or another failure. */
export type SightFailure = 'outside' | 'unavailable' | 'failed';

export interface SightState {
  active: boolean;
  from: SightPlace | null;
  to: SightPlace | null;
  /** The heights' fields as typed, and the last good value of each. */
  heightText: Record<SightEnd, string>;
  heights: Record<SightEnd, number>;
  problems: Partial<Record<SightEnd, HeightProblem>>;
  status: 'idle' | 'computing' | 'ready' | 'failed';
  failure: SightFailure | null;
  answer: LineOfSightResponse | null;
}

export interface SightController {
  getState(): SightState;
  subscribe(listener: () => void): Disposer;
  setActive(on: boolean): void;
  setHeightText(end: SightEnd, text: string): void;
  /** Removes both points, the answer and the drawing; the next click places the eye again. */
  clear(): void;
  /** A shared link's line: both places and heights, then the answer. */
  applyLinkState(link: SightLinkState): void;
  /** The line to keep in the address, when both ends are placed. */
  linkState(): SightLinkState | null;
  /** Labels are texts on the map: drawn again after a language switch. */
  relabel(): void;
  dispose(): void;
}

export type SightContext = Pick<PluginContext, 'http' | 'map' | 'apiBase'> & {
  /** The obstruction label's text, in the page language. */
  obstructionLabel(answer: LineOfSightResponse): string;
  /** Escape ended the tool: switch it off through the store so the button and analytics follow. */
  onEscape(): void;
};

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

const INITIAL: SightState = {
  active: false,
  from: null,
  to: null,
  heightText: { from: String(HEIGHT_LIMITS.default), to: String(HEIGHT_LIMITS.default) },
  heights: { from: HEIGHT_LIMITS.default, to: HEIGHT_LIMITS.default },
  problems: {},
  status: 'idle',
  failure: null,
  answer: null,
};

export function createLineOfSightController(ctx: SightContext): SightController {
  const graphics = ctx.map.temporaryGraphics(LINE_OF_SIGHT_TOOL, { requiresThreeD: true });
  const listeners = new Set<() => void>();
  let state: SightState = INITIAL;
  let release: Disposer | null = null;
  /** Answers to superseded requests are dropped. */
  let request = 0;

  const set = (patch: Partial<SightState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };

  const draw = () => {
    graphics.clear();
    const markers: GraphicPoint[] = [];
    if (state.from) markers.push({ ...state.from, heightMeters: state.answer?.from.heightMetres, colour: SIGHT_COLOURS.eye, sizePixels: 12 });
    if (state.to) markers.push({ ...state.to, heightMeters: state.answer?.to.heightMetres, colour: SIGHT_COLOURS.target, sizePixels: 12 });
    const answer = state.answer;
    if (answer) {
      const drawing = sightDrawing(answer);
      const lines: GraphicPolyline[] = [{ positions: drawing.visiblePart, colour: SIGHT_COLOURS.visible, widthPixels: 4 }];
      if (drawing.blockedPart) lines.push({ positions: drawing.blockedPart, colour: SIGHT_COLOURS.blocked, widthPixels: 4 });
      graphics.addPolylines(lines);
      if (drawing.obstruction) {
        const [longitude, latitude, heightMeters] = drawing.obstruction;
        markers.push({ longitude, latitude, heightMeters, colour: SIGHT_COLOURS.obstruction, sizePixels: 14 });
        graphics.addLabels([{ longitude, latitude, heightMeters, text: ctx.obstructionLabel(answer), colour: '#ffffff', backgroundColour: 'rgba(160, 20, 20, 0.85)', offsetPixels: { x: 0, y: -18 } }]);
      }
    }
    if (markers.length > 0) graphics.addPoints(markers);
  };

  const linkState = (): SightLinkState | null =>
    state.from && state.to ? { from: state.from, fromHeight: state.heights.from, to: state.to, toHeight: state.heights.to } : null;

  const compute = async () => {
    const link = linkState();
    if (!link) return;
    const mine = ++request;
    set({ status: 'computing', failure: null, answer: null });
    draw();
    try {
      const answer = await ctx.http.json(`${ctx.apiBase}analysis/line-of-sight?${lineOfSightQuery(link)}`, lineOfSightResponseSchema);
      if (mine !== request) return;
      set({ status: 'ready', answer });
    } catch (error) {
      if (mine !== request) return;
      const status = statusOf(error);
      const failure: SightFailure = status === 404 ? 'outside' : status === 503 ? 'unavailable' : 'failed';
      if (failure === 'failed') console.error('line of sight: the request failed', error);
      set({ status: 'failed', failure, answer: null });
    }
    draw();
  };

  const place = (point: SightPlace) => {
    if (!state.from || state.to) {
      // A new line: the eye first.
      request++;
      set({ from: point, to: null, status: 'idle', failure: null, answer: null });
      draw();
    } else {
      set({ to: point });
      void compute();
    }
  };

  const takePointer = () => {
    release?.();
    release = ctx.map.takePointer({
      id: LINE_OF_SIGHT_TOOL,
      cursor: 'crosshair',
      ownsClicks: true,
      onPick: (pick) => {
        if (!pick.position) return;
        place({ longitude: pick.position.longitude, latitude: pick.position.latitude });
      },
      onEnd: () => {
        release = null;
        ctx.onEscape();
      },
    });
  };

  const clear = () => {
    request++;
    set({ from: null, to: null, status: 'idle', failure: null, answer: null });
    graphics.clear();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setActive(on) {
      if (on === state.active) return;
      if (on) {
        set({ active: true });
        takePointer();
        draw();
        if (state.from && state.to && !state.answer) void compute();
        return;
      }
      release?.();
      release = null;
      request++;
      graphics.clear();
      set({ ...INITIAL, heightText: state.heightText, heights: state.heights, problems: state.problems });
      },
    setHeightText(end, text) {
      const parsed = parseHeight(text);
      const problems = { ...state.problems };
      if ('problem' in parsed) {
        problems[end] = parsed.problem;
        set({ heightText: { ...state.heightText, [end]: text }, problems });
        return;
      }
      delete problems[end];
      const changed = parsed.value !== state.heights[end];
      set({ heightText: { ...state.heightText, [end]: text }, heights: { ...state.heights, [end]: parsed.value }, problems });
      if (changed && state.from && state.to) {
        void compute();
          }
    },
    clear,
    applyLinkState(link) {
      request++;
      set({
        from: link.from,
        to: link.to,
        heights: { from: link.fromHeight, to: link.toHeight },
        heightText: { from: String(link.fromHeight), to: String(link.toHeight) },
        problems: {},
        answer: null,
      });
      if (state.active) void compute();
    },
    linkState,
    relabel: () => {
      if (state.active) draw();
    },
    dispose() {
      release?.();
      release = null;
      request++;
      graphics.clear();
      listeners.clear();
    },
  };
}
