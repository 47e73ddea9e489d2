/**
 * GPX 1.0 / 1.1 reader (https://www.topografix.com/GPX/1/1/), pure: the text of a file in, its tracks, routes
 * and waypoints out, or the one thing that is wrong with it. XML is read with the platform's DOMParser (the
 * browser's; jsdom's in tests), elements matched by local name so either GPX namespace, or none, is accepted.
 *
 * Strict on what it draws: a point whose lat or lon is missing or out of range, or whose <ele> is not a number,
 * refuses the file and names the point, rather than drawing a line through a wrong place.
 */

/** Largest file accepted, bytes (10 MiB): a day's track logged every second is about 8 MB of GPX; the longest
 *  trail shipped with the portal (MacLehose, 8,008 points) is 0.7 MB. Larger files would stall the page while
 *  parsing and drawing. */
export const GPX_MAX_BYTES = 10 * 1024 * 1024;

export interface GpxPoint {
  longitude: number;
  latitude: number;
  /** <ele>, metres (GPX: above mean sea level); null when the point has none. */
  elevationMeters: number | null;
}

/** A line to draw: one track segment (<trkseg>) or one route (<rte>). */
export interface GpxLine {
  kind: 'track' | 'route';
  /** The track's or route's <name>, trimmed; null when absent or empty. */
  name: string | null;
  points: GpxPoint[];
}

export interface GpxWaypoint extends GpxPoint {
  name: string | null;
}

export interface GpxDocument {
  /** <metadata><name> (1.1) or <name> under <gpx> (1.0); null when absent. */
  name: string | null;
  /** Track segments in file order, then routes; lines without points are left out. */
  lines: GpxLine[];
  waypoints: GpxWaypoint[];
}

/** What is wrong with a file; `describeGpxProblem` in ./gpxMessages.ts turns it into the user's message. */
export type GpxProblem =
  | { code: 'too-large'; bytes: number; limitBytes: number }
  | { code: 'not-gpx-name'; fileName: string }
  | { code: 'not-xml'; detail: string }
  | { code: 'not-gpx'; rootName: string }
  | { code: 'empty' }
  | { code: 'bad-coordinate'; element: 'trkpt' | 'rtept' | 'wpt'; position: number; attribute: 'lat' | 'lon'; value: string | null }
  | { code: 'bad-elevation'; element: 'trkpt' | 'rtept' | 'wpt'; position: number; value: string };

export type GpxParseResult = { ok: true; gpx: GpxDocument } | { ok: false; problem: GpxProblem };

/** Checks what can be checked before reading a file: its name ends in .gpx and its size is within the limit. */
export function checkGpxFile(file: { name: string; size: number }): GpxProblem | null {
  if (!/\.gpx$/i.test(file.name.trim())) return { code: 'not-gpx-name', fileName: file.name };
  if (file.size > GPX_MAX_BYTES) return { code: 'too-large', bytes: file.size, limitBytes: GPX_MAX_BYTES };
  return null;
}

const childrenNamed = (parent: Element, localName: string): Element[] => Array.from(parent.children).filter((child) => child.localName === localName);

const textOf = (parent: Element, localName: string): string | null => {
  const text = childrenNamed(parent, localName)[0]?.textContent?.trim();
  return text ? text : null;
};

/** Counts points of each kind as they are read, so a problem names "the 12th track point". */
type Counters = Record<'trkpt' | 'rtept' | 'wpt', number>;

class GpxRefusal extends Error {
  constructor(readonly problem: GpxProblem) {
    super(problem.code);
  }
}

function readPoint(element: Element, counters: Counters): GpxPoint {
  const kind = element.localName as keyof Counters;
  counters[kind] += 1;
  const position = counters[kind];
  const coordinate = (attribute: 'lat' | 'lon', limit: number) => {
    const raw = element.getAttribute(attribute);
    // Number('') is 0; a blank attribute is as missing as an absent one.
    const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value) || Math.abs(value) > limit) throw new GpxRefusal({ code: 'bad-coordinate', element: kind, position, attribute, value: raw });
    return value;
  };
  const latitude = coordinate('lat', 90);
  const longitude = coordinate('lon', 180);
  const elevationText = textOf(element, 'ele');
  let elevationMeters: number | null = null;
  if (elevationText !== null) {
    elevationMeters = Number(elevationText);
    if (!Number.isFinite(elevationMeters)) throw new GpxRefusal({ code: 'bad-elevation', element: kind, position, value: elevationText });
  }
  return { longitude, latitude, elevationMeters };
}

export function parseGpx(text: string, parser: Pick<DOMParser, 'parseFromString'> = new DOMParser()): GpxParseResult {
  // Characters, not bytes, but a string this long is over the byte limit in any encoding.
  if (text.length > GPX_MAX_BYTES) return { ok: false, problem: { code: 'too-large', bytes: text.length, limitBytes: GPX_MAX_BYTES } };
  if (text.trim() === '') return { ok: false, problem: { code: 'empty' } };
  const document = parser.parseFromString(text, 'application/xml');
  const parseError = document.getElementsByTagName('parsererror')[0];
  if (parseError) {
    // Browsers wrap the reason in a sentence of their own; the first non-empty line carries it.
    const detail = (parseError.textContent ?? '').split('\n').map((line) => line.trim()).find((line) => line !== '') ?? '';
    return { ok: false, problem: { code: 'not-xml', detail: detail.slice(0, 200) } };
  }
  const root = document.documentElement;
  if (!root || root.localName !== 'gpx') return { ok: false, problem: { code: 'not-gpx', rootName: root?.localName ?? '' } };

  const counters: Counters = { trkpt: 0, rtept: 0, wpt: 0 };
  try {
    const tracks: GpxLine[] = [];
    for (const track of childrenNamed(root, 'trk')) {
      const name = textOf(track, 'name');
      for (const segment of childrenNamed(track, 'trkseg')) {
        const points = childrenNamed(segment, 'trkpt').map((point) => readPoint(point, counters));
        if (points.length > 0) tracks.push({ kind: 'track', name, points });
      }
    }
    const routes: GpxLine[] = [];
    for (const route of childrenNamed(root, 'rte')) {
      const points = childrenNamed(route, 'rtept').map((point) => readPoint(point, counters));
      if (points.length > 0) routes.push({ kind: 'route', name: textOf(route, 'name'), points });
    }
    const waypoints: GpxWaypoint[] = childrenNamed(root, 'wpt').map((element) => ({ ...readPoint(element, counters), name: textOf(element, 'name') }));
    if (tracks.length === 0 && routes.length === 0 && waypoints.length === 0) return { ok: false, problem: { code: 'empty' } };
    const metadata = childrenNamed(root, 'metadata')[0];
    const name = (metadata ? textOf(metadata, 'name') : null) ?? textOf(root, 'name');
    return { ok: true, gpx: { name, lines: [...tracks, ...routes], waypoints } };
  } catch (error) {
    if (error instanceof GpxRefusal) return { ok: false, problem: error.problem };
    throw error;
  }
}
