/**
 * A&E driving routes (issue 15 point 3): from one origin to each of the 18 public hospitals with an accident and
 * emergency department, over the road network of roads.ts, in one multi-goal Dijkstra search
 * (`PathFinder.oneToMany`) rather than 18 point-to-point searches (bench/routing.ts measures both).
 *
 * Each hospital is snapped to its nearest road once, when the router is built; the origin is snapped per request.
 * The search starts from both ends of the origin's road edge (entered at the cost of the part of the edge between
 * the snapped point and that end) and ends at both ends of each hospital's edge (plus the part of the edge up to
 * the hospital's road point), so a route may use either direction of a two-way road at both ends.
 */
import {
  AE_FACILITY_RANGE_METRES,
  AE_HOSPITAL_KEYS,
  AE_ORIGIN_MAX_ACCESS_METRES,
  AE_SEA_LEVEL_METRES,
  AE_WATER_ROAD_TOLERANCE_METRES,
  type AeDrivingHospital,
  type AeDrivingResponse,
  type AeHospitalKey,
} from '../../core/contracts/driving';
import type { LocalisedText } from '../../core/contracts';
import { loadAeHospitals } from '../data/ae';
import { stationKey } from '../data/weather';
import { connectedParts, type Graph } from './graph';
import { greatCircleMetres } from './network';
import { reverseEdge, type RoadNetwork } from './roads';
import { EdgeSnapIndex, type Snap } from './snap';

type Position = [number, number];

/**
 * A hospital's road point is looked for within this distance, metres: 17 of the 18 lie within 180 m of a road of the
 * network's main part; St John Hospital (Cheung Chau) has none within it and is listed as unreachable.
 */
const HOSPITAL_MAX_ACCESS_METRES = 2000;

export const ROAD_ATTRIBUTION =
  'Road network: Transport Department, Intelligent Road Network (2021 snapshot: junctions, segments, speed limits); ' +
  'hospitals: Hospital Authority';

export interface AeHospital {
  key: AeHospitalKey;
  name: LocalisedText;
  position: Position;
  /** Where it joins the road network; null when no road is within HOSPITAL_MAX_ACCESS_METRES. */
  snap: Snap | null;
}

/** Ground height in metres at a place, null where unknown (the server's DEM sampler, server/terrain/dem.ts). */
export type GroundHeight = (lon: number, lat: number) => number | null;

export interface AeRouter {
  network: RoadNetwork;
  /** Snaps places to the edges of the network's main connected part only (see createAeRouter). */
  snapIndex: EdgeSnapIndex;
  hospitals: readonly AeHospital[];
  groundHeight: GroundHeight | null;
}

/** Snaps the hospitals of data/health/ha_ae_hospitals.geojson to `network`; throws when a key is not in the contract. */
export function createAeRouter(dataDir: string, network: RoadNetwork, groundHeight: GroundHeight | null): AeRouter {
  // Places snap only to roads of the main connected part: the snapshot's few fragments (segments whose far
  // junctions it lacks) join nothing, and a pin beside one in Central would otherwise reach no hospital.
  const { part, largest } = connectedParts(network.graph);
  const snapIndex = new EdgeSnapIndex(network.graph, undefined, (edge) => part[network.graph.edgeFrom[edge]] === largest);
  const hospitals: AeHospital[] = [];
  for (const station of loadAeHospitals(dataDir).values()) {
    const key = stationKey(station.name['en-US']);
    if (!(AE_HOSPITAL_KEYS as readonly string[]).includes(key)) throw new Error(`Hospital ${station.name['en-US']} (${key}) is not in AE_HOSPITAL_KEYS`);
    const [lon, lat] = station.position;
    hospitals.push({ key: key as AeHospitalKey, name: station.name, position: station.position, snap: snapIndex.nearest(lon, lat, HOSPITAL_MAX_ACCESS_METRES) });
  }
  return { network, snapIndex, hospitals, groundHeight };
}

/** A way on or off a snapped edge: the junction, and the cost and metres between it and the snapped point. */
interface EdgeEnd {
  node: number;
  cost: number;
  metres: number;
}

/** Junctions the origin can drive to along its edge: the edge's head, and its tail too when the road is two-way. */
function leavingEnds(graph: Graph, snap: Snap): EdgeEnd[] {
  const { edge, fraction } = snap;
  const ends = [{ node: graph.edgeTo[edge], cost: (1 - fraction) * graph.edgeCost[edge], metres: (1 - fraction) * graph.edgeLengthMetres[edge] }];
  if (reverseEdge(graph, edge) >= 0) ends.push({ node: graph.edgeFrom[edge], cost: fraction * graph.edgeCost[edge], metres: fraction * graph.edgeLengthMetres[edge] });
  return ends;
}

/** Junctions from which a hospital's road point is reached along its edge: the tail, and the head when two-way. */
function arrivingEnds(graph: Graph, snap: Snap): EdgeEnd[] {
  const { edge, fraction } = snap;
  const ends = [{ node: graph.edgeFrom[edge], cost: fraction * graph.edgeCost[edge], metres: fraction * graph.edgeLengthMetres[edge] }];
  if (reverseEdge(graph, edge) >= 0) ends.push({ node: graph.edgeTo[edge], cost: (1 - fraction) * graph.edgeCost[edge], metres: (1 - fraction) * graph.edgeLengthMetres[edge] });
  return ends;
}

/**
 * Driving along one edge only, when the origin and the hospital were snapped to the same road segment: the cost
 * and metres between the two points, or null when the road's direction does not allow it.
 */
function alongSameEdge(graph: Graph, origin: Snap, destination: Snap): { cost: number; metres: number } | null {
  const reverse = reverseEdge(graph, origin.edge);
  let along: number;
  if (origin.edge === destination.edge) along = destination.fraction - origin.fraction;
  else if (reverse === destination.edge) along = 1 - destination.fraction - origin.fraction;
  else return null;
  if (along < 0 && reverse < 0) return null;
  const share = Math.abs(along);
  return { cost: share * graph.edgeCost[origin.edge], metres: share * graph.edgeLengthMetres[origin.edge] };
}

interface Reached {
  cost: number;
  metres: number;
  /** Junctions driven through, in order (empty when along one edge only). */
  nodes: number[];
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const roundPosition = ([lon, lat]: Position): Position => [round(lon, 6), round(lat, 6)];

/**
 * The answer for one origin: every hospital's driving distance and time (one search), and the route to `chosen`
 * (default: the soonest reached). See `aeDrivingEndpoint` (core/contracts/driving.ts) for the statuses.
 */
export function aeDrivingAnswer(router: AeRouter, origin: Position, chosen?: AeHospitalKey): AeDrivingResponse {
  const { graph, finder } = router.network;
  const { snapIndex } = router;
  const groundHeight = router.groundHeight?.(origin[0], origin[1]) ?? null;
  const snap = snapIndex.nearest(origin[0], origin[1], AE_ORIGIN_MAX_ACCESS_METRES);
  const base = {
    facilityRangeMetres: AE_FACILITY_RANGE_METRES,
    oneWayDataAvailable: router.network.source !== 'irn-junction-snapshot',
    attribution: ROAD_ATTRIBUTION,
  };
  const originPart = {
    position: [origin[0], origin[1]] as Position,
    groundHeightMetres: groundHeight === null ? null : round(groundHeight),
    road: snap ? { position: roundPosition(snap.point), accessLegMetres: round(snap.accessLegMetres) } : null,
  };
  const inSea = groundHeight !== null && groundHeight <= AE_SEA_LEVEL_METRES;
  if (inSea && (!snap || snap.accessLegMetres > AE_WATER_ROAD_TOLERANCE_METRES)) {
    return { ...base, status: 'origin-in-water', origin: originPart, hospitals: [], route: null };
  }
  if (!snap) return { ...base, status: 'no-road-near-origin', origin: originPart, hospitals: [], route: null };

  const starts = leavingEnds(graph, snap);
  const arrivals = router.hospitals.map((hospital) => (hospital.snap ? arrivingEnds(graph, hospital.snap) : []));
  const goals = [...new Set(arrivals.flat().map((end) => end.node))];
  const search = finder.oneToMany(starts, goals);
  const costOfGoal = new Map(goals.map((goal, index) => [goal, search.costs[index]]));

  const reached = new Map<AeHospitalKey, Reached>();
  router.hospitals.forEach((hospital, index) => {
    if (!hospital.snap) return;
    let best: (Reached & { arrival?: EdgeEnd }) | null = null;
    const direct = alongSameEdge(graph, snap, hospital.snap);
    if (direct) best = { ...direct, nodes: [] };
    for (const arrival of arrivals[index]) {
      const cost = costOfGoal.get(arrival.node);
      if (cost === null || cost === undefined) continue;
      if (!best || cost + arrival.cost < best.cost) best = { cost: cost + arrival.cost, metres: 0, nodes: [], arrival };
    }
    if (!best) return;
    if (best.arrival) {
      // The search's path to the junction, plus the partial edges at both ends.
      const path = search.pathTo(best.arrival.node)!;
      const start = starts.find((end) => end.node === path.nodes[0])!;
      best.metres = start.metres + path.lengthMetres + best.arrival.metres;
      best.nodes = path.nodes;
    }
    reached.set(hospital.key, best);
  });

  const hospitals: AeDrivingHospital[] = router.hospitals.map((hospital) => {
    const route = reached.get(hospital.key);
    return {
      key: hospital.key,
      name: hospital.name,
      position: roundPosition(hospital.position),
      reach: route ? 'reached' : 'unreachable',
      drivingMetres: route ? round(route.metres) : null,
      drivingSeconds: route ? round(route.cost) : null,
      accessLegMetres: route && hospital.snap ? round(snap.accessLegMetres + hospital.snap.accessLegMetres) : null,
      straightLineMetres: round(greatCircleMetres(origin, hospital.position)),
    };
  });
  hospitals.sort((a, b) => (a.drivingSeconds ?? Infinity) - (b.drivingSeconds ?? Infinity) || a.key.localeCompare(b.key));

  const nearestMetres = Math.min(...hospitals.map((hospital) => hospital.drivingMetres ?? Infinity));
  const status = nearestMetres > AE_FACILITY_RANGE_METRES ? 'no-facility-within-range' : 'ok';
  const routeKey = chosen && reached.has(chosen) ? chosen : hospitals[0].reach === 'reached' ? hospitals[0].key : null;
  let route: AeDrivingResponse['route'] = null;
  if (routeKey) {
    const hospital = router.hospitals.find((candidate) => candidate.key === routeKey)!;
    const path = reached.get(routeKey)!;
    const end = hospital.snap!;
    const road: Position[] = [snap.point, ...path.nodes.map((node): Position => [graph.lon[node], graph.lat[node]]), end.point].map(roundPosition);
    route = {
      hospital: routeKey,
      drivingMetres: round(path.metres),
      drivingSeconds: round(path.cost),
      road: { type: 'LineString', coordinates: road },
      accessLegs: [
        { accessLeg: true, end: 'origin', lengthMetres: round(snap.accessLegMetres), line: { type: 'LineString', coordinates: [roundPosition(origin), roundPosition(snap.point)] } },
        { accessLeg: true, end: 'hospital', lengthMetres: round(end.accessLegMetres), line: { type: 'LineString', coordinates: [roundPosition(end.point), roundPosition(hospital.position)] } },
      ],
    };
  }
  return { ...base, status, origin: originPart, hospitals, route };
}
