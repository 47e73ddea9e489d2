/**
 * The measurement tools' state machine (`measurement.idle` → `measurement.placing` while a tool is chosen). While a
 * tool is chosen it holds the map's pointer (identify gets no clicks meanwhile): each click adds a point to the
 * current measurement, Enter adds the point at the map's centre, Backspace or Ctrl+Z (⌘Z) takes the last point back.
 * A two-point tool that has its two points, or the coordinates tool with its point, starts a new measurement with
 * the next click; so does choosing a tool or "New measurement". Starting a new measurement clears the drawing of
 * the last one from the map; its figures stay in the results list. Escape clears the drawing and ends the tool.
 */
import type { Disposer, I18nService, MapFacade, MapPickResult, PointerKey } from '../../core/plugin/types';
import { drawingOf, type FigureTexts } from './drawing';
import { figureNumber, type MeasuredPoint, type Measurement, measurementResult, type MeasureTool, TOOL_POINTS, valueMessageId } from './measurements';

/** The pointer mode's id (`pointerMode()`), and the temporary graphics' owner. */
export const MEASUREMENT_MODE = 'measurement';

export interface MeasurementState {
  /** The chosen tool, null when none (`measurement.idle`). */
  tool: MeasureTool | null;
  /** Every measurement with at least one point, oldest first; the current one last. */
  measurements: Measurement[];
  /** The measurement clicks add to, null before the first click of a new one. */
  currentId: number | null;
  /**
   * Message id of the last thing worth telling a screen-reader user (a point added or taken back, nothing at the
   * centre), with its values; the panel reads it out in a polite live region.
   */
  status: { id: string; values?: Record<string, number> } | null;
}

export interface MeasurementController {
  getState(): MeasurementState;
  subscribe(listener: () => void): Disposer;
  /** Chooses a tool (null: none), following the store's measure mode. Starts a new measurement. */
  setTool(tool: MeasureTool | null): void;
  /** Adds a picked place to the current measurement (a click; the sky and the ellipsoid-less misses are ignored). */
  addPick(pick: MapPickResult): void;
  /** Adds the place at the map's centre (keyboard users). */
  addCentre(): Promise<void>;
  /** Takes the current measurement's last point back; false when there was none. */
  undo(): boolean;
  /** Leaves the current measurement as it is and clears its drawing; the next click starts a new one. */
  newMeasurement(): void;
  /** Removes one measurement from the list (and its drawing when it is the current one). */
  remove(id: number): void;
  /** Empties the list and the map. */
  clearAll(): void;
  /** Draws the labels again in the page language (after a language switch). */
  relabel(): void;
  dispose(): void;
}

export interface MeasurementControllerOptions {
  map: Pick<MapFacade, 'takePointer' | 'temporaryGraphics' | 'pick'>;
  i18n: I18nService;
  /** Escape ended the tool: switch the store's measure mode off (so the buttons and analytics follow). */
  onEscape(): void;
  /** Where Ctrl+Z / ⌘Z is listened for (the pointer mode's keys carry no Ctrl); default `window`. */
  keyTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

/** Whether a key event comes from somewhere typing happens (a field), where Ctrl+Z belongs to the field. */
function fromEditable(event: KeyboardEvent): boolean {
  const target = event.target as (HTMLElement & { isContentEditable?: boolean }) | null;
  if (!target || typeof target.tagName !== 'string') return false;
  return /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable === true;
}

export function createMeasurementController(options: MeasurementControllerOptions): MeasurementController {
  const { map, i18n } = options;
  const graphics = map.temporaryGraphics(MEASUREMENT_MODE);
  const listeners = new Set<() => void>();
  let state: MeasurementState = { tool: null, measurements: [], currentId: null, status: null };
  let nextId = 1;
  let releasePointer: Disposer | null = null;
  let stopUndoKeys: Disposer | null = null;

  const set = (patch: Partial<MeasurementState>) => {
    state = { ...state, ...patch };
    redraw();
    for (const listener of [...listeners]) listener();
  };

  const texts: FigureTexts = {
    value: (figure) => i18n.format(valueMessageId(figure.unit), { number: figureNumber(figure) }),
    labelled: (figure) => i18n.format('measurement.figure.labelled', { label: i18n.format(figure.label, figure.labelValues), value: texts.value(figure) }),
  };

  const current = (): Measurement | null => state.measurements.find((measurement) => measurement.id === state.currentId) ?? null;

  function redraw(): void {
    graphics.clear();
    const measurement = current();
    if (!measurement) return;
    const drawing = drawingOf(measurement, measurementResult(measurement), texts);
    if (drawing.groundPolygons.length) graphics.addGroundPolygons(drawing.groundPolygons);
    if (drawing.polygons.length) graphics.addPolygons(drawing.polygons);
    if (drawing.groundLines.length) graphics.addGroundPolylines(drawing.groundLines);
    if (drawing.lines.length) graphics.addPolylines(drawing.lines);
    if (drawing.points.length) graphics.addPoints(drawing.points);
    if (drawing.labels.length) graphics.addLabels(drawing.labels);
  }

  /** The list without the current measurement when it never got enough points for a figure. */
  const withoutUnfinished = (): Measurement[] => {
    const measurement = current();
    if (!measurement || measurement.points.length >= TOOL_POINTS[measurement.tool].minimum) return state.measurements;
    return state.measurements.filter((other) => other.id !== measurement.id);
  };

  const addPoint = (point: MeasuredPoint) => {
    const tool = state.tool;
    if (!tool) return;
    let measurement = current();
    const maximum = TOOL_POINTS[tool].maximum;
    let measurements = state.measurements;
    if (!measurement || measurement.tool !== tool || (maximum !== null && measurement.points.length >= maximum)) {
      measurements = withoutUnfinished();
      measurement = { id: nextId, tool, points: [] };
      nextId += 1;
      measurements = [...measurements, measurement];
    }
    const updated: Measurement = { ...measurement, points: [...measurement.points, point] };
    set({
      measurements: measurements.map((other) => (other.id === updated.id ? updated : other)),
      currentId: updated.id,
      status: { id: 'measurement.status.pointAdded', values: { number: updated.points.length } },
    });
  };

  const addPick = (pick: MapPickResult) => {
    if (!pick.position || !pick.surface) return;
    addPoint({ ...pick.position, surface: pick.surface });
  };

  const undo = (): boolean => {
    const measurement = current();
    if (!measurement || measurement.points.length === 0) return false;
    const points = measurement.points.slice(0, -1);
    if (points.length === 0) {
      set({
        measurements: state.measurements.filter((other) => other.id !== measurement.id),
        currentId: null,
        status: { id: 'measurement.status.pointRemoved', values: { number: 0 } },
      });
      return true;
    }
    set({
      measurements: state.measurements.map((other) => (other.id === measurement.id ? { ...measurement, points } : other)),
      status: { id: 'measurement.status.pointRemoved', values: { number: points.length } },
    });
    return true;
  };

  const onKey = (key: PointerKey): boolean => {
    if (key.type !== 'down') return false;
    if (key.key === 'Enter') {
      void addCentre();
      return true;
    }
    if (key.key === 'Backspace') return undo();
    return false;
  };

  const addCentre = async () => {
    if (!state.tool) return;
    const pick = await map.pick('centre');
    if (!pick?.position || !pick.surface) {
      set({ status: { id: 'measurement.status.nothingAtCentre' } });
      return;
    }
    addPick(pick);
  };

  const undoKeys = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'z' || event.shiftKey || fromEditable(event)) return;
    if (undo()) event.preventDefault();
  };

  const takePointer = () => {
    if (releasePointer) return;
    releasePointer = map.takePointer({
      id: MEASUREMENT_MODE,
      cursor: 'crosshair',
      // A point measured on a marker is a point, not a request for the marker's popup.
      ownsClicks: true,
      onPick: addPick,
      onKey,
      onEnd: () => {
        releasePointer = null;
        set({ measurements: withoutUnfinished(), currentId: null, status: null });
        options.onEscape();
      },
    });
    const target = options.keyTarget === undefined ? (typeof window === 'undefined' ? null : window) : options.keyTarget;
    if (target) {
      target.addEventListener('keydown', undoKeys as EventListener);
      stopUndoKeys = () => target.removeEventListener('keydown', undoKeys as EventListener);
    }
  };

  const releaseAll = () => {
    releasePointer?.();
    releasePointer = null;
    stopUndoKeys?.();
    stopUndoKeys = null;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setTool(tool) {
      if (tool === state.tool) return;
      if (tool) takePointer();
      else releaseAll();
      set({ tool, measurements: withoutUnfinished(), currentId: null, status: null });
    },
    addPick,
    addCentre,
    undo,
    newMeasurement() {
      set({ measurements: withoutUnfinished(), currentId: null, status: null });
    },
    remove(id) {
      set({ measurements: state.measurements.filter((measurement) => measurement.id !== id), currentId: state.currentId === id ? null : state.currentId });
    },
    clearAll() {
      set({ measurements: [], currentId: null, status: null });
    },
    relabel() {
      set({});
    },
    dispose() {
      releaseAll();
      graphics.clear();
      listeners.clear();
      state = { tool: null, measurements: [], currentId: null, status: null };
    },
  };
}
