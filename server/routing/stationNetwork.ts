/**
 * Point-to-point pedestrian routes inside a metro station (issue 17 point 4), on the one routing engine
 * (graph.ts). The station model — floors, pedestrian network segments, places — is the generated SAMPLE of
 * server/data/indoorGenerator.ts; exits stand at the real exit positions.
 *
 * Per station two graphs over the same nodes: every segment, and the step-free one (segments with wheelchair
 * access only: no stairs, no escalators, not the standard gates — the wide gate stays). Edge cost = the
 * segment's walking seconds (core/contracts/pedestrianNetwork.ts), edge tag = the segment's index. A route is one
 * A* search between two places; a picked point `lon,lat@floorId` is snapped to the nearest walkable segment on
 * that floor within INDOOR_PICK_RADIUS_METRES (flat walkways only, never a stair, lift or gate) and then leaves or
 * joins it at either end, so up to four A* searches (the cheapest wins).
 */
import {
  INDOOR_PICK_RADIUS_METRES,
  INDOOR_POINT_PATTERN,
  WALKING_METRES_PER_SECOND,
  type IndoorPlace,
  type IndoorRouteResponse,
  type Language,
  type PedestrianSegment,
} from '../../core/contracts';
import type { StationNetworkModel, StationPlace } from '../data/indoorGenerator';
import { GraphBuilder, PathFinder, type Graph } from './graph';
import { EdgeSnapIndex } from './snap';

/** One of the two graphs of a station. */
interface StationGraph {
  graph: Graph;
  finder: PathFinder;
}

export interface StationRouter {
  model: StationNetworkModel;
  all: StationGraph;
  stepFree: StationGraph;
  placesById: Map<string, StationPlace>;
  /** Snap index per floor id: the flat walkways of that floor, in the `all` graph. */
  snapByFloor: Map<string, EdgeSnapIndex>;
  /** The places as GET indoor/places lists them. */
  places: IndoorPlace[];
}

/** Grid cell of the per-floor snap indexes: about 50 m, a station is a few hundred metres across. */
const SNAP_CELL_DEGREES = 0.0005;

function buildGraph(model: StationNetworkModel, include: (segment: PedestrianSegment) => boolean): StationGraph {
  const builder = new GraphBuilder();
  for (const node of model.nodes) builder.addNode(node.position[0], node.position[1]);
  model.segments.forEach((segment, index) => {
    if (!include(segment.properties)) return;
    const { lengthMetres, walkingSeconds, direction } = segment.properties;
    if (direction !== -1) builder.addEdge(segment.from, segment.to, lengthMetres, walkingSeconds, index);
    if (direction !== 1) builder.addEdge(segment.to, segment.from, lengthMetres, walkingSeconds, index);
  });
  const graph = builder.build();
  return { graph, finder: new PathFinder(graph) };
}

const isStepFree = (segment: PedestrianSegment) => segment.wheelchairAccess === 1;
const isFlatWalkway = (segment: PedestrianSegment) => segment.verticalMode === null && segment.fareGate === null && segment.fromFloorId === segment.toFloorId;

/** Builds a station's graphs, snap indexes and place list (a few milliseconds per station). */
export function createStationRouter(model: StationNetworkModel): StationRouter {
  const all = buildGraph(model, () => true);
  const stepFree = buildGraph(model, isStepFree);
  const snapByFloor = new Map<string, EdgeSnapIndex>();
  for (const floor of model.floors) {
    snapByFloor.set(
      floor.floorId,
      new EdgeSnapIndex(all.graph, SNAP_CELL_DEGREES, (edge) => {
        const segment = model.segments[all.graph.edgeTag[edge]].properties;
        return isFlatWalkway(segment) && segment.fromFloorId === floor.floorId;
      }),
    );
  }
  const placesById = new Map(model.places.map((place) => [place.id, place]));

  // Step-free places: reachable from a barrier-free exit over the step-free graph (one multi-start search).
  const barrierFreeExits = model.places.filter((place) => place.kind === 'exit' && place.barrierFree);
  const reach = stepFree.finder.oneToMany(
    barrierFreeExits.map((place) => ({ node: place.node, cost: 0 })),
    model.places.map((place) => place.node),
  );
  const floorsById = new Map(model.floors.map((floor) => [floor.floorId, floor]));
  const floorOrder = new Map(model.floors.map((floor, index) => [floor.floorId, index]));
  const kindOrder = { exit: 0, platform: 1, facility: 2 } as const;
  const places = model.places
    .map((place, index): IndoorPlace & { order: [number, number, number] } => {
      const floor = floorsById.get(place.floorId)!;
      const node = model.nodes[place.node];
      return {
        id: place.id,
        kind: place.kind,
        facility: place.facility,
        name: place.name,
        floorId: place.floorId,
        floorLevel: floor.floorLevel,
        position: node.position,
        heightMetres: node.heightMetres,
        stepFree: barrierFreeExits.length > 0 && reach.costs[index] !== null,
        order: [kindOrder[place.kind], floorOrder.get(place.floorId)!, index],
      };
    })
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2])
    .map(({ order: _order, ...place }) => place);
  return { model, all, stepFree, placesById, snapByFloor, places };
}

/** Where a route starts or ends on the network: nodes with the cost and metres already spent reaching them. */
interface Anchor {
  /** The picked point (on its walkway) and its height, or null for a place (it is the node itself). */
  point: [number, number, number] | null;
  entries: Array<{ node: number; seconds: number; metres: number }>;
  /** The segment the point was snapped to, for the segment list, and the metres from its `from` node. */
  segment: number | null;
  alongMetres: number;
  floorId: string;
}

/** Resolves `from` / `to` (a place id or `lon,lat@floorId`); null when it cannot be picked. */
export function anchorOf(router: StationRouter, value: string): Anchor | null {
  const place = router.placesById.get(value);
  if (place) return { point: null, entries: [{ node: place.node, seconds: 0, metres: 0 }], segment: null, alongMetres: 0, floorId: place.floorId };
  const match = INDOOR_POINT_PATTERN.exec(value);
  if (!match) return null;
  const [, lonText, latText, floorId] = match;
  const snapIndex = router.snapByFloor.get(floorId);
  if (!snapIndex) return null;
  const snap = snapIndex.nearest(Number(lonText), Number(latText), INDOOR_PICK_RADIUS_METRES);
  if (!snap) return null;
  const graph = router.all.graph;
  const segmentIndex = graph.edgeTag[snap.edge];
  const segment = router.model.segments[segmentIndex].properties;
  const from = graph.edgeFrom[snap.edge];
  const to = graph.edgeTo[snap.edge];
  const height = router.model.nodes[from].heightMetres;
  return {
    point: [snap.point[0], snap.point[1], height],
    entries: [
      { node: from, seconds: snap.fraction * segment.walkingSeconds, metres: snap.fraction * segment.lengthMetres },
      { node: to, seconds: (1 - snap.fraction) * segment.walkingSeconds, metres: (1 - snap.fraction) * segment.lengthMetres },
    ],
    segment: segmentIndex,
    // The snapped edge may run either way along its segment.
    alongMetres: from === router.model.segments[segmentIndex].from ? snap.fraction * segment.lengthMetres : (1 - snap.fraction) * segment.lengthMetres,
    floorId,
  };
}

const TEXTS = {
  walk: { 'en-US': 'Walk {m} m on the {floor}', 'zh-HK': '在{floor}步行 {m} 米', 'zh-CN': '在{floor}步行 {m} 米' },
  stairsUp: { 'en-US': 'Take the stairs up to the {floor}', 'zh-HK': '經樓梯上往{floor}', 'zh-CN': '经楼梯上往{floor}' },
  stairsDown: { 'en-US': 'Take the stairs down to the {floor}', 'zh-HK': '經樓梯落往{floor}', 'zh-CN': '经楼梯下往{floor}' },
  escalatorUp: { 'en-US': 'Take the escalator up to the {floor}', 'zh-HK': '乘扶手電梯上往{floor}', 'zh-CN': '乘扶手电梯上往{floor}' },
  escalatorDown: { 'en-US': 'Take the escalator down to the {floor}', 'zh-HK': '乘扶手電梯落往{floor}', 'zh-CN': '乘扶手电梯下往{floor}' },
  liftUp: { 'en-US': 'Take the lift up to the {floor}', 'zh-HK': '乘升降機上往{floor}', 'zh-CN': '乘升降机上往{floor}' },
  liftDown: { 'en-US': 'Take the lift down to the {floor}', 'zh-HK': '乘升降機落往{floor}', 'zh-CN': '乘升降机下往{floor}' },
  gateIn: { 'en-US': 'Go through the gates into the paid area', 'zh-HK': '經閘機進入付費區', 'zh-CN': '经闸机进入付费区' },
  gateOut: { 'en-US': 'Go through the gates out of the paid area', 'zh-HK': '經閘機離開付費區', 'zh-CN': '经闸机离开付费区' },
  wideGateIn: { 'en-US': 'Go through the wide gate into the paid area', 'zh-HK': '經闊閘進入付費區', 'zh-CN': '经阔闸进入付费区' },
  wideGateOut: { 'en-US': 'Go through the wide gate out of the paid area', 'zh-HK': '經闊閘離開付費區', 'zh-CN': '经阔闸离开付费区' },
} as const;

function floorText(router: StationRouter, floorId: string, lang: Language): string {
  return router.model.floors.find((floor) => floor.floorId === floorId)!.name[lang];
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/**
 * The route between two places or points. Searches: A* from each entry of the origin to each entry of the
 * destination (1 to 4 searches), the cheapest total wins.
 */
export function stationRoute(router: StationRouter, fromValue: string, toValue: string, options: { stepFree: boolean; lang: Language }): IndoorRouteResponse {
  const origin = anchorOf(router, fromValue);
  if (!origin) return { found: false, reason: 'not-pickable', which: 'from' };
  const destination = anchorOf(router, toValue);
  if (!destination) return { found: false, reason: 'not-pickable', which: 'to' };
  const { graph, finder } = options.stepFree ? router.stepFree : router.all;

  let best: { seconds: number; metres: number; nodes: number[]; edges: number[]; start: Anchor['entries'][number]; end: Anchor['entries'][number] } | null = null;
  // Both on the same walkway: straight along it (no search), unless going round is somehow shorter.
  if (origin.segment !== null && origin.segment === destination.segment) {
    const along = Math.abs(origin.alongMetres - destination.alongMetres);
    const seconds = along / WALKING_METRES_PER_SECOND;
    best = { seconds, metres: along, nodes: [], edges: [], start: { node: -1, seconds, metres: along }, end: { node: -1, seconds: 0, metres: 0 } };
  }
  for (const start of origin.entries) {
    for (const end of destination.entries) {
      const result = finder.aStar(start.node, end.node);
      if (!result.found) continue;
      const seconds = start.seconds + result.cost + end.seconds;
      if (!best || seconds < best.seconds) best = { seconds, metres: start.metres + result.lengthMetres + end.metres, nodes: result.nodes, edges: result.edges, start, end };
    }
  }
  if (!best) return { found: false, reason: 'no-route' };

  const nodes = router.model.nodes;
  const path: Array<[number, number, number]> = [];
  const push = (point: [number, number, number]) => {
    const last = path[path.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1] || last[2] !== point[2]) path.push(point);
  };
  const nodePoint = (node: number): [number, number, number] => [nodes[node].position[0], nodes[node].position[1], nodes[node].heightMetres];
  if (origin.point) push(origin.point);
  for (const node of best.nodes) push(nodePoint(node));
  if (destination.point) push(destination.point);
  if (path.length === 1) path.push(path[0]);

  // Steps: consecutive flat walking on one floor is one step; each stair, escalator, lift or gate its own.
  const steps: Extract<IndoorRouteResponse, { found: true }>['steps'] = [];
  const lang = options.lang;
  const addWalk = (floorId: string, metres: number) => {
    if (metres <= 0) return;
    const last = steps[steps.length - 1];
    if (last && last.via === 'walk' && last.floorId === floorId) {
      last.lengthMetres += metres;
    } else {
      steps.push({ instruction: '', floorId, via: 'walk', lengthMetres: metres });
    }
  };
  addWalk(origin.floorId, best.start.metres);
  const segmentsUsed: number[] = [];
  if (origin.segment !== null && best.start.metres > 0) segmentsUsed.push(origin.segment);
  best.edges.forEach((edge, index) => {
    const segmentIndex = graph.edgeTag[edge];
    segmentsUsed.push(segmentIndex);
    const segment = router.model.segments[segmentIndex];
    const properties = segment.properties;
    const fromNode = best!.nodes[index];
    const toNode = best!.nodes[index + 1];
    if (properties.verticalMode) {
      const up = nodes[toNode].heightMetres > nodes[fromNode].heightMetres;
      const key = `${properties.verticalMode}${up ? 'Up' : 'Down'}` as const;
      const instruction = TEXTS[key][lang].replace('{floor}', floorText(router, nodes[toNode].floorId, lang));
      steps.push({ instruction, floorId: nodes[fromNode].floorId, via: properties.verticalMode, lengthMetres: properties.lengthMetres });
    } else if (properties.fareGate) {
      // Gate segments are drawn from the unpaid side to the paid side.
      const inward = fromNode === segment.from;
      const key = properties.fareGate === 'wide' ? (inward ? 'wideGateIn' : 'wideGateOut') : inward ? 'gateIn' : 'gateOut';
      steps.push({ instruction: TEXTS[key][lang], floorId: nodes[fromNode].floorId, via: 'gate', lengthMetres: properties.lengthMetres });
    } else {
      addWalk(nodes[fromNode].floorId, properties.lengthMetres);
    }
  });
  addWalk(destination.floorId, best.end.metres);
  if (destination.segment !== null && best.end.metres > 0 && segmentsUsed[segmentsUsed.length - 1] !== destination.segment) segmentsUsed.push(destination.segment);
  for (const step of steps) {
    step.lengthMetres = round1(step.lengthMetres);
    if (step.via === 'walk') step.instruction = TEXTS.walk[lang].replace('{m}', String(Math.round(step.lengthMetres))).replace('{floor}', floorText(router, step.floorId, lang));
  }

  const floors: string[] = [];
  for (const floorId of [origin.floorId, ...best.nodes.map((node) => nodes[node].floorId), destination.floorId]) {
    if (floors[floors.length - 1] !== floorId) floors.push(floorId);
  }
  return {
    found: true,
    venueId: router.model.venueId,
    stepFree: options.stepFree,
    lengthMetres: round1(best.metres),
    walkingSeconds: Math.round(best.seconds),
    floors,
    path: path.map(([lon, lat, height]) => [round7(lon), round7(lat), Math.round(height * 100) / 100]),
    steps,
    segments: segmentsUsed.map((index) => router.model.segments[index].properties),
    sample: true,
  };
}
