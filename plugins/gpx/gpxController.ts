/**
 * GPX import: a file chosen with the tool's button or dropped on the map is checked, read, parsed
 * (./gpxParser.ts), drawn into this plugin's own temporary graphics (nothing else on the map changes), fitted into
 * view, and measured (./gpxFigures.ts); when the file has no elevations the terrain's are sampled for the profile.
 * A bad file leaves the map as it was and says what is wrong with it.
 */
import type { AnalyticsEmitter, Disposer, I18nService, MapFacade, NoticeService } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import { cumulativeDistances, gpxBounds, gpxFigures, hasFileElevations, profileSamples, type GpxFigures } from './gpxFigures';
import { gpxProblemText } from './gpxMessages';
import { checkGpxFile, parseGpx, type GpxDocument, type GpxProblem } from './gpxParser';

export const GPX_TOOL = 'gpx';
export const TRACK_COLOUR = '#e8590c';
export const ROUTE_COLOUR = '#7048e8';
export const LINE_WIDTH_PIXELS = 4;
export const WAYPOINT_COLOUR = '#c2255c';
const NOTICE_ID = 'gpx-problem';

export interface GpxShown {
  fileName: string;
  gpx: GpxDocument;
  figures: GpxFigures;
  /** True while the terrain's heights are being sampled for a file without elevations. */
  sampling: boolean;
}

export interface GpxControllerState {
  /** `reading`: a file is being read and parsed. */
  status: 'idle' | 'reading' | 'shown';
  shown: GpxShown | null;
}

export interface GpxController {
  getState(): GpxControllerState;
  subscribe(listener: () => void): Disposer;
  /** Reads, checks and shows `file`; a problem is told in a notice and leaves the map unchanged. */
  open(file: File): Promise<void>;
  /** Opens the file chooser (the tool's button). */
  choose(): void;
  /** Removes the drawing and the panel. */
  clear(): void;
  /** Makes `element` (the map) accept a dropped GPX file; the disposer stops it. */
  acceptDrops(element: HTMLElement): Disposer;
  dispose(): void;
}

/** The file's text (UTF-8 unless it says otherwise). FileReader rather than Blob.text(), which Safari lacks before 14. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(file);
  });
}

export function createGpxController(options: { map: MapFacade; i18n: I18nService; notices: NoticeService; analytics: AnalyticsEmitter }): GpxController {
  const { map, i18n, notices, analytics } = options;
  const graphics = map.temporaryGraphics(GPX_TOOL);
  const store = createStateStore<GpxControllerState>({ status: 'idle', shown: null });
  let hideNotice: Disposer | null = null;
  /** Counts opened files, so a slow read or terrain answer for an older file is dropped. */
  let generation = 0;
  let input: HTMLInputElement | null = null;

  const set = store.replace;

  const tell = (problem: GpxProblem, fileName: string) => {
    hideNotice?.();
    hideNotice = notices.show({ id: NOTICE_ID, message: () => gpxProblemText(problem, fileName, i18n.format), severity: 'error' });
  };

  const draw = (gpx: GpxDocument, waypointHeights: ReadonlyArray<number | null>) => {
    graphics.clear();
    const lines = gpx.lines.filter((line) => line.points.length >= 2);
    if (lines.length > 0) {
      graphics.addGroundPolylines(
        lines.map((line) => ({
          positions: line.points.map((point) => [point.longitude, point.latitude] as const),
          colour: line.kind === 'track' ? TRACK_COLOUR : ROUTE_COLOUR,
          widthPixels: LINE_WIDTH_PIXELS,
        })),
      );
    }
    // A line of one point (a one-point track segment) is a place, drawn as a point.
    const places = [
      ...gpx.lines.filter((line) => line.points.length === 1).map((line) => ({ ...line.points[0], colour: line.kind === 'track' ? TRACK_COLOUR : ROUTE_COLOUR })),
      ...gpx.waypoints.map((waypoint, index) => ({ ...waypoint, elevationMeters: waypoint.elevationMeters ?? waypointHeights[index] ?? null, colour: WAYPOINT_COLOUR })),
    ];
    if (places.length > 0) {
      graphics.addPoints(places.map((place) => ({ longitude: place.longitude, latitude: place.latitude, heightMeters: place.elevationMeters ?? 0, colour: place.colour, sizePixels: 10 })));
    }
    const labelled = gpx.waypoints.flatMap((waypoint, index) =>
      waypoint.name ? [{ longitude: waypoint.longitude, latitude: waypoint.latitude, heightMeters: waypoint.elevationMeters ?? waypointHeights[index] ?? 0, text: waypoint.name, offsetPixels: { x: 0, y: -16 } }] : [],
    );
    if (labelled.length > 0) graphics.addLabels(labelled);
    map.requestRender();
  };

  const open = async (file: File) => {
    const opened = ++generation;
    const early = checkGpxFile(file);
    if (early) {
      tell(early, file.name);
      return;
    }
    const before = store.getState();
    set({ status: 'reading', shown: before.shown });
    let text: string;
    try {
      text = await readText(file);
    } catch (error) {
      if (opened !== generation) return;
      set(before);
      hideNotice?.();
      hideNotice = notices.show({ id: NOTICE_ID, message: () => i18n.format('gpx.error.read', { file: file.name, detail: error instanceof Error ? error.message : String(error) }), severity: 'error' });
      return;
    }
    if (opened !== generation) return;
    const parsed = parseGpx(text);
    if (!parsed.ok) {
      set(before);
      tell(parsed.problem, file.name);
      return;
    }
    hideNotice?.();
    hideNotice = null;
    const gpx = parsed.gpx;
    const distances = cumulativeDistances(gpx);
    const samples = profileSamples(gpx, distances);
    const needsTerrain = !hasFileElevations(gpx) && samples.length > 0;
    const waypointsWithoutHeight = gpx.waypoints.filter((waypoint) => waypoint.elevationMeters === null);
    draw(gpx, []);
    map.flyToBounds(gpxBounds(gpx), { durationSeconds: 1.5, paddingRatio: 0.15 });
    if (before.status !== 'shown') analytics.emit({ name: `${GPX_TOOL}::on`, id: GPX_TOOL });
    set({ status: 'shown', shown: { fileName: file.name, gpx, figures: gpxFigures(gpx, distances, samples), sampling: needsTerrain } });
    if (!needsTerrain && waypointsWithoutHeight.length === 0) return;

    // One terrain request: the profile's points, then the waypoints (their labels then stand on the ground).
    const positions = [
      ...(needsTerrain ? samples.map((sample) => [sample.longitude, sample.latitude] as const) : []),
      ...gpx.waypoints.map((waypoint) => [waypoint.longitude, waypoint.latitude] as const),
    ];
    let heights: Array<number | null> | null = null;
    try {
      heights = await map.sampleHeights(positions);
    } catch (error) {
      console.warn('gpx: sampling the terrain failed; the profile stays without elevations', error);
    }
    if (opened !== generation || store.getState().status !== 'shown') return;
    const profileHeights = heights && needsTerrain ? heights.slice(0, samples.length) : undefined;
    const waypointHeights = heights ? heights.slice(needsTerrain ? samples.length : 0) : [];
    if (waypointsWithoutHeight.length > 0 && heights) draw(gpx, waypointHeights);
    set({ status: 'shown', shown: { fileName: file.name, gpx, figures: gpxFigures(gpx, distances, samples, profileHeights), sampling: false } });
  };

  const clear = () => {
    generation += 1;
    graphics.clear();
    map.requestRender();
    hideNotice?.();
    hideNotice = null;
    if (store.getState().status === 'shown') analytics.emit({ name: `${GPX_TOOL}::off`, id: GPX_TOOL });
    set({ status: 'idle', shown: null });
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    open,
    choose() {
      if (!input) {
        input = document.createElement('input');
        input.type = 'file';
        input.accept = '.gpx,application/gpx+xml';
        input.hidden = true;
        input.dataset.testid = 'gpx-file-input';
        input.addEventListener('change', () => {
          const file = input?.files?.[0];
          if (file) void open(file);
          // The same file chosen again is a new choice.
          if (input) input.value = '';
        });
        document.body.append(input);
      }
      input.click();
    },
    clear,
    acceptDrops(element) {
      const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
      const onDragOver = (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        // Without this the browser would open the file itself, leaving the map.
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      };
      const onDrop = (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (files.length > 1) {
          hideNotice?.();
          hideNotice = notices.show({ id: NOTICE_ID, message: () => i18n.format('gpx.error.oneFile', { count: files.length }), severity: 'error' });
          return;
        }
        if (files[0]) void open(files[0]);
      };
      element.addEventListener('dragover', onDragOver);
      element.addEventListener('drop', onDrop);
      return () => {
        element.removeEventListener('dragover', onDragOver);
        element.removeEventListener('drop', onDrop);
      };
    },
    dispose() {
      clear();
      input?.remove();
      input = null;
      store.dropListeners();
    },
  };
}
