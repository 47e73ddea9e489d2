/**
 * The four long hiking trails (MacLehose, Hong Kong, Lantau, Wilson), the start of each of their sections,
 * their distance posts (M001 ...) and the campsites along them, from the nicholas-fong/Hong-Kong-Trails-GPX-KML
 * files in data/trails (OpenStreetMap geometry, ODbL).
 */
import type { LocalisedText } from '../../core/contracts';
import { readDataJson, readDataText } from './files';
import { parseGpxWaypoints } from './gpx';
import { roundCoordinate, slug, type PlaceContext, type PlaceRecord } from './placeRecord';

export const TRAIL_FILES = {
  trails: 'trails/hk_long_trails_3d_derived.geojson',
  distancePosts: 'trails/All-576-Trail-markers.gpx',
  campsitesMacLehose: 'trails/MacLehose-campsites.gpx',
  campsitesLantau: 'trails/Lantau-campsites.gpx',
  campsitesWilson: 'trails/Wilson-campsites.gpx',
} as const;

/**
 * The long trails by their English name as the trail file writes it (the Wilson Trail comes in two lines,
 * "Wilson Trail HK" and "Wilson Trail"), with the letter of their distance posts (M001, H053, L100, W009).
 */
const LONG_TRAILS = [
  { key: 'maclehose', en: 'MacLehose Trail', postLetter: 'M' },
  { key: 'hong-kong', en: 'Hong Kong Trail', postLetter: 'H' },
  { key: 'lantau', en: 'Lantau Trail', postLetter: 'L' },
  { key: 'wilson', en: 'Wilson Trail', postLetter: 'W' },
] as const;

/** The campsite files in the order they are read; a campsite listed twice (Lead Mine Pass) is kept once. */
const CAMPSITE_FILES = [TRAIL_FILES.campsitesMacLehose, TRAIL_FILES.campsitesLantau, TRAIL_FILES.campsitesWilson];
/** Two campsite entries with the same Chinese name closer than this are one campsite, metres. */
const SAME_CAMPSITE_METERS = 1000;

/** Slips in the campsite files' English names (documented in data/README.md). */
const CAMPSITE_NAME_EN_FIXES: ReadonlyArray<[RegExp, string]> = [
  [/\bChenung\b/, 'Cheung'],
  // The files write "Camp Site", "Camps Site" and "Campsite"; AFCD writes "Campsite".
  [/\bCamps? Site$/, 'Campsite'],
];

/** Trail lines carry `source_file`; section-start points carry `trail_file`, the line's source file. */
interface TrailFile {
  features: Array<{
    geometry: { type: 'LineString'; coordinates: number[][] } | { type: 'Point'; coordinates: number[] };
    properties: { name: string; source_file?: string; trail_file?: string };
  }>;
}

interface Trail {
  key: string;
  postLetter: string;
  name: LocalisedText;
  /** The GPX files (`source_file`) its lines come from. */
  files: Set<string>;
}

/** "麥理浩徑 MacLehose Trail" → Chinese and English parts; null when either is missing. */
export function splitBilingualName(text: string): { zh: string; en: string } | null {
  const match = /^\s*([\p{Script=Han}]+)\s*(.*?)\s*$/u.exec(text);
  if (!match || !/[A-Za-z]/.test(match[2])) return null;
  return { zh: match[1], en: match[2] };
}

function metersBetween(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }): number {
  const radians = Math.PI / 180;
  const x = (b.longitude - a.longitude) * radians * Math.cos(((a.latitude + b.latitude) / 2) * radians);
  const y = (b.latitude - a.latitude) * radians;
  return Math.hypot(x, y) * 6_371_000;
}

export function loadTrailPlaces(context: PlaceContext): PlaceRecord[] {
  const file = readDataJson<TrailFile>(context.dataDir, TRAIL_FILES.trails);
  const trails = new Map<string, Trail>();
  for (const feature of file.features) {
    if (feature.geometry.type !== 'LineString') continue;
    const parts = splitBilingualName(feature.properties.name);
    const known = parts && LONG_TRAILS.find((trail) => parts.en.startsWith(trail.en));
    if (!parts || !known) throw new Error(`data/${TRAIL_FILES.trails}: unknown trail "${feature.properties.name}"`);
    const trail = trails.get(known.key) ?? {
      key: known.key,
      postLetter: known.postLetter,
      name: { 'en-US': known.en, 'zh-HK': parts.zh, 'zh-CN': context.toSimplified(parts.zh) },
      files: new Set<string>(),
    };
    trail.files.add(feature.properties.source_file ?? '');
    trails.set(known.key, trail);
  }
  const trailOfFile = (sourceFile: string) => [...trails.values()].find((trail) => trail.files.has(sourceFile));

  const places: PlaceRecord[] = [];
  const starts = new Map<string, PlaceRecord>();
  for (const feature of file.features) {
    if (feature.geometry.type !== 'Point') continue;
    const trail = trailOfFile(feature.properties.trail_file ?? '');
    const section = /^Section(\d+)(-end)?$/.exec(feature.properties.name);
    if (!trail || !section) throw new Error(`data/${TRAIL_FILES.trails}: unexpected point "${feature.properties.name}" of ${feature.properties.trail_file}`);
    const [, number, end] = section;
    const [longitude, latitude] = feature.geometry.coordinates;
    const { name } = trail;
    const place: PlaceRecord = {
      id: `trail-section:${trail.key}:${number}${end ?? ''}`,
      kind: 'trail-section',
      name: end
        ? { 'en-US': `${name['en-US']} Section ${number} end`, 'zh-HK': `${name['zh-HK']}第${number}段終點`, 'zh-CN': `${name['zh-CN']}第${number}段终点` }
        : { 'en-US': `${name['en-US']} Section ${number}`, 'zh-HK': `${name['zh-HK']}第${number}段`, 'zh-CN': `${name['zh-CN']}第${number}段` },
      longitude: roundCoordinate(longitude),
      latitude: roundCoordinate(latitude),
      ...context.locate(longitude, latitude),
    };
    if (!end && number === '1') starts.set(trail.key, place);
    places.push(place);
  }
  // A trail is found where it begins: the start of its first section.
  for (const trail of trails.values()) {
    const start = starts.get(trail.key);
    if (!start) throw new Error(`data/${TRAIL_FILES.trails}: ${trail.name['en-US']} has no Section1 point`);
    places.push({ id: `trail:${trail.key}`, kind: 'trail', name: trail.name, longitude: start.longitude, latitude: start.latitude, outsideHongKong: start.outsideHongKong });
  }
  places.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));

  const trailOfPost = new Map([...trails.values()].map((trail) => [trail.postLetter, trail]));
  const postsXml = readDataText(context.dataDir, TRAIL_FILES.distancePosts);
  const postCodes = new Set<string>();
  for (const waypoint of parseGpxWaypoints(postsXml, TRAIL_FILES.distancePosts)) {
    // A post shared by two trails is written "H053;W009" (and listed twice): one place per code.
    for (const code of waypoint.name.split(';')) {
      const trail = /^[A-Z]\d{3}$/.test(code) ? trailOfPost.get(code[0]) : undefined;
      if (!trail) throw new Error(`data/${TRAIL_FILES.distancePosts}: unexpected distance post "${waypoint.name}"`);
      if (postCodes.has(code)) continue;
      postCodes.add(code);
      places.push({
        id: `distance-post:${code}`,
        kind: 'distance-post',
        name: { 'en-US': code, 'zh-HK': code, 'zh-CN': code },
        detail: trail.name,
        longitude: roundCoordinate(waypoint.longitude),
        latitude: roundCoordinate(waypoint.latitude),
        outsideHongKong: context.locate(waypoint.longitude, waypoint.latitude).outsideHongKong,
      });
    }
  }

  const campsites: PlaceRecord[] = [];
  for (const path of CAMPSITE_FILES) {
    const trailKey = slug(path.replace(/^trails\//, '').replace(/-campsites\.gpx$/, ''));
    for (const waypoint of parseGpxWaypoints(readDataText(context.dataDir, path), path)) {
      // The files also hold drinking-water points and two unnamed sites, none with a Chinese name.
      const parts = splitBilingualName(waypoint.name);
      if (!parts) continue;
      if (campsites.some((c) => c.name['zh-HK'] === parts.zh && metersBetween(c, waypoint) < SAME_CAMPSITE_METERS)) continue;
      const en = CAMPSITE_NAME_EN_FIXES.reduce((text, [slip, fix]) => text.replace(slip, fix), parts.en);
      campsites.push({
        id: `campsite:${trailKey}:${slug(en.replace(/ Campsite$/, ''))}`,
        kind: 'campsite',
        name: { 'en-US': en, 'zh-HK': parts.zh, 'zh-CN': context.toSimplified(parts.zh) },
        longitude: roundCoordinate(waypoint.longitude),
        latitude: roundCoordinate(waypoint.latitude),
        ...context.locate(waypoint.longitude, waypoint.latitude),
      });
    }
  }
  return [...places, ...campsites];
}
