/**
 * The four long trails split into their stages, each measured on the LandsD DTM (server/terrain/dem.ts), with the
 * distance posts and campsites along it (read by trailPlaces.ts, the place search's loader) and the MTR exits near
 * its ends. Built once at start-up; `trailProfile.ts` holds the pure figures.
 *
 * Stages: the GPX section waypoints (`Section1` … `Section10-end`) of data/trails/hk_long_trails_3d_derived.geojson,
 * each snapped to the nearest vertex of its line, searched forward from the previous stage so a loop (the Lantau
 * Trail ends where it starts) cannot send an end back to the beginning. A stage runs from its waypoint to the next
 * section's, or to its own `-end` waypoint where the line ends (the Wilson Trail's Hong Kong Island line ends after
 * section 2; section 3 begins on the Kowloon line).
 */
import type { LocalisedText } from '../../core/contracts/common';
import {
  PROFILE_STEP_METRES,
  MTR_EXIT_RANGE_METRES,
  naismithMinutes,
  difficultyOf,
  STEEPNESS_CLASSES,
  type TrailFigures,
  type TrailId,
  type TrailListResponse,
  type TrailMtrExit,
  type TrailProfileResponse,
  type TrailStage,
  type SteepnessClass,
} from '../../core/contracts/trails';
import { DEM_ATTRIBUTION, type DemSampler } from '../terrain/dem';
import { loadDistrictIndex } from './districts';
import { readDataJson } from './files';
import type { PlaceContext } from './placeRecord';
import { convertCharacters, type CharacterMap } from './searchText';
import { loadTrailPlaces, splitBilingualName, TRAIL_FILES } from './trailPlaces';
import {
  metresBetween,
  nearestVertexIndex,
  profileFigures,
  sampleLine,
  smoothHeights,
  type LineSample,
  type LonLatPair,
} from './trailProfile';

/** Samples averaged by the smoothing: 5 × 25 m = 125 m, about two cells of the 70 m DTM. */
export const SMOOTHING_WINDOW_SAMPLES = 5;
/** A distance post further than this from a stage's track is not on it, metres. */
const POST_ON_TRACK_METRES = 150;
/** A campsite within this of a stage's track is listed with it (AFCD sites sit a short walk off the trail), metres. */
const CAMPSITE_NEAR_TRACK_METRES = 800;

export const TRAIL_ATTRIBUTION =
  'Trails, distance posts and campsites: © OpenStreetMap contributors (ODbL), via nicholas-fong/Hong-Kong-Trails-GPX-KML; ' +
  `heights: ${DEM_ATTRIBUTION}; MTR exits: MTR Corporation open data`;

export const TRAIL_METHOD = {
  heights:
    'LandsD 5 m DTM resampled to 70 m (the terrain the map draws), sampled every 25 m along the track and smoothed ' +
    'with a 125 m moving average. Not the GPX <ele>: those are ASTER GDEM heights in steps of several metres that ' +
    'jump 20–30 m between neighbouring points, which would count hundreds of metres of false ascent.',
  duration: "Naismith's rule: 5 km/h on the distance plus 1 hour per 600 m of ascent; no rests.",
  difficulty:
    'Share of the distance steeper than 9.2° (SPEC §9 steep and severe): under 10 % easy, under 20 % moderate, under 30 % hard, else very hard.',
  stages:
    'From the GPX section waypoints (Section1 … SectionN-end), snapped to the track; the distance posts (every 500 m) are listed along each stage.',
} as const;

const LONG_TRAILS: ReadonlyArray<{ id: TrailId; en: string; postLetter: string }> = [
  { id: 'maclehose', en: 'MacLehose Trail', postLetter: 'M' },
  { id: 'wilson', en: 'Wilson Trail', postLetter: 'W' },
  { id: 'hong-kong', en: 'Hong Kong Trail', postLetter: 'H' },
  { id: 'lantau', en: 'Lantau Trail', postLetter: 'L' },
];

interface TrailFile {
  features: Array<{
    geometry: { type: 'LineString'; coordinates: number[][] } | { type: 'Point'; coordinates: number[] };
    properties: { name: string; source_file?: string; trail_file?: string };
  }>;
}
interface ExitFile {
  features: Array<{ geometry: { coordinates: [number, number] }; properties: { station_en: string; station_tc: string; exit: string; barrier_free: boolean } }>;
}

/** One stage measured: its summary, its profile and what lies along it. */
interface BuiltStage {
  summary: TrailStage;
  samples: Array<[number, number, number, number]>;
  slopeDegrees: number[];
  steepness: SteepnessClass[];
  distancePosts: TrailProfileResponse['distancePosts'];
  /** How far each post listed lies from this stage's track, metres. */
  postOffsets: Map<string, number>;
  campsites: TrailProfileResponse['campsites'];
  start: TrailProfileResponse['start'];
  end: TrailProfileResponse['end'];
}

interface BuiltTrail {
  id: TrailId;
  name: LocalisedText;
  figures: TrailFigures;
  stages: BuiltStage[];
}

export interface TrailCatalogue {
  list(): TrailListResponse;
  /** The profile of a stage, or of the whole trail when `stage` is undefined; null when the trail has no such stage. */
  profile(trail: TrailId, stage: number | undefined): TrailProfileResponse | null;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function boundsOf(samples: ReadonlyArray<{ longitude: number; latitude: number }>): [number, number, number, number] {
  const longitudes = samples.map((sample) => sample.longitude);
  const latitudes = samples.map((sample) => sample.latitude);
  return [Math.min(...longitudes), Math.min(...latitudes), Math.max(...longitudes), Math.max(...latitudes)];
}

/** Figures of several stages walked one after another (a whole trail). */
function combineFigures(parts: readonly TrailFigures[]): TrailFigures {
  const sum = (pick: (figures: TrailFigures) => number) => parts.reduce((total, figures) => total + pick(figures), 0);
  const lengthMetres = sum((figures) => figures.lengthMetres);
  const ascentMetres = sum((figures) => figures.ascentMetres);
  const metresByClass = Object.fromEntries(
    STEEPNESS_CLASSES.map((steepClass) => [steepClass, round(sum((figures) => figures.metresByClass[steepClass]))]),
  ) as TrailFigures['metresByClass'];
  const steepShare = lengthMetres > 0 ? (metresByClass.steep + metresByClass.severe) / lengthMetres : 0;
  const districts: LocalisedText[] = [];
  for (const district of parts.flatMap((figures) => figures.districts)) {
    if (!districts.some((known) => known['en-US'] === district['en-US'])) districts.push(district);
  }
  const bounds = parts.map((figures) => figures.bounds);
  return {
    lengthMetres: round(lengthMetres),
    ascentMetres: round(ascentMetres),
    descentMetres: round(sum((figures) => figures.descentMetres)),
    durationMinutes: round(naismithMinutes(lengthMetres, ascentMetres)),
    steepShare: round(steepShare, 4),
    difficulty: difficultyOf(steepShare),
    metresByClass,
    lowestMetres: Math.min(...parts.map((figures) => figures.lowestMetres)),
    highestMetres: Math.max(...parts.map((figures) => figures.highestMetres)),
    districts,
    start: parts[0].start,
    end: parts[parts.length - 1].end,
    bounds: [
      Math.min(...bounds.map((box) => box[0])),
      Math.min(...bounds.map((box) => box[1])),
      Math.max(...bounds.map((box) => box[2])),
      Math.max(...bounds.map((box) => box[3])),
    ],
  };
}

/** Builds every trail and stage from the files in `dataDir`; throws naming the file when one is not as expected. */
export function loadTrailCatalogue(dataDir: string, dem: DemSampler): TrailCatalogue {
  const districtIndex = loadDistrictIndex(dataDir);
  const script = readDataJson<{ toSimplified: CharacterMap; toTraditional: CharacterMap }>(dataDir, 'names/chinese_script_characters.json');
  const context: PlaceContext = {
    dataDir,
    locate(longitude, latitude) {
      const district = districtIndex.districtAt(longitude, latitude);
      return district === null ? { outsideHongKong: true } : { detail: district.name, outsideHongKong: false };
    },
    toSimplified: (text) => convertCharacters(text, script.toSimplified),
    toTraditional: (text) => convertCharacters(text, script.toTraditional),
  };
  const places = loadTrailPlaces(context);
  const exits = readDataJson<ExitFile>(dataDir, 'mtr/mtr_exits_derived.geojson').features;

  const heightAt = (longitude: number, latitude: number): number => {
    const [height] = dem.heightsAt([[longitude, latitude]]);
    if (height === null) throw new Error(`The DTM has no height at ${longitude}, ${latitude} on a trail`);
    return height;
  };

  const mtrExitsNear = (point: LonLatPair): TrailMtrExit[] => {
    const nearestByStation = new Map<string, TrailMtrExit>();
    for (const exit of exits) {
      const straightMetres = metresBetween(point, exit.geometry.coordinates);
      if (straightMetres > MTR_EXIT_RANGE_METRES) continue;
      const known = nearestByStation.get(exit.properties.station_en);
      if (known && known.straightMetres <= straightMetres) continue;
      nearestByStation.set(exit.properties.station_en, {
        station: { 'en-US': exit.properties.station_en, 'zh-HK': exit.properties.station_tc, 'zh-CN': context.toSimplified(exit.properties.station_tc) },
        exit: exit.properties.exit,
        position: exit.geometry.coordinates,
        barrierFree: exit.properties.barrier_free,
        straightMetres: Math.round(straightMetres),
      });
    }
    return [...nearestByStation.values()].sort((a, b) => a.straightMetres - b.straightMetres).slice(0, 2);
  };

  const file = readDataJson<TrailFile>(dataDir, TRAIL_FILES.trails);
  const built: BuiltTrail[] = [];
  for (const trail of LONG_TRAILS) {
    const lines = file.features.filter(
      (feature): feature is TrailFile['features'][number] & { geometry: { type: 'LineString' } } =>
        feature.geometry.type === 'LineString' && (splitBilingualName(feature.properties.name)?.en.startsWith(trail.en) ?? false),
    );
    if (lines.length === 0) throw new Error(`data/${TRAIL_FILES.trails}: no line of the ${trail.en}`);
    const zh = splitBilingualName(lines[0].properties.name)?.zh ?? trail.en;
    const name: LocalisedText = { 'en-US': trail.en, 'zh-HK': zh, 'zh-CN': context.toSimplified(zh) };
    const waypoints = new Map<string, { file: string; position: LonLatPair }>();
    for (const feature of file.features) {
      if (feature.geometry.type !== 'Point' || !lines.some((line) => line.properties.source_file === feature.properties.trail_file)) continue;
      const [longitude, latitude] = feature.geometry.coordinates;
      waypoints.set(feature.properties.name, { file: feature.properties.trail_file ?? '', position: [longitude, latitude] });
    }
    const posts = places
      .filter((place) => place.kind === 'distance-post' && place.id.startsWith(`distance-post:${trail.postLetter}`))
      .map((place) => ({ code: place.id.slice('distance-post:'.length), position: [place.longitude, place.latitude] as [number, number] }));
    const campsites = places.filter((place) => place.kind === 'campsite');

    const stages: BuiltStage[] = [];
    let searchFrom = new Map<string, number>();
    for (let number = 1; waypoints.has(`Section${number}`); number += 1) {
      const startPoint = waypoints.get(`Section${number}`)!;
      const endPoint = waypoints.get(`Section${number}-end`) ?? waypoints.get(`Section${number + 1}`);
      if (!endPoint || endPoint.file !== startPoint.file) throw new Error(`data/${TRAIL_FILES.trails}: ${trail.en} section ${number} has no end on its line`);
      const line = lines.find((candidate) => candidate.properties.source_file === startPoint.file)!;
      const vertices = line.geometry.coordinates.map(([longitude, latitude]) => [longitude, latitude] as const);
      const from = searchFrom.get(startPoint.file) ?? 0;
      const startIndex = from + nearestVertexIndex(vertices.slice(from), startPoint.position);
      const endIndex = startIndex + 1 + nearestVertexIndex(vertices.slice(startIndex + 1), endPoint.position);
      searchFrom = new Map(searchFrom).set(startPoint.file, endIndex);
      stages.push(buildStage(name, number, vertices.slice(startIndex, endIndex + 1), metresBetween(startPoint.position, vertices[startIndex]), posts, campsites));
    }
    if (stages.length === 0) throw new Error(`data/${TRAIL_FILES.trails}: the ${trail.en} has no Section1 waypoint`);
    // Where two stages pass within reach of the same post (the Hong Kong Trail's sections 2 and 3 around Aberdeen),
    // the post belongs to the stage it stands nearest to.
    for (const stage of stages) {
      stage.distancePosts = stage.distancePosts.filter((post) =>
        stages.every((other) => other === stage || !other.postOffsets.has(post.code) || other.postOffsets.get(post.code)! > stage.postOffsets.get(post.code)!),
      );
    }
    built.push({ id: trail.id, name, figures: combineFigures(stages.map((stage) => stage.summary)), stages });
  }

  function buildStage(
    trailName: LocalisedText,
    number: number,
    vertices: ReadonlyArray<LonLatPair>,
    startWaypointOffsetMetres: number,
    posts: ReadonlyArray<{ code: string; position: [number, number] }>,
    campsites: ReturnType<typeof loadTrailPlaces>,
  ): BuiltStage {
    const samples = sampleLine(vertices, PROFILE_STEP_METRES);
    const heights = smoothHeights(
      samples.map((sample) => heightAt(sample.longitude, sample.latitude)),
      SMOOTHING_WINDOW_SAMPLES,
    );
    const figures = profileFigures(
      samples.map((sample) => sample.distanceMetres),
      heights,
    );
    const districts: LocalisedText[] = [];
    for (let index = 0; index < samples.length; index += 10) {
      const district = districtIndex.districtAt(samples[index].longitude, samples[index].latitude);
      if (district && !districts.some((known) => known['en-US'] === district.name['en-US'])) districts.push(district.name);
    }
    const nearestSample = (point: LonLatPair): { sample: LineSample; metres: number } => {
      const index = nearestVertexIndex(samples.map((sample) => [sample.longitude, sample.latitude] as const), point);
      return { sample: samples[index], metres: metresBetween(point, [samples[index].longitude, samples[index].latitude]) };
    };
    const stageName = (suffix: 'start' | 'end'): LocalisedText =>
      suffix === 'start'
        ? { 'en-US': `${trailName['en-US']} Section ${number}`, 'zh-HK': `${trailName['zh-HK']}第${number}段`, 'zh-CN': `${trailName['zh-CN']}第${number}段` }
        : { 'en-US': `${trailName['en-US']} Section ${number} end`, 'zh-HK': `${trailName['zh-HK']}第${number}段終點`, 'zh-CN': `${trailName['zh-CN']}第${number}段终点` };
    const first = samples[0];
    const last = samples[samples.length - 1];
    const postsNear = posts.map((post) => ({ post, near: nearestSample(post.position) })).filter(({ near }) => near.metres <= POST_ON_TRACK_METRES);
    const summary: TrailStage = {
      stage: number,
      name: stageName('start'),
      startWaypointOffsetMetres: Math.round(startWaypointOffsetMetres),
      lengthMetres: round(figures.lengthMetres),
      ascentMetres: round(figures.ascentMetres),
      descentMetres: round(figures.descentMetres),
      durationMinutes: round(figures.durationMinutes),
      steepShare: round(figures.steepShare, 4),
      difficulty: figures.difficulty,
      metresByClass: Object.fromEntries(STEEPNESS_CLASSES.map((steepClass) => [steepClass, round(figures.metresByClass[steepClass])])) as TrailFigures['metresByClass'],
      lowestMetres: round(figures.lowestMetres),
      highestMetres: round(figures.highestMetres),
      districts,
      start: [first.longitude, first.latitude],
      end: [last.longitude, last.latitude],
      bounds: boundsOf(samples),
    };
    return {
      summary,
      samples: samples.map((sample, index) => [round(sample.distanceMetres), round(sample.longitude, 6), round(sample.latitude, 6), round(heights[index])]),
      slopeDegrees: figures.slopeDegrees.map((degrees) => round(degrees, 2)),
      steepness: figures.steepness,
      postOffsets: new Map(postsNear.map(({ post, near }) => [post.code, near.metres])),
      distancePosts: postsNear
        .map(({ post, near }) => ({ code: post.code, position: post.position, distanceMetres: near.sample.distanceMetres }))
        .sort((a, b) => a.distanceMetres - b.distanceMetres || a.code.localeCompare(b.code)),
      campsites: campsites
        .map((campsite) => ({ campsite, near: nearestSample([campsite.longitude, campsite.latitude]) }))
        .filter(({ near }) => near.metres <= CAMPSITE_NEAR_TRACK_METRES)
        .map(({ campsite, near }) => ({
          name: campsite.name,
          position: [campsite.longitude, campsite.latitude] as [number, number],
          distanceMetres: round(near.sample.distanceMetres),
          offTrailMetres: Math.round(near.metres),
        }))
        .sort((a, b) => a.distanceMetres - b.distanceMetres),
      start: { name: stageName('start'), position: summary.start, heightMetres: round(heights[0]), mtrExits: mtrExitsNear(summary.start) },
      end: { name: stageName('end'), position: summary.end, heightMetres: round(heights[heights.length - 1]), mtrExits: mtrExitsNear(summary.end) },
    };
  }

  return {
    list: () => ({
      trails: built.map((trail) => ({ id: trail.id, name: trail.name, figures: trail.figures, stages: trail.stages.map((stage) => stage.summary) })),
      method: { ...TRAIL_METHOD },
      attribution: TRAIL_ATTRIBUTION,
    }),
    profile(trailId, stageNumber) {
      const trail = built.find((candidate) => candidate.id === trailId);
      if (!trail) return null;
      if (stageNumber !== undefined) {
        const stage = trail.stages[stageNumber - 1];
        if (!stage) return null;
        return {
          trail: trail.id,
          stage: stageNumber,
          name: stage.summary.name,
          figures: stage.summary,
          stepMetres: PROFILE_STEP_METRES,
          samples: stage.samples,
          slopeDegrees: stage.slopeDegrees,
          steepness: stage.steepness,
          distancePosts: stage.distancePosts,
          campsites: stage.campsites,
          start: stage.start,
          end: stage.end,
          attribution: TRAIL_ATTRIBUTION,
        };
      }
      // The whole trail: the stages one after another, distances running on (the Wilson Trail's harbour crossing,
      // between its two lines, is not walked and adds nothing).
      let offset = 0;
      const samples: BuiltStage['samples'] = [];
      const slopeDegrees: number[] = [];
      const steepness: SteepnessClass[] = [];
      const distancePosts: TrailProfileResponse['distancePosts'] = [];
      const campsites: TrailProfileResponse['campsites'] = [];
      for (const stage of trail.stages) {
        // A stage's first sample is the previous stage's last (the same vertex), so it is dropped after the first
        // stage; where a stage starts on another line (Wilson section 3) the step across the gap keeps the slope of
        // the stage's own first step, and the map draws no line over a gap (the drawer breaks the line there).
        const skip = samples.length > 0 ? 1 : 0;
        slopeDegrees.push(...stage.slopeDegrees);
        steepness.push(...stage.steepness);
        samples.push(...stage.samples.slice(skip).map(([distance, longitude, latitude, height]) => [round(distance + offset), longitude, latitude, height] as [number, number, number, number]));
        distancePosts.push(...stage.distancePosts.filter((post) => !distancePosts.some((known) => known.code === post.code)).map((post) => ({ ...post, distanceMetres: round(post.distanceMetres + offset) })));
        campsites.push(...stage.campsites.filter((site) => !campsites.some((known) => known.name['en-US'] === site.name['en-US'])).map((site) => ({ ...site, distanceMetres: round(site.distanceMetres + offset) })));
        offset += stage.summary.lengthMetres;
      }
      const first = trail.stages[0];
      const last = trail.stages[trail.stages.length - 1];
      return {
        trail: trail.id,
        stage: null,
        name: trail.name,
        figures: trail.figures,
        stepMetres: PROFILE_STEP_METRES,
        samples,
        slopeDegrees,
        steepness,
        distancePosts,
        campsites,
        start: first.start,
        end: last.end,
        attribution: TRAIL_ATTRIBUTION,
      };
    },
  };
}
