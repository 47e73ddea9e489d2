import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIRECTION, indoorRouteResponseSchema, pedestrianSegmentSchema, segmentFigures, YES_NO, type PedestrianSegment, type VerticalMode } from '../../core/contracts';
import { STATION_WALKWAY_SEGMENT } from '../../core/contracts/testing/pedestrianSegment';
import { ROOT_DIR } from '../app';
import { generateIndoorModel, loadIndoorGeneratorParameters, type StationNetworkModel, type StationNode } from '../data/indoorGenerator';
import { metresPerDegree, offsetLonLat } from '../data/localFrame';
import { loadMtrStations } from '../data/mtrStations';
import { mulberry32 } from '../data/seededRandom';
import { createStationRouter, stationRoute } from './stationNetwork';

const ORIGIN: [number, number] = [114.16, 22.28];
const at = (east: number): [number, number] => offsetLonLat(ORIGIN[0], ORIGIN[1], east, 0);

/**
 * A hand-made station: an exit on the street level (XXX-G, height 0) and, 8 m below, a concourse walkway (XXX-C) from
 * the foot of the stairs (10 m east) to a platform end (50 m east). Optionally a lift at the exit and escalators
 * beside the stairs.
 */
function tinyStation(options: { lift: boolean; escalators?: boolean }): StationNetworkModel {
  const nodes: StationNode[] = [
    { position: at(0), floorId: 'XXX-G', heightMetres: 0 },
    { position: at(10), floorId: 'XXX-C', heightMetres: -8 },
    { position: at(0), floorId: 'XXX-C', heightMetres: -8 },
    { position: at(50), floorId: 'XXX-C', heightMetres: -8 },
  ];
  const segments: StationNetworkModel['segments'] = [];
  const metresBetween = (a: number, b: number) => {
    const scale = metresPerDegree(ORIGIN[1]);
    return Math.abs(nodes[a].position[0] - nodes[b].position[0]) * scale.longitude;
  };
  const add = (from: number, to: number, verticalMode: VerticalMode | null, oneWay = false) => {
    const figures = segmentFigures(verticalMode, nodes[to].heightMetres - nodes[from].heightMetres, metresBetween(from, to));
    const stepFree = verticalMode !== 'stairs' && verticalMode !== 'escalator';
    const properties: PedestrianSegment = {
      ...STATION_WALKWAY_SEGMENT,
      segmentId: `X-S${segments.length + 1}`,
      featureType: verticalMode === 'stairs' || verticalMode === 'escalator' ? 12 : 1,
      gradient: verticalMode === 'stairs' || verticalMode === 'escalator' ? 4 : 1,
      direction: oneWay ? DIRECTION.forward : DIRECTION.both,
      wheelchairAccess: stepFree ? YES_NO.yes : YES_NO.no,
      wheelchairBarrier: stepFree ? YES_NO.no : YES_NO.yes,
      verticalMode,
      fromFloorId: nodes[from].floorId,
      toFloorId: nodes[to].floorId,
      lengthMetres: figures.lengthMetres,
      walkingSeconds: figures.walkingSeconds,
    };
    segments.push({ from, to, properties });
  };
  add(0, 1, 'stairs');
  if (options.escalators) {
    add(1, 0, 'escalator', true);
  }
  add(1, 3, null);
  if (options.lift) {
    add(0, 2, 'lift');
    add(2, 1, null);
  }
  const name = (text: string) => ({ 'en-US': text, 'zh-HK': text, 'zh-CN': text });
  return {
    code: 'XXX',
    venueId: 'MTR-XXX',
    name: name('Test'),
    floors: [
      { floorId: 'XXX-G', floorLevel: 1, name: { 'en-US': 'Street level', 'zh-HK': '地面', 'zh-CN': '地面' }, heightMetres: 0 },
      { floorId: 'XXX-C', floorLevel: 0, name: { 'en-US': 'Concourse', 'zh-HK': '大堂', 'zh-CN': '大堂' }, heightMetres: -8 },
    ],
    nodes,
    segments,
    places: [
      { id: 'XXX-exit-A', kind: 'exit', facility: null, name: name('Exit A'), floorId: 'XXX-G', node: 0, barrierFree: options.lift },
      { id: 'XXX-C-platform-1', kind: 'platform', facility: null, name: name('Platform'), floorId: 'XXX-C', node: 3, barrierFree: false },
    ],
  };
}

const en = { stepFree: false, lang: 'en-US' } as const;

describe('station routes (hand-made station)', () => {
  it('finds the shortest path across floors: the stairs beat the lift and its wait', () => {
    const router = createStationRouter(tinyStation({ lift: true }));
    const route = stationRoute(router, 'XXX-exit-A', 'XXX-C-platform-1', en);
    if (!route.found) throw new Error(route.reason);
    expect(route.floors).toEqual(['XXX-G', 'XXX-C']);
    expect(route.steps.map((step) => [step.via, step.instruction])).toEqual([
      ['stairs', 'Take the stairs down to the Concourse'],
      ['walk', 'Walk 40 m on the Concourse'],
    ]);
    // 16 m of flight at 0.5 m/s (the first 13.9 m of run are the flight's own), then 40 m at 1.3 m/s.
    expect(route.walkingSeconds).toBe(Math.round(32 + 40 / 1.3));
    expect(route.lengthMetres).toBeCloseTo(16 + 40, 0);
    expect(route.path.map((point) => point[2])).toEqual([0, -8, -8]);
    expect(route.segments.map((segment) => segment.segmentId)).toEqual(['X-S1', 'X-S2']);
    expect(indoorRouteResponseSchema.safeParse(route).success).toBe(true);
  });

  it('goes step-free by the lift, and answers no-route step-free where there is no lift', () => {
    const withLift = stationRoute(createStationRouter(tinyStation({ lift: true })), 'XXX-exit-A', 'XXX-C-platform-1', { ...en, stepFree: true });
    if (!withLift.found) throw new Error(withLift.reason);
    expect(withLift.steps.map((step) => step.via)).toEqual(['lift', 'walk']);
    expect(withLift.segments.every((segment) => segment.wheelchairAccess === YES_NO.yes)).toBe(true);
    const noLift = createStationRouter(tinyStation({ lift: false }));
    expect(stationRoute(noLift, 'XXX-exit-A', 'XXX-C-platform-1', { ...en, stepFree: true })).toEqual({ found: false, reason: 'no-route' });
    expect(stationRoute(noLift, 'XXX-exit-A', 'XXX-C-platform-1', en).found).toBe(true);
    expect(noLift.places.every((place) => !place.stepFree)).toBe(true);
  });

  it('rides a one-way escalator only its way: up by the escalator, down by the stairs', () => {
    const router = createStationRouter(tinyStation({ lift: false, escalators: true }));
    const up = stationRoute(router, 'XXX-C-platform-1', 'XXX-exit-A', en);
    const down = stationRoute(router, 'XXX-exit-A', 'XXX-C-platform-1', en);
    if (!up.found || !down.found) throw new Error('no route');
    expect(up.steps.map((step) => step.instruction)).toEqual(['Walk 40 m on the Concourse', 'Take the escalator up to the Street level']);
    expect(down.steps[0].via).toBe('stairs');
  });

  it('snaps a picked point within 15 m onto the walkway of its floor, and refuses one farther or on a floor with none', () => {
    const router = createStationRouter(tinyStation({ lift: false }));
    const [lon, lat] = offsetLonLat(...at(30), 0, 10);
    const near = stationRoute(router, `${lon.toFixed(7)},${lat.toFixed(7)}@XXX-C`, 'XXX-C-platform-1', en);
    if (!near.found) throw new Error(near.reason);
    expect(near.lengthMetres).toBeCloseTo(20, 0);
    expect(near.path[0][0]).toBeCloseTo(at(30)[0], 6);
    expect(near.path[0][1]).toBeCloseTo(ORIGIN[1], 6);
    const [farLon, farLat] = offsetLonLat(...at(30), 0, 20);
    expect(stationRoute(router, `${farLon.toFixed(7)},${farLat.toFixed(7)}@XXX-C`, 'XXX-C-platform-1', en)).toEqual({ found: false, reason: 'not-pickable', which: 'from' });
    // The street level has no walkway in this station (only the stairs leave it), so nothing there can be picked.
    expect(stationRoute(router, 'XXX-exit-A', `${ORIGIN[0]},${ORIGIN[1]}@XXX-G`, en)).toEqual({ found: false, reason: 'not-pickable', which: 'to' });
  });
});

describe('station routes (sample stations)', () => {
  const dataDir = join(ROOT_DIR, 'data');
  const model = generateIndoorModel(loadMtrStations(dataDir), loadIndoorGeneratorParameters(dataDir));
  const routers = model.stations.map(createStationRouter);

  it('reaches every platform end from every place of every station, with SPEC-coded segments', () => {
    for (const router of routers) {
      const platforms = router.model.places.filter((place) => place.kind === 'platform');
      for (const place of router.model.places) {
        for (const platform of platforms) {
          if (place === platform) continue;
          const route = stationRoute(router, place.id, platform.id, en);
          expect(route.found, `${place.id} → ${platform.id}`).toBe(true);
        }
      }
      const sample = stationRoute(router, router.model.places[0].id, platforms[0].id, en);
      if (sample.found) for (const segment of sample.segments) pedestrianSegmentSchema.parse(segment);
    }
  });

  it('answers the cost plain Dijkstra finds on the same graph (A* is exact)', () => {
    const random = mulberry32(17);
    for (let i = 0; i < 300; i += 1) {
      const router = routers[Math.floor(random() * routers.length)];
      for (const graph of [router.all, router.stepFree]) {
        const from = Math.floor(random() * graph.graph.nodeCount);
        const to = Math.floor(random() * graph.graph.nodeCount);
        const aStar = graph.finder.aStar(from, to);
        const dijkstra = graph.finder.dijkstra(from, to);
        expect(aStar.found).toBe(dijkstra.found);
        if (aStar.found && dijkstra.found) expect(aStar.cost).toBeCloseTo(dijkstra.cost, 6);
      }
    }
  });

  it('routes step-free only where a barrier-free exit has its lift, never over stairs or escalators', () => {
    let stepFreeStations = 0;
    for (const router of routers) {
      const exits = router.model.places.filter((place) => place.kind === 'exit');
      const platform = router.model.places.find((place) => place.kind === 'platform')!;
      for (const exit of exits) {
        const route = stationRoute(router, exit.id, platform.id, { stepFree: true, lang: 'en-US' });
        expect(route.found, exit.id).toBe(exit.barrierFree);
        if (route.found) {
          expect(route.segments.every((segment) => segment.verticalMode !== 'stairs' && segment.verticalMode !== 'escalator' && segment.fareGate !== 'standard')).toBe(true);
        }
      }
      if (exits.some((exit) => exit.barrierFree)) stepFreeStations += 1;
    }
    expect(stepFreeStations).toBeGreaterThan(60);
  });
});
