import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AE_FACILITY_RANGE_METRES, AE_HOSPITAL_KEYS, aeDrivingResponseSchema, type AeHospitalKey } from '../../core/contracts/driving';
import { readDataJson } from '../data/files';
import { stationKey } from '../data/weather';
import { getDemSampler } from '../terrain/dem';
import { aeDrivingAnswer, createAeRouter, type AeHospital, type AeRouter } from './emergency';
import { GraphBuilder, PathFinder } from './graph';
import { greatCircleMetres } from './network';
import { drivingRoute, loadRoadNetwork, type RoadNetwork } from './roads';
import { EdgeSnapIndex } from './snap';

const DATA_DIR = join(__dirname, '../../data');

/**
 * A hand-made road: west ── mid ── east along 22.30°N (about 103 m per 0.001°), 10 s per hop, and a one-way spur
 * mid → north. No DEM (ground height unknown), so only the road rules apply.
 */
function handMadeRouter(hospitals: Array<{ key: AeHospitalKey; position: [number, number] }>): AeRouter {
  const builder = new GraphBuilder();
  const west = builder.addNode(114.17, 22.3);
  const mid = builder.addNode(114.171, 22.3);
  const east = builder.addNode(114.172, 22.3);
  const north = builder.addNode(114.171, 22.301);
  const twoWay = (a: number, b: number, length: number) => {
    builder.addEdge(a, b, length, 10);
    builder.addEdge(b, a, length, 10);
  };
  twoWay(west, mid, 103);
  twoWay(mid, east, 103);
  builder.addEdge(mid, north, 111, 10);
  const graph = builder.build();
  const network: RoadNetwork = {
    graph,
    finder: new PathFinder(graph),
    snapIndex: new EdgeSnapIndex(graph),
    source: 'irn-junction-snapshot',
    stats: { segments: 3, busOnlySegmentsLeftOut: 0, speedLimitedSegments: 0, buildMilliseconds: 0 },
  };
  const placed: AeHospital[] = hospitals.map(({ key, position }) => ({
    key,
    name: { 'en-US': key, 'zh-HK': key, 'zh-CN': key },
    position,
    snap: network.snapIndex.nearest(position[0], position[1], 2000),
  }));
  return { network, snapIndex: network.snapIndex, hospitals: placed, groundHeight: null };
}

describe('A&E answer on a hand-made road', () => {
  it('returns the access legs as separate straight lines from the origin to the road and from the road to the hospital', () => {
    // Origin 0.0002° (22 m) south of west–mid, hospital 0.0003° (33 m) north of mid–east.
    const router = handMadeRouter([{ key: 'kwong-wah-hospital', position: [114.1715, 22.3003] }]);
    const origin: [number, number] = [114.1705, 22.2998];
    const answer = aeDrivingResponseSchema.parse(aeDrivingAnswer(router, origin));
    expect(answer.status).toBe('ok');
    const route = answer.route!;
    expect(route.accessLegs.map((leg) => leg.end)).toEqual(['origin', 'hospital']);
    expect(route.accessLegs.every((leg) => leg.accessLeg)).toBe(true);
    // Each leg joins its place to the end of the driven line.
    expect(route.accessLegs[0].line.coordinates).toEqual([origin, route.road.coordinates[0]]);
    expect(route.accessLegs[1].line.coordinates).toEqual([route.road.coordinates.at(-1), [114.1715, 22.3003]]);
    expect(route.accessLegs[0].lengthMetres).toBeCloseTo(greatCircleMetres(origin, [114.1705, 22.3]), 0);
    expect(route.accessLegs[1].lengthMetres).toBeCloseTo(greatCircleMetres([114.1715, 22.3], [114.1715, 22.3003]), 0);
    // Half of west–mid, then half of mid–east: 103 m, 10 s; the legs are neither driven nor timed.
    expect(route.drivingMetres).toBeCloseTo(103, 0);
    expect(route.drivingSeconds).toBeCloseTo(10, 6);
    expect(answer.hospitals[0]).toMatchObject({ key: 'kwong-wah-hospital', reach: 'reached', drivingSeconds: 10 });
    expect(answer.hospitals[0].accessLegMetres).toBeCloseTo(route.accessLegs[0].lengthMetres + route.accessLegs[1].lengthMetres, 0);
  });

  it('drives along one segment when both places lie on it, in either direction of a two-way road', () => {
    const router = handMadeRouter([{ key: 'kwong-wah-hospital', position: [114.1702, 22.3001] }]);
    const answer = aeDrivingAnswer(router, [114.1708, 22.2999]);
    expect(answer.route!.drivingSeconds).toBeCloseTo(6, 6);
    expect(answer.route!.road.coordinates).toHaveLength(2);
  });

  it('lists a hospital the roads do not join as unreachable, after the reached ones, and says no facility is in range when none is reached', () => {
    const router = handMadeRouter([
      { key: 'queen-mary-hospital', position: [114.1711, 22.3012] },
      { key: 'kwong-wah-hospital', position: [114.1719, 22.3001] },
    ]);
    // From the spur's end (north), the one-way spur cannot be driven back: nothing is reached.
    const fromNorth = aeDrivingAnswer(router, [114.1711, 22.30105]);
    expect(fromNorth.hospitals.map((h) => h.reach)).toEqual(['reached', 'unreachable']);
    expect(fromNorth.hospitals[0].key).toBe('queen-mary-hospital');
    // Queen Mary's own road point is on the spur, so it is reached along that one edge (the same edge).
    const fromWest = aeDrivingAnswer(router, [114.1701, 22.3]);
    expect(fromWest.status).toBe('ok');
    expect(fromWest.hospitals.map((h) => h.reach)).toEqual(['reached', 'reached']);
    // Only the unreachable hospital listed: no facility within range, the hospital still listed.
    const alone = handMadeRouter([{ key: 'kwong-wah-hospital', position: [114.1719, 22.3001] }]);
    const none = aeDrivingAnswer(alone, [114.1711, 22.30105]);
    expect(none.status).toBe('no-facility-within-range');
    expect(none.hospitals).toMatchObject([{ key: 'kwong-wah-hospital', reach: 'unreachable', drivingMetres: null, drivingSeconds: null }]);
    expect(none.route).toBeNull();
  });

  it('says no facility is within range when the nearest hospital is more than the range away by road', () => {
    // The hand-made road with every hop 111 m but the spur said to be 40 km long (a long winding road).
    const router = handMadeRouter([{ key: 'queen-mary-hospital', position: [114.1711, 22.3012] }]);
    const graph = router.network.graph;
    const spur = Array.from({ length: graph.edgeCount }, (_, e) => e).find((e) => graph.edgeTo[e] === 3)!;
    (graph.edgeLengthMetres as Float64Array)[spur] = AE_FACILITY_RANGE_METRES + 10_000;
    const answer = aeDrivingAnswer(router, [114.1701, 22.3]);
    expect(answer.status).toBe('no-facility-within-range');
    expect(answer.hospitals[0].reach).toBe('reached');
    expect(answer.hospitals[0].drivingMetres!).toBeGreaterThan(AE_FACILITY_RANGE_METRES);
    expect(answer.route).not.toBeNull();
  });
});

let network: RoadNetwork;
let router: AeRouter;
beforeAll(() => {
  network = loadRoadNetwork(DATA_DIR, { env: {} });
  const dem = getDemSampler(DATA_DIR);
  router = createAeRouter(DATA_DIR, network, (lon, lat) => dem.heightAt(lon, lat));
}, 30_000);

describe('A&E answer on the shipped road network', () => {
  it('knows exactly the hospitals of the data file, by the keys of the waiting-time feed', () => {
    const file = readDataJson<{ features: Array<{ properties: { name_en: string } }> }>(DATA_DIR, 'health/ha_ae_hospitals.geojson');
    expect(file.features.map((f) => stationKey(f.properties.name_en)).sort()).toEqual([...AE_HOSPITAL_KEYS]);
    expect(router.hospitals).toHaveLength(18);
  });

  it('from Mong Kok lists Kwong Wah first, every hospital on the road network with a plausible time, soonest first', () => {
    const answer = aeDrivingResponseSchema.parse(aeDrivingAnswer(router, [114.1694, 22.3193]));
    expect(answer.status).toBe('ok');
    expect(answer.hospitals[0].key).toBe('kwong-wah-hospital');
    const reached = answer.hospitals.filter((h) => h.reach === 'reached');
    // St John Hospital is on Cheung Chau: no road of the network reaches the island.
    expect(answer.hospitals.find((h) => h.key === 'st-john-hospital')!.reach).toBe('unreachable');
    expect(reached).toHaveLength(17);
    for (const hospital of reached) {
      expect(hospital.drivingMetres!).toBeGreaterThanOrEqual(hospital.straightLineMetres - hospital.accessLegMetres! - 1);
      expect(hospital.drivingMetres! / Math.max(1, hospital.straightLineMetres)).toBeLessThan(4);
      const kmh = (hospital.drivingMetres! / hospital.drivingSeconds!) * 3.6;
      expect(kmh).toBeGreaterThan(20);
      expect(kmh).toBeLessThanOrEqual(110);
    }
    expect(reached.map((h) => h.drivingSeconds)).toEqual([...reached.map((h) => h.drivingSeconds)].sort((a, b) => a! - b!));
    expect(answer.route!.hospital).toBe('kwong-wah-hospital');
  });

  it('gives the same distance and time as the point-to-point route for every hospital', () => {
    const origin: [number, number] = [114.2261, 22.3135];
    const answer = aeDrivingAnswer(router, origin);
    for (const hospital of answer.hospitals.filter((h) => h.reach === 'reached')) {
      const single = drivingRoute(network, origin, hospital.position);
      expect(single.found).toBe(true);
      if (single.found) expect(hospital.drivingSeconds).toBeCloseTo(single.drivingSeconds, 0);
    }
  });

  it('draws the route to the hospital asked for, from the origin road point to the hospital road point', () => {
    const answer = aeDrivingAnswer(router, [114.1694, 22.3193], 'queen-mary-hospital');
    const route = answer.route!;
    expect(route.hospital).toBe('queen-mary-hospital');
    expect(route.road.coordinates[0]).toEqual(answer.origin.road!.position);
    expect(route.accessLegs[1].line.coordinates[1]).toEqual(answer.hospitals.find((h) => h.key === 'queen-mary-hospital')!.position);
    expect(route.drivingSeconds).toBe(answer.hospitals.find((h) => h.key === 'queen-mary-hospital')!.drivingSeconds);
  });

  it('says the origin is in the water in Victoria Harbour and the Lamma Channel, and no road near a point out of every data', () => {
    for (const sea of [
      [114.17, 22.29],
      [114.13, 22.24],
    ] as Array<[number, number]>) {
      const answer = aeDrivingAnswer(router, sea);
      expect(answer.status).toBe('origin-in-water');
      expect(answer.hospitals).toEqual([]);
      expect(answer.route).toBeNull();
    }
    expect(aeDrivingAnswer(router, [114.5, 21.9]).status).toBe('no-road-near-origin');
  });

  it('snaps a pin beside a fragment of the snapshot (a segment joined to nothing) onto the main network instead', () => {
    // A two-junction fragment in Central (its other segments' far ends are missing from the snapshot).
    const answer = aeDrivingAnswer(router, [114.158632, 22.280986]);
    expect(answer.status).toBe('ok');
    expect(answer.hospitals.filter((h) => h.reach === 'reached')).toHaveLength(17);
  });
});
