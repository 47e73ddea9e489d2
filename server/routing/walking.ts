/**
 * The walking network of Hong Kong from the data that exists, and walking routes over it (issue 17 point 5). It is
 * built with the one routing engine (graph.ts GraphBuilder / PathFinder, snap.ts EdgeSnapIndex) and routed with
 * roads.ts `drivingRoute`'s snap-and-search, at walking speed. What goes in (server/routing/CONTEXT.md, "Walking"):
 *
 *  1. The Transport Department junction graph (roads.ts: node = junction, edge = an IRN segment listed at exactly
 *     two junctions, the straight line between them) **minus the segments a pedestrian may not use**: any segment
 *     with a piece posted at 70 km/h or more (`PEDESTRIAN_MAX_SPEED_LIMIT_KMH`) — in Hong Kong those are the
 *     expressways, trunk-road viaducts and tunnels, where walking is prohibited or there is no footway. Bus-only
 *     lanes stay (the pavements beside them are walkable). A segment is named after the street its two junctions
 *     share: the TD junction names list the legs meeting there ("NATHAN ROAD/ARGYLE STREET"), and the leg present
 *     at both ends is the street between them.
 *  2. The Lands Department iB1000 street centrelines of Wong Tai Sin, in their real alignment (every vertex a node),
 *     joined to each other where their ends coincide (to 1e-6°, about 0.1 m) and to a TD junction where an end lies
 *     within `CENTRELINE_JUNCTION_JOIN_METRES` of one. Left out: road tunnels (`street_type` TUN) and any
 *     centreline whose middle lies within `FAST_ROAD_CLEARANCE_METRES` of a road posted at 70 km/h or more (the
 *     by-pass and tunnel approaches, same rule as 1).
 *  3. The Transport Department pedestrian zones (63 streets closed to traffic at set hours; walkable at all hours),
 *     in their real alignment, each end joined to the nearest walkable line within `ZONE_JOIN_METRES`.
 *  4. The 582 MTR station exits (data/mtr, through the place search's list, server/data/places.ts), as named nodes
 *     joined to the nearest walkable line (within `EXIT_JOIN_METRES`); the joining leg is named as the place search
 *     names the exit ("Wong Tai Sin Exit B2"), so a walk from a searched exit starts on the exit's own spur.
 *  5. Optionally the Lands Department 3D pedestrian network (`PEDESTRIAN_NETWORK_ENV` / `PEDESTRIAN_NETWORK_DEFAULT_PATH`),
 *     joined like 3 (see `loadPedestrianNetworkFile`).
 *
 * A point is joined to the nearest line by a spur: a straight edge to a new node on the nearest edge, which is
 * joined to that edge's two ends by the two parts of the edge (same street name), so the route follows the
 * street and never cuts across a block, and a place at an exit snaps onto the exit's own spur. Cost = seconds at
 * WALKING_SPEED_METRES_PER_SECOND; every edge is walkable both ways except 3DPN segments whose `direction` says
 * otherwise (one-way escalators).
 */
import { readFileSync } from 'node:fs';
import type { Language, LocalisedText } from '../../core/contracts/common';
import {
  WALKING_SPEED_METRES_PER_SECOND,
  WALK_MAX_ACCESS_METRES,
  type WalkingRouteFound,
  type WalkingRouteResponse,
} from '../../core/contracts/walking';
import { readDataJson } from '../data/files';
import { loadPlaces } from '../data/places';
import { convertCharacters, type CharacterMap } from '../data/searchText';
import { droppedInFile, lines, type FeatureCollection, type Position } from './geojsonFiles';
import { GraphBuilder, PathFinder, connectedParts, type Graph } from './graph';
import { greatCircleMetres } from './network';
import { ROAD_FILES, drivingRoute } from './roads';
import { EdgeSnapIndex } from './snap';

/** Segments with any piece posted at this speed or faster are not walkable (expressways, trunk viaducts, tunnels). */
export const PEDESTRIAN_MAX_SPEED_LIMIT_KMH = 70;
/** A Wong Tai Sin centreline end this close to a TD junction is the same crossing: they are joined. Metres. */
export const CENTRELINE_JUNCTION_JOIN_METRES = 15;
/** A centreline whose middle lies this close to a road posted ≥ 70 km/h is that road (or its slip road): left out. */
export const FAST_ROAD_CLEARANCE_METRES = 12;
/** A pedestrian-zone end joins the nearest walkable line within this many metres (zones lie on streets). */
export const ZONE_JOIN_METRES = 60;
/** An MTR exit joins the nearest walkable line within this many metres (exits open onto pavements). */
export const EXIT_JOIN_METRES = 300;
/** A 3D pedestrian network end joins the built network within this many metres, where it does not meet another 3DPN end. */
export const PEDESTRIAN_NETWORK_JOIN_METRES = 10;

/**
 * Places snap only to connected parts of at least this many nodes. Leaving out the fast roads splits the network
 * where only they join it (Hong Kong Island, Lantau, parts of the New Territories: walking cannot cross there
 * either), so snapping is not limited to the largest part; but a pin beside a lone junction or a two-junction
 * fragment (1,740 junctions lost every segment) would find no route at all, so those are skipped.
 */
export const MIN_SNAP_PART_NODES = 20;

/** Environment variable naming a LandsD 3D pedestrian network GeoJSON to add to the walking graph. */
export const PEDESTRIAN_NETWORK_ENV = 'PEDESTRIAN_NETWORK_FILE';
/** Where the loader looks for that file when the variable is not set, relative to the data folder. */
export const PEDESTRIAN_NETWORK_DEFAULT_PATH = 'pedestrian/3dpn.geojson';

export const WALKING_FILES = {
  junctions: ROAD_FILES.intersections,
  speedLimits: ROAD_FILES.speedLimits,
  centrelines: 'roads/wong_tai_sin_landsd_ib1000_street_centrelines.geojson',
  pedestrianZones: 'roads/td_irn_pedestrian_zones.geojson',
  script: 'names/chinese_script_characters.json',
} as const;

export const WALKING_ATTRIBUTION =
  'Walking network: Transport Department Intelligent Road Network (2021) junctions, segments and pedestrian zones; ' +
  'Lands Department iB1000 street centrelines (Wong Tai Sin); MTR station exits (map.gov.hk); DATA.GOV.HK terms of use.';


export interface WalkingNetwork {
  graph: Graph;
  finder: PathFinder;
  /** Snaps places to the walkable lines of parts with ≥ MIN_SNAP_PART_NODES nodes. */
  snapIndex: EdgeSnapIndex;
  /** Per edge tag (`graph.edgeTag`): the index of its street name in `names`, or -1 (no name in the data). */
  edgeName: number[];
  names: LocalisedText[];
  /** The 3D pedestrian network file added, if any. */
  pedestrianNetworkFile: string | null;
  stats: {
    junctionSegments: number;
    fastSegmentsLeftOut: number;
    centrelines: number;
    centrelinesLeftOut: number;
    centrelineEndsJoinedToJunctions: number;
    pedestrianZones: number;
    exitsJoined: number;
    exitsNotJoined: number;
    pedestrianNetworkSegments: number;
    buildMilliseconds: number;
  };
}

export interface WalkingNetworkOptions {
  /** Environment to read `PEDESTRIAN_NETWORK_FILE` from (default process.env). */
  env?: Record<string, string | undefined>;
}


/** "LUNG CHEUNG ROAD" → "Lung Cheung Road"; "JAT'S INCLINE" → "Jat's Incline"; "KWUN TONG BY-PASS" → "Kwun Tong By-pass". */
export function titleCase(upper: string): string {
  return upper.toLowerCase().replace(/(^|\s)(\p{L})/gu, (_match, space: string, letter: string) => space + letter.toUpperCase());
}

/** The 3D pedestrian network file to add, if one was dropped in: the env variable's path, else the default path if present. */
export function pedestrianNetworkFile(dataDir: string, env: Record<string, string | undefined> = process.env): string | null {
  return droppedInFile(dataDir, env, PEDESTRIAN_NETWORK_ENV, PEDESTRIAN_NETWORK_DEFAULT_PATH);
}

/** One segment of a 3D pedestrian network file, as read (see `loadPedestrianNetworkFile`). */
export interface PedestrianNetworkSegment {
  line: Position[];
  /** SPEC §9: 1 only as drawn, -1 only against, 0 both ways. */
  direction: 1 | -1 | 0;
  name: LocalisedText | null;
}

/** A property by any of its spellings, case-insensitive (ogr2ogr keeps the geodatabase's field names as they are). */
function property(properties: Record<string, unknown>, ...names: string[]): unknown {
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  for (const [key, value] of Object.entries(properties)) if (wanted.has(key.toLowerCase())) return value;
  return undefined;
}

/**
 * Reads a LandsD 3D pedestrian network converted to GeoJSON (server/routing/CONTEXT.md gives the ogr2ogr command):
 * LineString / MultiLineString features in WGS84. Fields read (case-insensitive): `direction` (SPEC §9: 1 as
 * drawn, -1 against, 0 or absent both ways; any other value is an error naming the feature), `streetNameEn` /
 * `streetNameZh` (or `streetName_en` / `streetName_tc`) for the leg's name. 3D heights (a third coordinate) are
 * dropped: lengths are measured on the ground. Throws naming the file when it is not a GeoJSON FeatureCollection.
 */
export function loadPedestrianNetworkFile(path: string): PedestrianNetworkSegment[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the pedestrian network file ${path}: ${(error as Error).message}`, { cause: error });
  }
  const features = (parsed as FeatureCollection<Record<string, unknown>> | null)?.features;
  if (!Array.isArray(features)) throw new Error(`The pedestrian network file ${path} is not a GeoJSON FeatureCollection`);
  const segments: PedestrianNetworkSegment[] = [];
  features.forEach((feature, index) => {
    const properties = feature?.properties ?? {};
    const rawDirection = property(properties, 'direction') ?? 0;
    const direction = Number(rawDirection);
    if (direction !== 1 && direction !== -1 && direction !== 0) {
      throw new Error(`The pedestrian network file ${path}: feature ${index} has direction ${JSON.stringify(rawDirection)}; SPEC §9 allows 1, -1 or 0`);
    }
    const en = property(properties, 'streetNameEn', 'streetName_en', 'street_name_en');
    const zh = property(properties, 'streetNameZh', 'streetName_tc', 'streetNameTc', 'street_name_zh');
    const name = typeof en === 'string' && en && typeof zh === 'string' && zh ? { 'en-US': en, 'zh-HK': zh, 'zh-CN': zh } : null;
    for (const line of lines(feature?.geometry ?? null)) {
      const points = line.filter((point) => Array.isArray(point) && Number.isFinite(point[0]) && Number.isFinite(point[1])).map((point): Position => [point[0], point[1]]);
      if (points.length >= 2) segments.push({ line: points, direction, name });
    }
  });
  return segments;
}

/**
 * The nearest of `points` to a place within `maxMetres` (its index), or null: the engine's edge snap index over
 * zero-length edges, one at each point, so points need no second spatial index.
 */
function pointIndex(points: readonly Position[]): (place: Position, maxMetres: number) => number | null {
  const builder = new GraphBuilder();
  for (const [lon, lat] of points) {
    const node = builder.addNode(lon, lat);
    builder.addEdge(node, node, 0, 0);
  }
  const index = new EdgeSnapIndex(builder.build(), 0.002);
  return (place, maxMetres) => {
    const snap = index.nearest(place[0], place[1], maxMetres);
    return snap ? index.graph.edgeFrom[snap.edge] : null;
  };
}

/** Builds the walking graph from the files in data/ (and a dropped-in 3D pedestrian network, if any). */
export function loadWalkingNetwork(dataDir: string, options: WalkingNetworkOptions = {}): WalkingNetwork {
  const started = performance.now();
  const extraFile = pedestrianNetworkFile(dataDir, options.env);
  const toSimplified = readDataJson<{ toSimplified: CharacterMap }>(dataDir, WALKING_FILES.script).toSimplified;
  const builder = new GraphBuilder();
  const edgeName: number[] = [];
  const names: LocalisedText[] = [];
  const nameIds = new Map<string, number>();
  const stats = {
    junctionSegments: 0,
    fastSegmentsLeftOut: 0,
    centrelines: 0,
    centrelinesLeftOut: 0,
    centrelineEndsJoinedToJunctions: 0,
    pedestrianZones: 0,
    exitsJoined: 0,
    exitsNotJoined: 0,
    pedestrianNetworkSegments: 0,
    buildMilliseconds: 0,
  };

  /** The id of a street name given in English (any case) and Traditional Chinese; zh-CN by the project's character table. */
  const nameId = (en: string | null | undefined, zh: string | null | undefined, zhCN?: string): number => {
    if (!en || !zh) return -1;
    const key = `${en}\u0000${zh}`;
    let id = nameIds.get(key);
    if (id === undefined) {
      id = names.length;
      names.push({ 'en-US': en === en.toUpperCase() ? titleCase(en) : en, 'zh-HK': zh, 'zh-CN': zhCN ?? convertCharacters(zh, toSimplified) });
      nameIds.set(key, id);
    }
    return id;
  };
  const tagFor = (name: number) => edgeName.push(name) - 1;
  const walk = (from: number, to: number, lengthMetres: number, tag: number, direction: 1 | -1 | 0 = 0) => {
    const seconds = lengthMetres / WALKING_SPEED_METRES_PER_SECOND;
    if (direction !== -1) builder.addEdge(from, to, lengthMetres, seconds, tag);
    if (direction !== 1) builder.addEdge(to, from, lengthMetres, seconds, tag);
  };
  // Polyline vertices shared by several lines (their ends, to 1e-6°) are one node.
  const vertexNodes = new Map<string, number>();
  const vertex = ([lon, lat]: Position) => {
    const key = `${lon.toFixed(6)},${lat.toFixed(6)}`;
    let id = vertexNodes.get(key);
    if (id === undefined) vertexNodes.set(key, (id = builder.addNode(lon, lat)));
    return id;
  };
  /** Adds a polyline (every vertex a node); returns its first and last node. */
  const addLine = (line: readonly Position[], tag: number, direction: 1 | -1 | 0 = 0): [number, number] => {
    const nodes = line.map((point) => vertex(point));
    for (let i = 1; i < nodes.length; i += 1) {
      if (nodes[i] !== nodes[i - 1]) walk(nodes[i - 1], nodes[i], greatCircleMetres(line[i - 1], line[i]), tag, direction);
    }
    return [nodes[0], nodes[nodes.length - 1]];
  };

  // 1. The TD junction graph without the fast roads.
  const fastRoutes = new Set<number>();
  const fastLines: Position[][] = [];
  for (const feature of readDataJson<FeatureCollection<{ road_route_id?: number; speed_limit_kmh?: number }>>(dataDir, WALKING_FILES.speedLimits).features) {
    const kmh = feature.properties?.speed_limit_kmh;
    if (typeof kmh !== 'number' || kmh < PEDESTRIAN_MAX_SPEED_LIMIT_KMH) continue;
    if (typeof feature.properties?.road_route_id === 'number') fastRoutes.add(feature.properties.road_route_id);
    fastLines.push(...lines(feature.geometry));
  }
  const junctions = readDataJson<FeatureCollection<{ road_route_ids?: number[]; name_en?: string | null; name_zh?: string | null }>>(dataDir, WALKING_FILES.junctions);
  const junctionNodes: number[] = [];
  const junctionPositions: Position[] = [];
  const junctionLegs: Array<Array<{ en: string; zh: string }>> = [];
  const endsOf = new Map<number, number[]>();
  for (const feature of junctions.features) {
    if (feature.geometry?.type !== 'Point') continue;
    const [lon, lat] = feature.geometry.coordinates as Position;
    const node = builder.addNode(lon, lat);
    junctionNodes.push(node);
    junctionPositions[node] = [lon, lat];
    // Legs are listed in the same order in both languages; "-99" marks a leg without a name.
    const en = feature.properties?.name_en?.split('/') ?? [];
    const zh = feature.properties?.name_zh?.split('/') ?? [];
    junctionLegs[node] = en.length === zh.length ? en.map((leg, i) => ({ en: leg.trim(), zh: zh[i].trim() })).filter((leg) => !leg.en.includes('-99') && !/[-－–]９９|-99/.test(leg.zh)) : [];
    for (const routeId of feature.properties?.road_route_ids ?? []) {
      const ends = endsOf.get(routeId);
      if (ends) ends.push(node);
      else endsOf.set(routeId, [node]);
    }
  }
  for (const [routeId, ends] of endsOf) {
    if (ends.length !== 2) continue;
    if (fastRoutes.has(routeId)) {
      stats.fastSegmentsLeftOut += 1;
      continue;
    }
    const [a, b] = ends;
    // The street between two junctions is the leg both name (exactly one, else unnamed).
    const shared = junctionLegs[a].filter((leg) => junctionLegs[b].some((other) => other.en === leg.en));
    const name = shared.length === 1 ? nameId(shared[0].en, shared[0].zh) : -1;
    walk(a, b, greatCircleMetres(junctionPositions[a], junctionPositions[b]), tagFor(name));
    stats.junctionSegments += 1;
  }

  // 2. The Wong Tai Sin centrelines, minus tunnels and the fast roads' own centrelines.
  const fastGraph = (() => {
    const fast = new GraphBuilder();
    for (const line of fastLines) {
      let previous = fast.addNode(line[0][0], line[0][1]);
      for (let i = 1; i < line.length; i += 1) {
        const next = fast.addNode(line[i][0], line[i][1]);
        fast.addEdge(previous, next, 0, 0);
        previous = next;
      }
    }
    return new EdgeSnapIndex(fast.build(), 0.002);
  })();
  const nearestJunction = pointIndex(junctionNodes.map((node) => junctionPositions[node]));
  const centrelines = readDataJson<FeatureCollection<{ street_type?: string; name_en?: string; name_zh?: string }>>(dataDir, WALKING_FILES.centrelines);
  for (const feature of centrelines.features) {
    const p = feature.properties ?? {};
    for (const line of lines(feature.geometry)) {
      if (line.length < 2) continue;
      const middle = line[Math.floor(line.length / 2)];
      if (p.street_type === 'TUN' || fastGraph.nearest(middle[0], middle[1], FAST_ROAD_CLEARANCE_METRES)) {
        stats.centrelinesLeftOut += 1;
        continue;
      }
      const tag = tagFor(nameId(p.name_en, p.name_zh));
      const ends = addLine(line, tag);
      stats.centrelines += 1;
      ends.forEach((end, i) => {
        const point = line[i === 0 ? 0 : line.length - 1];
        const junction = nearestJunction(point, CENTRELINE_JUNCTION_JOIN_METRES);
        if (junction === null) return;
        const junctionNode = junctionNodes[junction];
        walk(end, junctionNode, greatCircleMetres(point, junctionPositions[junctionNode]), tag);
        stats.centrelineEndsJoinedToJunctions += 1;
      });
    }
  }

  // The network so far, to join the zones, the 3DPN and the exits to its nearest lines.
  const base = builder.build();
  const baseSnap = new EdgeSnapIndex(base);
  const joinToNearestLine = (node: number, point: Position, maxMetres: number, name: number): boolean => {
    const snap = baseSnap.nearest(point[0], point[1], maxMetres);
    if (!snap) return false;
    const edge = snap.edge;
    const onEdge = builder.addNode(snap.point[0], snap.point[1]);
    walk(node, onEdge, snap.accessLegMetres, tagFor(name));
    // The two parts of the edge: the same straight line, so drawing them draws the street itself.
    const edgeMetres = base.edgeLengthMetres[edge];
    walk(onEdge, base.edgeFrom[edge], snap.fraction * edgeMetres, base.edgeTag[edge]);
    walk(onEdge, base.edgeTo[edge], (1 - snap.fraction) * edgeMetres, base.edgeTag[edge]);
    return true;
  };

  // 3. Pedestrian zones.
  const zones = readDataJson<FeatureCollection<{ road_route_id?: number }>>(dataDir, WALKING_FILES.pedestrianZones);
  for (const feature of zones.features) {
    for (const line of lines(feature.geometry)) {
      if (line.length < 2) continue;
      const tag = tagFor(-1);
      const [first, last] = addLine(line, tag);
      joinToNearestLine(first, line[0], ZONE_JOIN_METRES, -1);
      joinToNearestLine(last, line[line.length - 1], ZONE_JOIN_METRES, -1);
      stats.pedestrianZones += 1;
    }
  }

  // 5. The 3D pedestrian network, when dropped in: its own ends meet by shared coordinates; loose ends join the base.
  if (extraFile) {
    const segments = loadPedestrianNetworkFile(extraFile);
    const endCount = new Map<number, number>();
    const ends: Array<{ node: number; point: Position }> = [];
    for (const segment of segments) {
      const [first, last] = addLine(segment.line, tagFor(segment.name ? nameId(segment.name['en-US'], segment.name['zh-HK']) : -1), segment.direction);
      for (const [node, point] of [[first, segment.line[0]], [last, segment.line[segment.line.length - 1]]] as const) {
        endCount.set(node, (endCount.get(node) ?? 0) + 1);
        ends.push({ node, point });
      }
      stats.pedestrianNetworkSegments += 1;
    }
    for (const { node, point } of ends) if (endCount.get(node) === 1) joinToNearestLine(node, point, PEDESTRIAN_NETWORK_JOIN_METRES, -1);
  }

  // 4. MTR exits, named as the place search names them (its fixes of the source's station names included).
  for (const exit of loadPlaces(dataDir)) {
    if (exit.kind !== 'mtr-exit') continue;
    const point: Position = [exit.longitude, exit.latitude];
    const node = builder.addNode(point[0], point[1]);
    const name = nameId(exit.name['en-US'], exit.name['zh-HK'], exit.name['zh-CN']);
    if (joinToNearestLine(node, point, EXIT_JOIN_METRES, name)) stats.exitsJoined += 1;
    else stats.exitsNotJoined += 1;
  }

  const graph = builder.build();
  const { part, sizes } = connectedParts(graph);
  const snapIndex = new EdgeSnapIndex(graph, 0.005, (edge) => sizes[part[graph.edgeFrom[edge]]] >= MIN_SNAP_PART_NODES);
  stats.buildMilliseconds = performance.now() - started;
  return { graph, finder: new PathFinder(graph), snapIndex, edgeName, names, pedestrianNetworkFile: extraFile, stats };
}

/** The SAR boundary check: the district polygons (server/data/districts.ts); null = outside Hong Kong. */
export interface BoundaryCheck {
  districtAt(longitude: number, latitude: number): unknown;
}

const SUMMARY_TEXT: Record<Language, { walk: (km: string, minutes: number) => string; via: (streets: string[]) => string; end: string }> = {
  'en-US': {
    walk: (km, minutes) => `Walk ${km} km (about ${minutes} min)`,
    via: (streets) => ` via ${streets.length === 1 ? streets[0] : `${streets.slice(0, -1).join(', ')} and ${streets[streets.length - 1]}`}`,
    end: '.',
  },
  'zh-HK': {
    walk: (km, minutes) => `步行 ${km} 公里（約 ${minutes} 分鐘）`,
    via: (streets) => `，經${streets.length === 1 ? streets[0] : `${streets.slice(0, -1).join('、')}及${streets[streets.length - 1]}`}`,
    end: '。',
  },
  'zh-CN': {
    walk: (km, minutes) => `步行 ${km} 公里（约 ${minutes} 分钟）`,
    via: (streets) => `，经${streets.length === 1 ? streets[0] : `${streets.slice(0, -1).join('、')}及${streets[streets.length - 1]}`}`,
    end: '。',
  },
};
/** The summary names at most this many streets: the longest stretches, in the order walked. */
const SUMMARY_STREETS = 3;

/** One sentence for the walk, in `lang`: length, minutes, and the main streets in order. */
export function walkingSummary(lengthMetres: number, seconds: number, streets: WalkingRouteFound['streets'], lang: Language): string {
  const text = SUMMARY_TEXT[lang];
  const named = streets.filter((street) => street.name !== null);
  const longest = new Set([...named].sort((a, b) => b.lengthMetres - a.lengthMetres).slice(0, SUMMARY_STREETS));
  const main = [...new Set(named.filter((street) => longest.has(street)).map((street) => street.name![lang]))];
  const minutes = Math.max(1, Math.round(seconds / 60));
  return text.walk((lengthMetres / 1000).toFixed(lengthMetres < 10_000 ? 2 : 1), minutes) + (main.length > 0 ? text.via(main) : '') + text.end;
}

/**
 * The walking route between two WGS84 points: outside the SAR boundary → `outside-boundary` (origin checked
 * first); each point snapped to the nearest walkable line within WALK_MAX_ACCESS_METRES (else `no-path-near`);
 * then the engine's snap-and-search (roads.ts `drivingRoute`, ≤ 4 A* runs) on the walking graph.
 */
export function walkingRoute(network: WalkingNetwork, boundary: BoundaryCheck, from: Position, to: Position, lang: Language = 'en-US'): WalkingRouteResponse {
  for (const [which, place] of [['from', from], ['to', to]] as const) {
    if (boundary.districtAt(place[0], place[1]) === null) return { found: false, reason: 'outside-boundary', which };
  }
  const route = drivingRoute(network, from, to, WALK_MAX_ACCESS_METRES);
  if (!route.found) {
    if (route.reason === 'unreachable') return { found: false, reason: 'unreachable' };
    return { found: false, reason: 'no-path-near', which: route.reason === 'no-road-near-origin' ? 'from' : 'to' };
  }
  const { graph, edgeName, names } = network;
  const round = (value: number) => Math.round(value * 10) / 10;

  // [origin's snap point, the path's nodes..., destination's snap point]; every edge is the straight line it draws.
  const nodeLine = route.roadLine;

  // Streets: the part of the origin's edge, the whole edges, the part of the destination's edge; one stretch per name.
  const pieces: Array<{ name: number; metres: number }> = [];
  const partOf = (edge: number, a: Position, b: Position) => {
    const chord = greatCircleMetres([graph.lon[graph.edgeFrom[edge]], graph.lat[graph.edgeFrom[edge]]], [graph.lon[graph.edgeTo[edge]], graph.lat[graph.edgeTo[edge]]]);
    return chord > 0 ? (greatCircleMetres(a, b) / chord) * graph.edgeLengthMetres[edge] : 0;
  };
  const startName = edgeName[graph.edgeTag[route.origin.edge]];
  const endName = edgeName[graph.edgeTag[route.destination.edge]];
  if (nodeLine.length === 2) {
    pieces.push({ name: startName, metres: route.roadMetres });
  } else {
    pieces.push({ name: startName, metres: partOf(route.origin.edge, nodeLine[0], nodeLine[1]) });
    for (const edge of route.edges) pieces.push({ name: edgeName[graph.edgeTag[edge]], metres: graph.edgeLengthMetres[edge] });
    pieces.push({ name: endName, metres: partOf(route.destination.edge, nodeLine[nodeLine.length - 2], nodeLine[nodeLine.length - 1]) });
  }
  const stretches: Array<{ name: number; metres: number }> = [];
  for (const piece of pieces) {
    const last = stretches[stretches.length - 1];
    if (last && last.name === piece.name) last.metres += piece.metres;
    else if (piece.metres > 0 || stretches.length === 0) stretches.push({ ...piece });
  }
  const streets = stretches.map((stretch) => ({ name: stretch.name >= 0 ? names[stretch.name] : null, lengthMetres: round(stretch.metres) }));

  const [legIn, legOut] = route.accessLegs;
  const lengthMetres = route.roadMetres + legIn.metres + legOut.metres;
  const walkingSeconds = lengthMetres / WALKING_SPEED_METRES_PER_SECOND;
  return {
    found: true,
    from,
    to,
    lengthMetres: round(lengthMetres),
    walkingSeconds: Math.round(walkingSeconds),
    line: { type: 'LineString', coordinates: nodeLine },
    accessLegs: [
      { coordinates: [legIn.from, legIn.to], lengthMetres: round(legIn.metres) },
      { coordinates: [legOut.from, legOut.to], lengthMetres: round(legOut.metres) },
    ],
    streets,
    summary: walkingSummary(lengthMetres, walkingSeconds, streets, lang),
    attribution: WALKING_ATTRIBUTION + (network.pedestrianNetworkFile ? ' Lands Department 3D Pedestrian Network.' : ''),
  };
}
