/**
 * The street plan of the base map: roads, rail and building footprints drawn into the relief tiles at close zoom
 * (issue 11 point 7), so the map reads at street level.
 *
 * Sources (data/roads, data/rail; attribution in data/README.md and the base map's credit line):
 *  - Transport Department Intelligent Road Network (DATA.GOV.HK): `td_irn_speed_limit_roads.geojson`, the trunk
 *    roads with their true alignment (the layer holds only roads whose limit differs from 50 km/h);
 *    `td_irn_intersections.geojson`, whose junctions list the road segments meeting there: a segment id listed at
 *    exactly two junctions joins them, and the street is drawn as the straight line between them (the snapshot
 *    lacks the IRN centreline table; see STREET_LINK_MAX_METRES); `td_irn_bus_only_lanes.geojson` marks the
 *    streets with bus lanes as main roads.
 *  - LandsD iB1000 street centrelines of Wong Tai Sin (DATA.GOV.HK), true alignments that replace the straight
 *    links there.
 *  - MTR lines and tracks, Hong Kong Tramways and the Peak Tram from OpenStreetMap (2016 extracts, ODbL,
 *    "© OpenStreetMap contributors"; foglet/transit, MIT, see data/rail/foglet_LICENSE.md).
 *  - Building footprints from the building store, drawn flat; under the 3D buildings they are hidden, elsewhere
 *    they give the street plan.
 *
 * Features are cut into short pieces kept in a grid of buckets, so a tile visits only the pieces near it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildingRecord } from '../../core/contracts/buildings';
import type { LonLatBounds } from '../buildings/store';
import { CoverageMask, type Rgb } from './raster';

/** What the base map tiles show, credited in the TileJSON and each tile's x-attribution header (ASCII only). */
export const BASE_MAP_ATTRIBUTION =
  'Terrain: Lands Department 5 m DTM, SRTM (NASA/USGS); roads: Transport Department IRN, Lands Department street centrelines (DATA.GOV.HK terms); rail: (c) OpenStreetMap contributors (ODbL); buildings: Lands Department, (c) OpenStreetMap contributors';

export const LINE_KINDS = ['trunk', 'main', 'street', 'metro', 'tram', 'funicular'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** The vector colours of one base map style (part of a relief palette). */
export interface VectorPalette {
  trunk: Rgb;
  main: Rgb;
  street: Rgb;
  /** The outline drawn under every road at close zoom. */
  casing: Rgb;
  metro: Rgb;
  tram: Rgb;
  building: Rgb;
  buildingOutline: Rgb;
}

interface LineStyle {
  /** First zoom the kind is drawn at. */
  minZoom: number;
  /** Width on the ground; a line is never drawn thinner than `minPixels`. */
  metres: number;
  minPixels: number;
}

/** Widths by class: metres on the ground at street level, a legible minimum when zoomed out. */
export const LINE_STYLES: Record<LineKind, LineStyle> = {
  trunk: { minZoom: 10, metres: 18, minPixels: 1.6 },
  main: { minZoom: 13, metres: 13, minPixels: 1.3 },
  street: { minZoom: 14, metres: 8, minPixels: 1 },
  metro: { minZoom: 11, metres: 4, minPixels: 1.4 },
  tram: { minZoom: 14, metres: 2.5, minPixels: 1.2 },
  funicular: { minZoom: 13, metres: 2.5, minPixels: 1.2 },
};
/** First zoom drawing building footprints (a typical block is then a few pixels across). */
export const FOOTPRINT_MIN_ZOOM = 15;
/** Casings (road outlines) from this zoom; below it they would only thicken the network into a mesh. */
const CASING_MIN_ZOOM = 15;
/**
 * Straight links between junctions longer than this are left out: in the city a link is a straight block, but a
 * long link is a winding country road that a chord would misplace by tens of metres.
 */
export const STREET_LINK_MAX_METRES = 300;
/**
 * A link whose midpoint lies this close to a road already drawn is left out: it is that road (a LandsD centreline
 * drawn in its alignment) or its other carriageway, which at map scale would only double the line.
 */
const SIDE_BY_SIDE_METRES = 15;

export const VECTOR_FILES = {
  speedLimitRoads: 'roads/td_irn_speed_limit_roads.geojson',
  intersections: 'roads/td_irn_intersections.geojson',
  busOnlyLanes: 'roads/td_irn_bus_only_lanes.geojson',
  wongTaiSinCentrelines: 'roads/wong_tai_sin_landsd_ib1000_street_centrelines.geojson',
  mtr: 'rail/osm2016_mtr_hk_only.geojson',
  tram: 'rail/foglet_hk-hongKong-tram.geojson',
  funicular: 'rail/foglet_cn-hongKong-funicular.geojson',
} as const;

/** One piece of a line: at most PIECE_VERTICES vertices, lon/lat pairs. */
interface LinePiece {
  kind: LineKind;
  coordinates: Float64Array;
  bounds: LonLatBounds;
}

const PIECE_VERTICES = 16;
/** Bucket size of the grid index, degrees (~1 km). */
const BUCKET_DEGREES = 0.01;

export class StreetVectors {
  private readonly buckets = new Map<number, number[]>();
  private readonly pieces: LinePiece[] = [];
  private visited = new Uint32Array(0);
  private visitStamp = 0;

  /** Adds a polyline ([lon, lat] vertices), cut into pieces. */
  add(kind: LineKind, line: ReadonlyArray<readonly number[]>): void {
    for (let start = 0; start < line.length - 1; start += PIECE_VERTICES - 1) {
      const part = line.slice(start, Math.min(line.length, start + PIECE_VERTICES));
      const coordinates = new Float64Array(part.length * 2);
      const bounds: LonLatBounds = [Infinity, Infinity, -Infinity, -Infinity];
      part.forEach(([lon, lat], k) => {
        coordinates[2 * k] = lon;
        coordinates[2 * k + 1] = lat;
        bounds[0] = Math.min(bounds[0], lon);
        bounds[1] = Math.min(bounds[1], lat);
        bounds[2] = Math.max(bounds[2], lon);
        bounds[3] = Math.max(bounds[3], lat);
      });
      const index = this.pieces.push({ kind, coordinates, bounds }) - 1;
      this.forBuckets(bounds, (key) => {
        let bucket = this.buckets.get(key);
        if (!bucket) this.buckets.set(key, (bucket = []));
        bucket.push(index);
      });
    }
  }

  get pieceCount(): number {
    return this.pieces.length;
  }

  /** Each piece whose bounds meet `bounds`, once. */
  *piecesIn(bounds: LonLatBounds): Generator<LinePiece> {
    if (this.visited.length < this.pieces.length) this.visited = new Uint32Array(this.pieces.length);
    const stamp = ++this.visitStamp;
    const found: number[] = [];
    this.forBuckets(bounds, (key) => {
      for (const index of this.buckets.get(key) ?? []) {
        if (this.visited[index] === stamp) continue;
        this.visited[index] = stamp;
        const b = this.pieces[index].bounds;
        if (b[0] <= bounds[2] && b[2] >= bounds[0] && b[1] <= bounds[3] && b[3] >= bounds[1]) found.push(index);
      }
    });
    for (const index of found) yield this.pieces[index];
  }

  /**
   * Whether lines of one of `kinds` run along segment a-b within `metres` of it: at its quarter, half and
   * three-quarter points a line lies that close in the same direction (within 20°) — a road beside it or over it,
   * not one crossing it, and not one covering only part of it.
   */
  runsAlongside(a: readonly number[], b: readonly number[], metres: number, kinds: ReadonlySet<LineKind>): boolean {
    return [0.25, 0.5, 0.75].every((t) => this.alongsideAt(a, b, t, metres, kinds));
  }

  private alongsideAt(a: readonly number[], b: readonly number[], t: number, metres: number, kinds: ReadonlySet<LineKind>): boolean {
    const lon = a[0] + (b[0] - a[0]) * t;
    const lat = a[1] + (b[1] - a[1]) * t;
    const kx = Math.cos((lat * Math.PI) / 180);
    const dLat = metres / METRES_PER_DEGREE;
    const dLon = dLat / kx;
    const ux = (b[0] - a[0]) * kx;
    const uy = b[1] - a[1];
    const uLength = Math.hypot(ux, uy);
    for (const piece of this.piecesIn([lon - dLon, lat - dLat, lon + dLon, lat + dLat])) {
      if (!kinds.has(piece.kind)) continue;
      const c = piece.coordinates;
      for (let k = 0; k + 3 < c.length; k += 2) {
        if (pointSegmentMetres(lon, lat, c[k], c[k + 1], c[k + 2], c[k + 3]) > metres) continue;
        const vx = (c[k + 2] - c[k]) * kx;
        const vy = c[k + 3] - c[k + 1];
        const cosine = Math.abs(ux * vx + uy * vy) / (uLength * Math.hypot(vx, vy) || 1);
        if (cosine >= PARALLEL_COSINE) return true;
      }
    }
    return false;
  }

  private forBuckets(bounds: LonLatBounds, visit: (key: number) => void): void {
    const x0 = Math.floor(bounds[0] / BUCKET_DEGREES);
    const x1 = Math.floor(bounds[2] / BUCKET_DEGREES);
    const y0 = Math.floor(bounds[1] / BUCKET_DEGREES);
    const y1 = Math.floor(bounds[3] / BUCKET_DEGREES);
    for (let by = y0; by <= y1; by++) for (let bx = x0; bx <= x1; bx++) visit(by * 100_000 + bx);
  }
}

const METRES_PER_DEGREE = 111_320;
/** Two roads within 20° of each other's direction run alongside. */
const PARALLEL_COSINE = Math.cos((20 * Math.PI) / 180);

/** Distance in metres from a point to a segment, in a local equirectangular plane (fine over a few km). */
function pointSegmentMetres(lon: number, lat: number, ax: number, ay: number, bx: number, by: number): number {
  const kx = METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const px = (lon - ax) * kx;
  const py = (lat - ay) * METRES_PER_DEGREE;
  const dx = (bx - ax) * kx;
  const dy = (by - ay) * METRES_PER_DEGREE;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared)) : 0;
  return Math.hypot(px - t * dx, py - t * dy);
}

type Position = number[];

/** An IRN junction: where it is and the streets its name lists ("NATHAN ROAD/ARGYLE STREET"). */
interface Junction {
  position: Position;
  streets: string[];
}

function metresBetween(a: Position, b: Position): number {
  return pointSegmentMetres(a[0], a[1], b[0], b[1], b[0], b[1]);
}
interface GeoJsonFeature {
  properties: Record<string, unknown> | null;
  geometry: { type: string; coordinates: unknown } | null;
}

function readFeatures(dataDir: string, file: string): GeoJsonFeature[] {
  const path = join(dataDir, file);
  if (!existsSync(path)) return [];
  return (JSON.parse(readFileSync(path, 'utf8')) as { features: GeoJsonFeature[] }).features;
}

/** The lines of a LineString or MultiLineString (nothing for other geometries). */
function linesOf(feature: GeoJsonFeature): Position[][] {
  const geometry = feature.geometry;
  if (geometry?.type === 'LineString') return [geometry.coordinates as Position[]];
  if (geometry?.type === 'MultiLineString') return geometry.coordinates as Position[][];
  return [];
}

/** Speed-limit roads: 70 km/h and over are the trunk network; the other limits mark ordinary or slow roads. */
function speedLimitKind(kmh: unknown): LineKind {
  if (typeof kmh === 'number' && kmh >= 70) return 'trunk';
  if (typeof kmh === 'number' && kmh < 50) return 'street';
  return 'main';
}

/** Loads every vector source under dataDir (a missing file leaves its layer out). About a second. */
export function loadStreetVectors(dataDir: string): StreetVectors {
  const vectors = new StreetVectors();

  const alignedRouteIds = new Set<unknown>();
  for (const feature of readFeatures(dataDir, VECTOR_FILES.speedLimitRoads)) {
    alignedRouteIds.add(feature.properties?.road_route_id);
    for (const line of linesOf(feature)) vectors.add(speedLimitKind(feature.properties?.speed_limit_kmh), line);
  }

  for (const feature of readFeatures(dataDir, VECTOR_FILES.wongTaiSinCentrelines)) {
    const type = feature.properties?.street_type;
    // TUN: tunnels run underground, off the street plan.
    if (type === 'TUN') continue;
    for (const line of linesOf(feature)) vectors.add(type === 'MAR' ? 'main' : 'street', line);
  }

  const busRouteIds = new Set(readFeatures(dataDir, VECTOR_FILES.busOnlyLanes).map((feature) => feature.properties?.road_route_id));
  const junctionsOfSegment = new Map<number, Junction[]>();
  for (const feature of readFeatures(dataDir, VECTOR_FILES.intersections)) {
    if (feature.geometry?.type !== 'Point') continue;
    const ids = feature.properties?.road_route_ids;
    if (!Array.isArray(ids)) continue;
    const name = feature.properties?.name_en;
    const junction: Junction = {
      position: feature.geometry.coordinates as Position,
      streets: typeof name === 'string' ? name.split('/').filter((street) => street && !street.includes('-99')) : [],
    };
    for (const id of ids as number[]) {
      let ends = junctionsOfSegment.get(id);
      if (!ends) junctionsOfSegment.set(id, (ends = []));
      ends.push(junction);
    }
  }
  const links: Array<{ ends: [Position, Position]; street: string | null; busLane: boolean }> = [];
  const roadKinds = new Set<LineKind>(['main', 'street']);
  for (const [id, ends] of junctionsOfSegment) {
    if (ends.length !== 2 || alignedRouteIds.has(id)) continue;
    const [a, b] = ends;
    if (metresBetween(a.position, b.position) > STREET_LINK_MAX_METRES) continue;
    // The street a link belongs to is the one name its two junctions share ("NATHAN ROAD/ARGYLE STREET" and
    // "NATHAN ROAD/SHANTUNG STREET": Nathan Road).
    const shared = a.streets.filter((street) => b.streets.includes(street));
    links.push({ ends: [a.position, b.position], street: shared.length === 1 ? shared[0] : null, busLane: busRouteIds.has(id) });
  }
  // A street with bus-only lanes on some of its links is a main road along all of them.
  const mainStreets = new Set(links.filter((link) => link.busLane && link.street).map((link) => link.street));
  const kindOf = (link: (typeof links)[number]): LineKind => (link.busLane || mainStreets.has(link.street) ? 'main' : 'street');
  // Main roads first, so that where two links run side by side (the carriageways of a dual road, a street already
  // drawn from the LandsD centrelines) the one drawn is the wider.
  links.sort((a, b) => Number(kindOf(a) === 'street') - Number(kindOf(b) === 'street'));
  for (const link of links) {
    const [a, b] = link.ends;
    if (vectors.runsAlongside(a, b, SIDE_BY_SIDE_METRES, roadKinds)) continue;
    vectors.add(kindOf(link), link.ends);
  }

  for (const [file, kind] of [
    [VECTOR_FILES.mtr, 'metro'],
    [VECTOR_FILES.tram, 'tram'],
    [VECTOR_FILES.funicular, 'funicular'],
  ] as const) {
    for (const feature of readFeatures(dataDir, file)) for (const line of linesOf(feature)) vectors.add(kind, line);
  }
  return vectors;
}

const shared = new Map<string, StreetVectors>();
/** One set of vectors per data folder per process. */
export function getStreetVectors(dataDir: string): StreetVectors {
  let vectors = shared.get(dataDir);
  if (!vectors) {
    vectors = loadStreetVectors(dataDir);
    shared.set(dataDir, vectors);
  }
  return vectors;
}

// ---- drawing -------------------------------------------------------------------------------------------------

/** Where a tile sits on the Web Mercator grid, for turning lon/lat into its pixels. */
export interface TileFrame {
  z: number;
  x: number;
  y: number;
  size: number;
}

function pixelX(frame: TileFrame, lon: number): number {
  return (((lon + 180) / 360) * 2 ** frame.z - frame.x) * frame.size;
}
function pixelY(frame: TileFrame, lat: number): number {
  const phi = (lat * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2 * 2 ** frame.z - frame.y) * frame.size;
}

/** Ground metres per pixel at the tile's centre latitude (Web Mercator is conformal: the same both ways). */
function metresPerPixel(frame: TileFrame, lat: number): number {
  return (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (frame.size * 2 ** frame.z);
}

/** Line width in pixels of a kind at a zoom. */
export function lineWidthPixels(kind: LineKind, metresPerPixelHere: number): number {
  const style = LINE_STYLES[kind];
  return Math.max(style.minPixels, style.metres / metresPerPixelHere);
}

/** Below this zoom tiles are relief only. */
export const VECTOR_MIN_ZOOM = Math.min(...LINE_KINDS.map((kind) => LINE_STYLES[kind].minZoom));

/**
 * Draws footprints, rail and roads over a rendered relief tile. `bounds` is the tile's [west, south, east, north];
 * `footprints` are the building records meeting it (drawn from FOOTPRINT_MIN_ZOOM).
 */
export function drawStreetVectors(
  rgba: Uint8Array,
  frame: TileFrame,
  bounds: LonLatBounds,
  vectors: StreetVectors | null,
  footprints: Iterable<BuildingRecord>,
  palette: VectorPalette,
): void {
  if (frame.z < VECTOR_MIN_ZOOM) return;
  const mask = new CoverageMask(frame.size);
  const metresPerPx = metresPerPixel(frame, (bounds[1] + bounds[3]) / 2);

  if (frame.z >= FOOTPRINT_MIN_ZOOM) {
    const outline = new CoverageMask(frame.size);
    let any = false;
    for (const record of footprints) {
      const rings = record.footprint.map((ring) => toPixels(frame, ring));
      mask.fillPolygon(rings);
      for (const ring of rings) outline.strokePolyline(ring, 0.35);
      any = true;
    }
    if (any) {
      mask.paint(rgba, palette.building);
      outline.paint(rgba, palette.buildingOutline);
    }
  }
  if (!vectors) return;

  // Pieces reaching into the tile from outside still paint their edge: widen the query by the widest line.
  const margin = (lineWidthPixels('trunk', metresPerPx) / 2 + 2) * (bounds[2] - bounds[0]) / frame.size;
  const query: LonLatBounds = [bounds[0] - margin, bounds[1] - margin, bounds[2] + margin, bounds[3] + margin];
  const byKind = new Map<LineKind, Float64Array[]>(LINE_KINDS.map((kind) => [kind, []]));
  for (const piece of vectors.piecesIn(query)) {
    if (frame.z < LINE_STYLES[piece.kind].minZoom) continue;
    byKind.get(piece.kind)!.push(toPixels(frame, piece.coordinates));
  }
  const stroke = (kind: LineKind, extraPixels: number) => {
    const halfWidth = lineWidthPixels(kind, metresPerPx) / 2 + extraPixels;
    for (const line of byKind.get(kind)!) mask.strokePolyline(line, halfWidth);
  };

  // Metro before roads: where a line runs under a street the street stays readable.
  stroke('metro', 0);
  mask.paint(rgba, palette.metro);
  const roads = ['street', 'main', 'trunk'] as const;
  if (frame.z >= CASING_MIN_ZOOM) {
    const casingPixels = frame.z >= 17 ? 1.5 : 1;
    for (const kind of roads) stroke(kind, casingPixels);
    mask.paint(rgba, palette.casing);
  }
  for (const kind of roads) {
    stroke(kind, 0);
    mask.paint(rgba, palette[kind]);
  }
  stroke('tram', 0);
  stroke('funicular', 0);
  mask.paint(rgba, palette.tram);
}

/** [lon, lat] vertices (a ring or a flat Float64Array of pairs) -> flat tile pixel coordinates. */
function toPixels(frame: TileFrame, coordinates: ReadonlyArray<readonly number[]> | Float64Array): Float64Array {
  if (coordinates instanceof Float64Array) {
    const out = new Float64Array(coordinates.length);
    for (let k = 0; k < coordinates.length; k += 2) {
      out[k] = pixelX(frame, coordinates[k]);
      out[k + 1] = pixelY(frame, coordinates[k + 1]);
    }
    return out;
  }
  const out = new Float64Array(coordinates.length * 2);
  coordinates.forEach(([lon, lat], k) => {
    out[2 * k] = pixelX(frame, lon);
    out[2 * k + 1] = pixelY(frame, lat);
  });
  return out;
}
