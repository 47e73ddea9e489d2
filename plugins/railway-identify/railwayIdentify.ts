/**
 * Dynamic railway identify (SPEC §1 development variants): while on, the MTR lines are drawn (schematic, station to
 * station) and fetched again every `refreshIntervalMs`; a click on or near a line names it and lists its stations,
 * the line and its stations highlighted. A refresh updates the named line from the new data. A failed fetch keeps
 * what was shown and says the data are temporarily not available (SPEC §8).
 */
import { railwayLinesEndpoint, railwayLinesResponseSchema, type RailwayLine, type RailwayStation } from '../../core/contracts/railways';
import type { Disposer, HttpClient, MapFacade, MapPickResult } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import { cameraDistanceMeters, clickToleranceMeters, matchLine } from './railwayMatch';

export const RAILWAY_IDENTIFY_TOOL = 'railway-identify';
/** Dark blue and magenta: apart from the base map's grey rail, orange roads and blue water. */
const LINE_COLOUR = '#1d3f8f';
const SELECTED_COLOUR = '#d0006f';

export interface RailwayIdentifyState {
  active: boolean;
  /** `loading` until the first answer; `unavailable` while the last fetch failed (older data may still show). */
  status: 'loading' | 'ready' | 'unavailable';
  /** When the data shown arrived, ms since the epoch; null before any. */
  loadedAt: number | null;
  selected: { line: RailwayLine; nearestStation: RailwayStation } | null;
  /** The last click was on no line. */
  missed: boolean;
}

export interface RailwayIdentify {
  getState(): RailwayIdentifyState;
  subscribe(listener: () => void): Disposer;
  setActive(on: boolean): void;
  /** A click while the tool has the pointer (the pointer mode calls it). */
  identify(pick: MapPickResult): void;
  dispose(): void;
}

const INITIAL: RailwayIdentifyState = { active: false, status: 'loading', loadedAt: null, selected: null, missed: false };

export function createRailwayIdentify(options: {
  map: MapFacade;
  http: HttpClient;
  refreshIntervalMs: number;
  /** Escape ended the mode: switch the tool off through the store, so the button and analytics follow. */
  onEscape: () => void;
  now?: () => number;
}): RailwayIdentify {
  const { map, http } = options;
  const now = options.now ?? Date.now;
  const graphics = map.temporaryGraphics(RAILWAY_IDENTIFY_TOOL);
  const store = createStateStore<RailwayIdentifyState>(INITIAL);
  let lines: RailwayLine[] = [];
  let release: Disposer | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** Answers of fetches started before the latest switch-on are dropped. */
  let session = 0;
  const set = store.set;

  const draw = () => {
    graphics.clear();
    const { active, selected: chosen } = store.getState();
    if (!active) return;
    const selected = chosen?.line.line;
    const schematic = (line: RailwayLine) =>
      line.branches.map((branch) => {
        const positions = new Map(line.stations.map((station) => [station.code, station.position]));
        return branch.map((code) => positions.get(code)!);
      });
    graphics.addGroundPolylines(
      lines.filter((line) => line.line !== selected).flatMap((line) => schematic(line).map((positions) => ({ positions, colour: LINE_COLOUR, widthPixels: 3 }))),
    );
    if (chosen) {
      graphics.addGroundPolylines(schematic(chosen.line).map((positions) => ({ positions, colour: SELECTED_COLOUR, widthPixels: 6 })));
      graphics.addPoints(
        chosen.line.stations.map((station) => ({ longitude: station.position[0], latitude: station.position[1], colour: SELECTED_COLOUR, sizePixels: 9 })),
      );
    }
    map.requestRender();
  };

  const load = async () => {
    const started = session;
    try {
      const answer = await http.json(`${railwayLinesEndpoint.path}?timestamp=${now()}`, railwayLinesResponseSchema);
      if (started !== session || !store.getState().active) return;
      lines = answer.lines;
      // The named line as the new data have it (its stations may have changed); gone from them, nothing is named.
      const previous = store.getState().selected;
      const line = previous ? lines.find((candidate) => candidate.line === previous.line.line) : undefined;
      const nearestStation = line?.stations.find((station) => station.code === previous?.nearestStation.code) ?? line?.stations[0];
      set({ status: 'ready', loadedAt: now(), selected: line && nearestStation ? { line, nearestStation } : null });
      draw();
    } catch (error) {
      if (started !== session || !store.getState().active) return;
      console.warn('railway identify: the railway data could not be fetched', error);
      set({ status: 'unavailable' });
    }
  };

  const stop = () => {
    session += 1;
    release?.();
    release = null;
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    lines = [];
  };

  const identify = (pick: MapPickResult) => {
    if (!store.getState().active || !pick.position || lines.length === 0) return;
    const camera = map.cameraState();
    const tolerance = clickToleranceMeters(camera ? cameraDistanceMeters(camera, pick.position) : 0);
    const match = matchLine(lines, [pick.position.longitude, pick.position.latitude], tolerance);
    set({ selected: match ? { line: match.line, nearestStation: match.nearestStation } : null, missed: match === null });
    draw();
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setActive(on) {
      if (on === store.getState().active) return;
      stop();
      if (on) {
        set({ ...INITIAL, active: true });
        release = map.takePointer({
          id: RAILWAY_IDENTIFY_TOOL,
          cursor: 'crosshair',
          onPick: identify,
          onEnd: () => {
            release = null;
            options.onEscape();
          },
        });
        timer = setInterval(() => void load(), options.refreshIntervalMs);
        void load();
      } else {
        set(INITIAL);
      }
      draw();
    },
    identify,
    dispose() {
      stop();
      graphics.clear();
      store.dropListeners();
      store.replace(INITIAL);
    },
  };
}
