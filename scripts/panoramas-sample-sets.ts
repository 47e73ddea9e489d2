/**
 * Writes the shipped sample panorama sets, data/panoramas/kwun-tong-rendered.json and wong-tai-sin-rendered.json
 * (issue 18, Streetscape 360): panoramas every SPACING_METRES along real streets of the two districts whose
 * buildings the map has, to be drawn from the 3D scene by the data service on first request (source `rendered`:
 * no image is committed; server/panoramas/renderedFiles.ts draws and caches them).
 *
 * The street lines:
 * - Kwun Tong: the Transport Department IRN junctions named with the street (data/roads/td_irn_intersections.geojson),
 *   in order along it. The IRN's road centrelines themselves are not in the shipped data (only its speed-limited
 *   roads are, the by-pass and Kwun Tong Road), so the line runs straight from junction to junction, which holds
 *   for the business area's straight grid streets.
 * - Wong Tai Sin: the Lands Department iB1000 street centrelines (data/roads/wong_tai_sin_landsd_ib1000_street_centrelines.geojson).
 * Along each line the script takes the stretch of PANORAMAS_PER_STREET points with the most buildings beside it.
 * Each panorama stands CAMERA_HEIGHT_METRES above the DEM's ground and looks along the street.
 *
 * Run: npx tsx scripts/panoramas-sample-sets.ts [--date=YYYY-MM-DD]  (default today: the date the set is made,
 * its `capturedAt`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { geodesicDirect, geodesicInverse, type LonLat } from '../core/contracts/geodesy';
import { panoramaSetManifestSchema, type PanoramaEntry, type PanoramaSetManifest } from '../core/manifests/schemas';
import { getDemSampler } from '../server/terrain/dem';

const DATA_DIR = resolve(import.meta.dirname, '..', 'data');
/** Metres between neighbouring panoramas along a street (a step in the viewer). */
const SPACING_METRES = 17.5;
const PANORAMAS_PER_STREET = 10;
/** Above the ground, metres: about the eye of a camera on a pole or a vehicle's roof. */
const CAMERA_HEIGHT_METRES = 2.5;
/** A building counts as "beside" the stretch when a corner of its footprint is this near a panorama, metres. */
const BESIDE_METRES = 35;
/** Junctions of one street nearer than this are one place (the IRN has a node per carriageway), metres. */
const SAME_JUNCTION_METRES = 12;
/** Walls farther than this either side are not the street's own (an open space, a cross street), metres. */
const WALL_REACH_METRES = 30;
/** The most a street's panoramas are moved sideways to its middle, metres. */
const MAX_CENTRING_METRES = 5;
/** The three quality steps (SPEC §4 street view boost levels) and the depth map's width. */
const IMAGE_WIDTHS = [1024, 2048, 4096] as const;
const DEPTH_WIDTH = 1024;

interface SampleStreet {
  id: string;
  /** As the source file writes it (upper case), to find it there. */
  sourceName: string;
  name: { 'en-US': string; 'zh-HK': string; 'zh-CN': string };
  line: 'td-irn-junctions' | 'landsd-centrelines';
}

interface SampleSet {
  id: string;
  name: PanoramaSetManifest['name'];
  attribution: PanoramaSetManifest['attribution'];
  buildingFile: string;
  streets: SampleStreet[];
}

/**
 * The streets, chosen among the buildings of the district's building file. zh-HK as the data writes it (checked
 * below); zh-CN written out here, as the project's character table (data/names/chinese_script_characters.json)
 * lacks 鴻 (鸿).
 */
const SAMPLE_SETS: SampleSet[] = [
  {
    id: 'kwun-tong-rendered',
    name: { 'en-US': 'Kwun Tong streets (rendered sample)', 'zh-HK': '觀塘街道（電腦繪製樣本）', 'zh-CN': '观塘街道（电脑绘制样本）' },
    attribution: {
      'en-US':
        'Rendered sample, not a photograph: drawn from the map’s 3D scene (Lands Department 5 m DTM and iB1000 buildings of Kwun Tong), along streets of the Transport Department Intelligent Road Network',
      'zh-HK': '電腦繪製樣本，並非照片：由地圖的三維場景（地政總署 5 米數碼地形模型及觀塘 iB1000 建築物）繪製，街道取自運輸署智能道路網',
      'zh-CN': '电脑绘制样本，并非照片：由地图的三维场景（地政总署 5 米数码地形模型及观塘 iB1000 建筑物）绘制，街道取自运输署智能道路网',
    },
    buildingFile: 'buildings/kwun_tong_landsd_ib1000_buildings.geojson',
    streets: [
      { id: 'hung-to-road', sourceName: 'HUNG TO ROAD', name: { 'en-US': 'Hung To Road', 'zh-HK': '鴻圖道', 'zh-CN': '鸿图道' }, line: 'td-irn-junctions' },
      { id: 'how-ming-street', sourceName: 'HOW MING STREET', name: { 'en-US': 'How Ming Street', 'zh-HK': '巧明街', 'zh-CN': '巧明街' }, line: 'td-irn-junctions' },
    ],
  },
  {
    id: 'wong-tai-sin-rendered',
    name: { 'en-US': 'Wong Tai Sin streets (rendered sample)', 'zh-HK': '黃大仙街道（電腦繪製樣本）', 'zh-CN': '黄大仙街道（电脑绘制样本）' },
    attribution: {
      'en-US':
        'Rendered sample, not a photograph: drawn from the map’s 3D scene (Lands Department 5 m DTM and iB1000 building heights of Wong Tai Sin), along Lands Department iB1000 street centrelines',
      'zh-HK': '電腦繪製樣本，並非照片：由地圖的三維場景（地政總署 5 米數碼地形模型及黃大仙 iB1000 建築物高度）繪製，街道取自地政總署 iB1000 街道中心線',
      'zh-CN': '电脑绘制样本，并非照片：由地图的三维场景（地政总署 5 米数码地形模型及黄大仙 iB1000 建筑物高度）绘制，街道取自地政总署 iB1000 街道中心线',
    },
    buildingFile: 'buildings/wong_tai_sin_landsd_ib1000_building_heights.geojson',
    streets: [
      { id: 'wan-fung-street', sourceName: 'WAN FUNG STREET', name: { 'en-US': 'Wan Fung Street', 'zh-HK': '環鳳街', 'zh-CN': '环凤街' }, line: 'landsd-centrelines' },
      { id: 'hong-keung-street', sourceName: 'HONG KEUNG STREET', name: { 'en-US': 'Hong Keung Street', 'zh-HK': '康強街', 'zh-CN': '康强街' }, line: 'landsd-centrelines' },
    ],
  },
];

type Position = [number, number];
interface Feature<G> {
  properties: Record<string, unknown>;
  geometry: G;
}
const readFeatures = <G>(file: string) => (JSON.parse(readFileSync(join(DATA_DIR, file), 'utf8')) as { features: Array<Feature<G>> }).features;

const lonLat = ([longitude, latitude]: Position): LonLat => ({ longitude, latitude });
const metresBetween = (a: Position, b: Position) => geodesicInverse(lonLat(a), lonLat(b)).distanceMeters;

function checkName(street: SampleStreet, zh: unknown): void {
  if (zh !== street.name['zh-HK']) throw new Error(`${street.sourceName}: the data names it "${String(zh)}", the table "${street.name['zh-HK']}"`);
}

/** The street through its TD IRN junctions: one point per junction, ordered along the street's main direction. */
function junctionLine(street: SampleStreet): Position[] {
  const junctions = readFeatures<{ coordinates: Position }>('roads/td_irn_intersections.geojson').filter((feature) =>
    String(feature.properties.name_en ?? '')
      .split('/')
      .includes(street.sourceName),
  );
  if (junctions.length < 2) throw new Error(`${street.sourceName}: fewer than two TD IRN junctions`);
  for (const junction of junctions) {
    const names = String(junction.properties.name_zh ?? '').split('/');
    checkName(street, names[String(junction.properties.name_en).split('/').indexOf(street.sourceName)]);
  }
  // One point per junction: carriageway nodes a few metres apart are averaged.
  const groups: Position[][] = [];
  for (const { geometry } of junctions) {
    const group = groups.find((members) => metresBetween(members[0], geometry.coordinates) < SAME_JUNCTION_METRES);
    if (group) group.push(geometry.coordinates);
    else groups.push([geometry.coordinates]);
  }
  const points = groups.map((members): Position => [
    members.reduce((sum, [x]) => sum + x, 0) / members.length,
    members.reduce((sum, [, y]) => sum + y, 0) / members.length,
  ]);
  // Order by the main axis of the points (the first principal component, in local metres).
  const [meanX, meanY] = [points.reduce((s, [x]) => s + x, 0) / points.length, points.reduce((s, [, y]) => s + y, 0) / points.length];
  const xScale = Math.cos((meanY * Math.PI) / 180);
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of points) {
    const dx = (x - meanX) * xScale;
    const dy = y - meanY;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const along = ([x, y]: Position) => (x - meanX) * xScale * Math.cos(angle) + (y - meanY) * Math.sin(angle);
  return points.sort((a, b) => along(a) - along(b));
}

/** The street's LandsD centrelines joined end to end into its longest chain. */
function centrelineLine(street: SampleStreet): Position[] {
  const segments = readFeatures<{ coordinates: Position[] }>('roads/wong_tai_sin_landsd_ib1000_street_centrelines.geojson').filter(
    (feature) => feature.properties.name_en === street.sourceName,
  );
  if (segments.length === 0) throw new Error(`${street.sourceName}: no LandsD street centreline`);
  for (const segment of segments) checkName(street, segment.properties.name_zh);
  const lines = segments.map((segment) => segment.geometry.coordinates);
  const touching = (a: Position, b: Position) => metresBetween(a, b) < 1;
  let best: Position[] = [];
  for (const start of lines) {
    for (const first of [start, [...start].reverse()]) {
      const chain = [...first];
      const used = new Set([start]);
      for (;;) {
        const end = chain[chain.length - 1];
        const next = lines.find((line) => !used.has(line) && (touching(line[0], end) || touching(line[line.length - 1], end)));
        if (!next) break;
        used.add(next);
        chain.push(...(touching(next[0], end) ? next : [...next].reverse()).slice(1));
      }
      if (lengthOf(chain) > lengthOf(best)) best = chain;
    }
  }
  return best;
}

function lengthOf(line: readonly Position[]): number {
  let total = 0;
  for (let index = 1; index < line.length; index += 1) total += metresBetween(line[index - 1], line[index]);
  return total;
}

/** The place `distance` metres along the line and the street's direction there (degrees clockwise from north). */
function pointAlong(line: readonly Position[], distance: number): { position: Position; headingDegrees: number } {
  let remaining = distance;
  for (let index = 1; index < line.length; index += 1) {
    const inverse = geodesicInverse(lonLat(line[index - 1]), lonLat(line[index]));
    if (remaining <= inverse.distanceMeters || index === line.length - 1) {
      const reached = geodesicDirect(lonLat(line[index - 1]), inverse.initialAzimuthDegrees, Math.min(remaining, inverse.distanceMeters));
      return { position: [reached.longitude, reached.latitude], headingDegrees: (reached.finalAzimuthDegrees + 360) % 360 };
    }
    remaining -= inverse.distanceMeters;
  }
  throw new Error('a line needs two points');
}

/** A building's footprint: its rings (outer and courtyards), each a closed list of corners. */
type Footprint = Position[][];

/** Each building's footprint, for counting the buildings beside a stretch and finding the walls either side. */
function buildingFootprints(file: string): Footprint[] {
  const ringsOf = (coordinates: unknown): Position[][] =>
    Array.isArray(coordinates) && typeof coordinates[0]?.[0] === 'number' ? [coordinates as Position[]] : (coordinates as unknown[]).flatMap(ringsOf);
  return readFeatures<{ coordinates: unknown }>(file).map((feature) => ringsOf(feature.geometry.coordinates));
}

/** Metres east and north of `origin` (a flat-earth approximation: enough within a few tens of metres). */
function localMetres(origin: Position, [longitude, latitude]: Position): [number, number] {
  const metresPerDegree = 111_320;
  return [(longitude - origin[0]) * metresPerDegree * Math.cos((origin[1] * Math.PI) / 180), (latitude - origin[1]) * metresPerDegree];
}

/** How far a level ray from `origin` toward `azimuthDegrees` runs before it meets a footprint wall, metres (Infinity: none within `reach`). */
function wallDistance(origin: Position, azimuthDegrees: number, footprints: readonly Footprint[], reach: number): number {
  const [dx, dy] = [Math.sin((azimuthDegrees * Math.PI) / 180), Math.cos((azimuthDegrees * Math.PI) / 180)];
  let nearest = Number.POSITIVE_INFINITY;
  for (const footprint of footprints) {
    for (const ring of footprint) {
      const corners = ring.map((corner) => localMetres(origin, corner));
      if (corners.every(([x, y]) => Math.hypot(x, y) > reach + 200)) continue;
      for (let index = 1; index < corners.length; index += 1) {
        const [ax, ay] = corners[index - 1];
        const [ex, ey] = [corners[index][0] - ax, corners[index][1] - ay];
        const denominator = dx * ey - dy * ex;
        if (Math.abs(denominator) < 1e-12) continue;
        const along = (ax * ey - ay * ex) / denominator;
        const onEdge = (ax * dy - ay * dx) / denominator;
        if (along > 0 && along < nearest && onEdge >= 0 && onEdge <= 1) nearest = along;
      }
    }
  }
  return nearest <= reach ? nearest : Number.POSITIVE_INFINITY;
}

/** A stretch whose direction turns more than this between neighbours (a corner) is passed over, degrees. */
const MAX_TURN_DEGREES = 25;

const turnBetween = (a: number, b: number) => Math.abs(((b - a + 540) % 360) - 180);

/**
 * Where along the line the stretch of panoramas starts: the offset (in 5 m steps) with the most buildings beside
 * it among those without a corner (stepping round a corner turns the view away from the street).
 */
function bestStretch(line: readonly Position[], buildings: readonly Footprint[]): { start: number; beside: number } {
  const stretch = (PANORAMAS_PER_STREET - 1) * SPACING_METRES;
  const length = lengthOf(line);
  if (length < stretch) throw new Error(`a line of ${length.toFixed(0)} m is shorter than the ${stretch} m of a street's panoramas`);
  // A cheap flat-earth distance is enough to count neighbours.
  const metresPerDegree = 111_320;
  let best = { start: 0, beside: -1 };
  for (let start = 0; start <= length - stretch; start += 5) {
    const stops = Array.from({ length: PANORAMAS_PER_STREET }, (_, index) => pointAlong(line, start + index * SPACING_METRES));
    if (stops.some((stop, index) => index > 0 && turnBetween(stops[index - 1].headingDegrees, stop.headingDegrees) > MAX_TURN_DEGREES)) continue;
    const points = stops.map((stop) => stop.position);
    const beside = buildings.filter((footprint) =>
      footprint.flat().some(([x, y]) =>
        points.some(([px, py]) => Math.hypot((x - px) * metresPerDegree * Math.cos((py * Math.PI) / 180), (y - py) * metresPerDegree) < BESIDE_METRES),
      ),
    ).length;
    if (beside > best.beside) best = { start, beside };
  }
  if (best.beside < 0) throw new Error(`no stretch of the line runs without a corner`);
  return best;
}

/**
 * The sideways shift that puts a street's panoramas midway between the building walls either side, metres (positive:
 * to the right of the heading): the median over the panoramas that have a wall within WALL_REACH_METRES on both
 * sides, at most MAX_CENTRING_METRES, 0 with fewer than three such. One shift per street keeps its panoramas in a
 * line. It matters for the TD IRN junction lines, which can lie a few metres off a narrow street's middle.
 */
function centringShift(stops: ReadonlyArray<{ position: Position; headingDegrees: number }>, buildings: readonly Footprint[]): number {
  const shifts = stops
    .map(({ position, headingDegrees }) => {
      const right = wallDistance(position, headingDegrees + 90, buildings, WALL_REACH_METRES);
      const left = wallDistance(position, headingDegrees - 90, buildings, WALL_REACH_METRES);
      return (right - left) / 2;
    })
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (shifts.length < 3) return 0;
  const median = shifts[Math.floor(shifts.length / 2)];
  return Math.max(-MAX_CENTRING_METRES, Math.min(MAX_CENTRING_METRES, median));
}

function panoramasOf(street: SampleStreet, buildings: readonly Footprint[], capturedAt: string): PanoramaEntry[] {
  const line = street.line === 'td-irn-junctions' ? junctionLine(street) : centrelineLine(street);
  const { start, beside } = bestStretch(line, buildings);
  const dem = getDemSampler(DATA_DIR);
  const onLine = Array.from({ length: PANORAMAS_PER_STREET }, (_, index) => pointAlong(line, start + index * SPACING_METRES));
  const shift = centringShift(onLine, buildings);
  console.log(
    `${street.name['en-US']}: line ${lengthOf(line).toFixed(0)} m, panoramas from ${start} m, ${beside} buildings beside them, moved ${shift.toFixed(1)} m to the right to the street's middle`,
  );
  return onLine.map(({ position: [longitude, latitude], headingDegrees }, index) => {
    const moved = geodesicDirect({ longitude, latitude }, headingDegrees + 90, shift);
    const ground = dem.heightAt(moved.longitude, moved.latitude);
    if (ground === null) throw new Error(`${street.name['en-US']}: no ground height at ${moved.longitude}, ${moved.latitude}`);
    const id = `${street.id}-${String(index + 1).padStart(2, '0')}`;
    return {
      id,
      longitude: Number(moved.longitude.toFixed(7)),
      latitude: Number(moved.latitude.toFixed(7)),
      heightMeters: Number((ground + CAMERA_HEIGHT_METRES).toFixed(2)),
      headingDegrees: Number(headingDegrees.toFixed(1)) % 360,
      capturedAt,
      street: { id: street.id, name: street.name, order: index },
      images: IMAGE_WIDTHS.map((width) => ({ width, file: `${id}/${width}.jpg` })),
      depth: { file: `${id}/depth.bin`, width: DEPTH_WIDTH, height: DEPTH_WIDTH / 2, encoding: 'uint16-centimetres' as const },
    };
  });
}

function main(): void {
  const dateArgument = process.argv.find((argument) => argument.startsWith('--date='))?.slice('--date='.length);
  const capturedAt = dateArgument ?? new Date().toISOString().slice(0, 10);
  for (const set of SAMPLE_SETS) {
    const buildings = buildingFootprints(set.buildingFile);
    const manifest = panoramaSetManifestSchema.parse({
      $schema: '../../manifests/manifest.schema.json#/definitions/panorama-set',
      id: set.id,
      name: set.name,
      source: 'rendered',
      attribution: set.attribution,
      panoramas: set.streets.flatMap((street) => panoramasOf(street, buildings, capturedAt)),
    });
    const file = join(DATA_DIR, 'panoramas', `${set.id}.json`);
    writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`wrote ${file}: ${manifest.panoramas.length} panoramas`);
  }
}

main();
