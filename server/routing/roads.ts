/**
 * The driving graph of Hong Kong from the Transport Department Intelligent Road Network (IRN, 2021) files in
 * data/roads, and driving routes between WGS84 points over it.
 *
 * What the shipped snapshot holds (../shared/data/hk/SOURCES.md §G): no centreline table, but 25,311 junctions
 * that each list the IRN road segments (`road_route_ids`) meeting there — a segment listed at exactly two junctions
 * joins them (33,550 segments) — and the speed-limit layer, which covers only the 805 km of roads whose limit is
 * not the default 50 km/h. So the graph is: node = junction, edge = segment between its two junctions, drawn as the
 * straight line between them. A segment's length is that straight line, or the speed-limit pieces' measured
 * length where those are longer (a curving trunk road); its cost is the time at the posted limit over the length
 * the speed-limit layer covers and at the default 50 km/h over the rest.
 *
 * The speed-limit lines themselves are not joined end to end: only 2,172 of their 3,806 distinct end points sit
 * on a junction of the intersections file (the limits change mid-segment), so they give speeds and lengths to
 * the junction links rather than topology.
 *
 * One-way: the snapshot has no travel direction (the centreline table is missing; `bound` on the speed-limit
 * layer is 0 on 3,787 of 3,792 pieces and says which carriageway a limit applies to, not that traffic is one-way),
 * so every shipped segment is two-way. A dropped-in full network (see `ROAD_NETWORK_ENV`) can say `oneway`.
 *
 * Bus-only lanes (248 segments) are left out of car routing by default, as the task asks: the file does not say
 * whether the lane is the whole carriageway, so this errs towards routes a car may certainly drive.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { droppedInFile, lines, type FeatureCollection, type Position } from './geojsonFiles';
import { GraphBuilder, PathFinder, type Graph } from './graph';
import { greatCircleMetres } from './network';
import { EdgeSnapIndex, type Snap } from './snap';

/** Speed on segments the speed-limit layer does not list: Hong Kong's default urban limit (Road Traffic Ordinance). */
export const DEFAULT_SPEED_KMH = 50;

/** Environment variable naming a full road network GeoJSON to build the graph from instead of the snapshot. */
export const ROAD_NETWORK_ENV = 'ROAD_NETWORK_FILE';
/** Where the loader looks for that file when the variable is not set, relative to the data folder. */
export const FULL_NETWORK_DEFAULT_PATH = 'roads/td_irn_centerline.geojson';

export const ROAD_FILES = {
  speedLimits: 'roads/td_irn_speed_limit_roads.geojson',
  intersections: 'roads/td_irn_intersections.geojson',
  busOnlyLanes: 'roads/td_irn_bus_only_lanes.geojson',
} as const;


export interface RoadNetwork {
  graph: Graph;
  finder: PathFinder;
  snapIndex: EdgeSnapIndex;
  /** Where the graph came from: the junction snapshot, or the path of the dropped-in full network. */
  source: 'irn-junction-snapshot' | { fullNetworkFile: string };
  stats: { segments: number; busOnlySegmentsLeftOut: number; speedLimitedSegments: number; buildMilliseconds: number };
}

export interface RoadNetworkOptions {
  /** Leave bus-only-lane segments out (default true). */
  excludeBusOnlyLanes?: boolean;
  /** Environment to read `ROAD_NETWORK_FILE` from (default process.env). */
  env?: Record<string, string | undefined>;
}


function polylineMetres(line: readonly Position[]): number {
  let metres = 0;
  for (let i = 1; i < line.length; i += 1) metres += greatCircleMetres(line[i - 1], line[i]);
  return metres;
}

/** Seconds to drive `lengthMetres` at `kmh`. */
export function secondsAt(lengthMetres: number, kmh: number): number {
  return lengthMetres / (kmh / 3.6);
}

/** Per IRN segment: metres covered by a posted limit and the seconds they take. */
function speedLimitPieces(dataDir: string): Map<number, { metres: number; seconds: number }> {
  const layer = readGeoJson<{ road_route_id?: number; speed_limit_kmh?: number }>(join(dataDir, ROAD_FILES.speedLimits));
  const pieces = new Map<number, { metres: number; seconds: number }>();
  for (const feature of layer.features) {
    const id = feature.properties?.road_route_id;
    const kmh = feature.properties?.speed_limit_kmh;
    if (typeof id !== 'number' || typeof kmh !== 'number' || !(kmh > 0)) continue;
    const metres = lines(feature.geometry).reduce((sum, line) => sum + polylineMetres(line), 0);
    const entry = pieces.get(id) ?? { metres: 0, seconds: 0 };
    entry.metres += metres;
    entry.seconds += secondsAt(metres, kmh);
    pieces.set(id, entry);
  }
  return pieces;
}

function busOnlyRouteIds(dataDir: string): Set<number> {
  const layer = readGeoJson<{ road_route_id?: number }>(join(dataDir, ROAD_FILES.busOnlyLanes));
  const ids = new Set<number>();
  for (const feature of layer.features) if (typeof feature.properties?.road_route_id === 'number') ids.add(feature.properties.road_route_id);
  return ids;
}

function readGeoJson<P>(path: string): FeatureCollection<P> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read road network file ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (!parsed || !Array.isArray((parsed as FeatureCollection<P>).features)) throw new Error(`Road network file ${path} is not a GeoJSON FeatureCollection`);
  return parsed as FeatureCollection<P>;
}

/** The full network file to use, if one was dropped in: the env variable's path, else the default path if present. */
export function fullNetworkFile(dataDir: string, env: Record<string, string | undefined> = process.env): string | null {
  return droppedInFile(dataDir, env, ROAD_NETWORK_ENV, FULL_NETWORK_DEFAULT_PATH);
}

/** Builds the driving graph: from a dropped-in full network when there is one, else from the junction snapshot. */
export function loadRoadNetwork(dataDir: string, options: RoadNetworkOptions = {}): RoadNetwork {
  const started = performance.now();
  const excludeBusOnly = options.excludeBusOnlyLanes ?? true;
  const busOnly = excludeBusOnly ? busOnlyRouteIds(dataDir) : new Set<number>();
  const limits = speedLimitPieces(dataDir);
  const full = fullNetworkFile(dataDir, options.env);
  const builder = new GraphBuilder();
  const counts = { segments: 0, busOnlySegmentsLeftOut: 0, speedLimitedSegments: 0 };

  const addSegment = (from: number, to: number, lengthMetres: number, seconds: number, routeId: number, oneway: 'forward' | 'backward' | null) => {
    counts.segments += 1;
    if (oneway !== 'backward') builder.addEdge(from, to, lengthMetres, seconds, routeId);
    if (oneway !== 'forward') builder.addEdge(to, from, lengthMetres, seconds, routeId);
  };
  /** Time over a segment: the posted limits over the part they cover, the default limit over the rest. */
  const secondsFor = (routeId: number, lengthMetres: number) => {
    const limited = limits.get(routeId);
    if (limited) counts.speedLimitedSegments += 1;
    const coveredMetres = Math.min(lengthMetres, limited?.metres ?? 0);
    const limitedSeconds = limited && limited.metres > 0 ? (limited.seconds * coveredMetres) / limited.metres : 0;
    return limitedSeconds + secondsAt(lengthMetres - coveredMetres, DEFAULT_SPEED_KMH);
  };

  if (full) {
    // A centreline file: LineStrings joined where they share end points (to 1e-6°, about 0.1 m).
    const layer = readGeoJson<Record<string, unknown>>(full);
    const nodeOf = new Map<string, number>();
    const node = ([lon, lat]: Position) => {
      const key = `${lon.toFixed(6)},${lat.toFixed(6)}`;
      let id = nodeOf.get(key);
      if (id === undefined) nodeOf.set(key, (id = builder.addNode(lon, lat)));
      return id;
    };
    for (const feature of layer.features) {
      const p = feature.properties ?? {};
      const routeId = typeof p.road_route_id === 'number' ? p.road_route_id : typeof p.ROUTE_ID === 'number' ? p.ROUTE_ID : -1;
      if (busOnly.has(routeId)) {
        counts.busOnlySegmentsLeftOut += 1;
        continue;
      }
      const oneway = p.oneway === 'forward' || p.oneway === 'backward' ? p.oneway : null;
      const kmh = typeof p.speed_limit_kmh === 'number' && p.speed_limit_kmh > 0 ? p.speed_limit_kmh : null;
      for (const line of lines(feature.geometry)) {
        if (line.length < 2) continue;
        const lengthMetres = polylineMetres(line);
        const seconds = kmh ? secondsAt(lengthMetres, kmh) : secondsFor(routeId, lengthMetres);
        addSegment(node(line[0]), node(line[line.length - 1]), lengthMetres, seconds, routeId, oneway);
      }
    }
  } else {
    const junctions = readGeoJson<{ road_route_ids?: number[] }>(join(dataDir, ROAD_FILES.intersections));
    const endsOf = new Map<number, number[]>();
    const positions: Position[] = [];
    for (const feature of junctions.features) {
      if (feature.geometry?.type !== 'Point') continue;
      const [lon, lat] = feature.geometry.coordinates as Position;
      const id = builder.addNode(lon, lat);
      positions.push([lon, lat]);
      for (const routeId of feature.properties?.road_route_ids ?? []) {
        const ends = endsOf.get(routeId);
        if (ends) ends.push(id);
        else endsOf.set(routeId, [id]);
      }
    }
    for (const [routeId, ends] of endsOf) {
      // Segments listed at one junction (dead ends whose far end is not a junction) or three cannot be placed.
      if (ends.length !== 2) continue;
      if (busOnly.has(routeId)) {
        counts.busOnlySegmentsLeftOut += 1;
        continue;
      }
      const chord = greatCircleMetres(positions[ends[0]], positions[ends[1]]);
      const lengthMetres = Math.max(chord, limits.get(routeId)?.metres ?? 0);
      addSegment(ends[0], ends[1], lengthMetres, secondsFor(routeId, lengthMetres), routeId, null);
    }
  }

  const graph = builder.build();
  return {
    graph,
    finder: new PathFinder(graph),
    snapIndex: new EdgeSnapIndex(graph),
    source: full ? { fullNetworkFile: full } : 'irn-junction-snapshot',
    stats: { ...counts, buildMilliseconds: performance.now() - started },
  };
}

/** The straight leg between a place and the road it was snapped to; drawn dashed, never hidden. */
export interface AccessLeg {
  from: Position;
  to: Position;
  metres: number;
}

export type DrivingRoute =
  | {
      found: true;
      origin: Snap;
      destination: Snap;
      /** From the origin to the road, and from the road to the destination. */
      accessLegs: [AccessLeg, AccessLeg];
      /** The driven part, from the origin's snapped point through the junctions to the destination's. */
      roadLine: Position[];
      /** Graph edges driven end to end (the partial edges at both ends are not listed). */
      edges: number[];
      roadMetres: number;
      /** Driving time over the road part at the speed limits; the access legs are not timed (they are not roads). */
      drivingSeconds: number;
    }
  | { found: false; reason: 'no-road-near-origin' | 'no-road-near-destination' | 'unreachable' };

/** The edge running the other way between the same two nodes, or -1 (a one-way road). */
export function reverseEdge(graph: Graph, edge: number): number {
  const from = graph.edgeFrom[edge];
  const to = graph.edgeTo[edge];
  for (let e = graph.firstEdge[to]; e < graph.firstEdge[to + 1]; e += 1) if (graph.edgeTo[e] === from) return e;
  return -1;
}

interface EndChoice {
  node: number;
  /** Cost and metres along the snapped edge between the snapped point and `node`. */
  cost: number;
  metres: number;
}

/**
 * A driving route between two WGS84 points: each is snapped to the nearest road edge within `maxAccessMetres`
 * (default 2 km), the route may leave the origin's edge and enter the destination's edge at either end where the
 * road's direction allows, and the cheapest of those (at most four) A* searches wins. Any network of the engine
 * works (the walking network of walking.ts routes through this too, its cost in walking seconds).
 */
export function drivingRoute(network: Pick<RoadNetwork, 'graph' | 'finder' | 'snapIndex'>, origin: Position, destination: Position, maxAccessMetres = 2000): DrivingRoute {
  const { graph, finder, snapIndex } = network;
  const start = snapIndex.nearest(origin[0], origin[1], maxAccessMetres);
  if (!start) return { found: false, reason: 'no-road-near-origin' };
  const end = snapIndex.nearest(destination[0], destination[1], maxAccessMetres);
  if (!end) return { found: false, reason: 'no-road-near-destination' };

  const part = (edge: number, fraction: number): EndChoice => ({
    node: -1,
    cost: fraction * graph.edgeCost[edge],
    metres: fraction * graph.edgeLengthMetres[edge],
  });
  // Leaving the origin: forwards along its edge to the edge's head, or backwards to its tail if the road is two-way.
  const leaving: EndChoice[] = [{ ...part(start.edge, 1 - start.fraction), node: graph.edgeTo[start.edge] }];
  if (reverseEdge(graph, start.edge) >= 0) leaving.push({ ...part(start.edge, start.fraction), node: graph.edgeFrom[start.edge] });
  // Arriving: from the edge's tail forwards to the point, or from its head backwards if two-way.
  const arriving: EndChoice[] = [{ ...part(end.edge, end.fraction), node: graph.edgeFrom[end.edge] }];
  if (reverseEdge(graph, end.edge) >= 0) arriving.push({ ...part(end.edge, 1 - end.fraction), node: graph.edgeTo[end.edge] });

  let best: { cost: number; metres: number; nodes: number[]; edges: number[] } | null = null;
  // Both points on one edge, the destination further along it (or either way on a two-way road): no junction needed.
  if (start.edge === end.edge || reverseEdge(graph, start.edge) === end.edge) {
    const sameDirection = start.edge === end.edge;
    const along = sameDirection ? end.fraction - start.fraction : 1 - end.fraction - start.fraction;
    if (along >= 0 || reverseEdge(graph, start.edge) >= 0) {
      const share = Math.abs(along);
      best = { cost: share * graph.edgeCost[start.edge], metres: share * graph.edgeLengthMetres[start.edge], nodes: [], edges: [] };
    }
  }
  for (const leave of leaving) {
    for (const arrive of arriving) {
      const path = finder.aStar(leave.node, arrive.node);
      if (!path.found) continue;
      const cost = leave.cost + path.cost + arrive.cost;
      if (!best || cost < best.cost) {
        best = { cost, metres: leave.metres + path.lengthMetres + arrive.metres, nodes: path.nodes, edges: path.edges };
      }
    }
  }
  if (!best) return { found: false, reason: 'unreachable' };
  const roadLine: Position[] = [start.point, ...best.nodes.map((n): Position => [graph.lon[n], graph.lat[n]]), end.point];
  return {
    found: true,
    origin: start,
    destination: end,
    accessLegs: [
      { from: [origin[0], origin[1]], to: start.point, metres: start.accessLegMetres },
      { from: end.point, to: [destination[0], destination[1]], metres: end.accessLegMetres },
    ],
    roadLine,
    edges: best.edges,
    roadMetres: best.metres,
    drivingSeconds: best.cost,
  };
}
