import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDataJson } from '../data/files';
import { greatCircleMetres } from './network';
import { DEFAULT_SPEED_KMH, drivingRoute, loadRoadNetwork, type RoadNetwork } from './roads';
import { mulberry32 } from '../data/seededRandom';

const DATA_DIR = join(__dirname, '../../data');

/** A named place's position from the shipped data, so the test does not carry coordinates of its own. */
function hospital(name: string): [number, number] {
  const file = readDataJson<{ features: Array<{ properties: { name_en: string }; geometry: { coordinates: [number, number] } }> }>(DATA_DIR, 'health/ha_ae_hospitals.geojson');
  const feature = file.features.find((f) => f.properties.name_en === name);
  if (!feature) throw new Error(`No hospital ${name}`);
  return feature.geometry.coordinates;
}

function mtrStation(code: string): [number, number] {
  const stations = readDataJson<Record<string, { lat: number; long: number }>>(DATA_DIR, 'mtr/stopList.mtr.json');
  return [stations[code].long, stations[code].lat];
}

let network: RoadNetwork;
beforeAll(() => {
  network = loadRoadNetwork(DATA_DIR, { env: {} });
}, 30_000);

describe('road network from the shipped IRN snapshot', () => {
  it('joins the junctions into one large connected network, bus-only segments left out', () => {
    const { graph, stats } = network;
    expect(network.source).toBe('irn-junction-snapshot');
    expect(graph.nodeCount).toBeGreaterThan(20_000);
    // Two directed edges per two-way segment.
    expect(graph.edgeCount).toBe(2 * stats.segments);
    expect(stats.busOnlySegmentsLeftOut).toBeGreaterThan(0);
    // The top speed limit in Hong Kong is 110 km/h; the heuristic must not assume more.
    expect(graph.heuristicMetresPerCost * 3.6).toBeLessThanOrEqual(110 + 1e-9);
    // No edge is faster than its speed could allow: cost ≥ length at 110 km/h, ≤ length at the slowest limit (30).
    for (let e = 0; e < graph.edgeCount; e += 1) {
      expect(graph.edgeCost[e]).toBeGreaterThanOrEqual(graph.edgeLengthMetres[e] / (110 / 3.6) - 1e-9);
      expect(graph.edgeCost[e]).toBeLessThanOrEqual(graph.edgeLengthMetres[e] / (30 / 3.6) + 1e-9);
    }
    expect(DEFAULT_SPEED_KMH).toBe(50);
  });

  it('A* gives the same cost as Dijkstra on random pairs of the real network', () => {
    const random = mulberry32(15);
    const { graph, finder } = network;
    let compared = 0;
    for (let i = 0; i < 60; i += 1) {
      const from = Math.floor(random() * graph.nodeCount);
      const to = Math.floor(random() * graph.nodeCount);
      const fast = finder.aStar(from, to);
      const plain = finder.dijkstra(from, to);
      expect(fast.found).toBe(plain.found);
      if (fast.found && plain.found) {
        expect(fast.cost).toBeCloseTo(plain.cost, 6);
        expect(fast.settledNodes).toBeLessThanOrEqual(plain.settledNodes);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('drives from Queen Mary Hospital to Central by a plausible road distance and time', () => {
    const from = hospital('Queen Mary Hospital');
    const to = mtrStation('CEN');
    const route = drivingRoute(network, from, to);
    expect(route.found).toBe(true);
    if (!route.found) return;
    const straight = greatCircleMetres(from, to);
    const ratio = route.roadMetres / straight;
    expect(ratio).toBeGreaterThan(1);
    expect(ratio).toBeLessThan(3);
    // Average speed between 30 and 110 km/h: the time follows the speed limits.
    const kmh = route.roadMetres / route.drivingSeconds * 3.6;
    expect(kmh).toBeGreaterThanOrEqual(30);
    expect(kmh).toBeLessThanOrEqual(110);
    // The access legs join the places to the line actually drawn.
    expect(route.accessLegs[0].from).toEqual(from);
    expect(route.accessLegs[0].to).toEqual(route.roadLine[0]);
    expect(route.accessLegs[1].to).toEqual(to);
    expect(route.accessLegs[1].from).toEqual(route.roadLine[route.roadLine.length - 1]);
    expect(route.accessLegs[0].metres).toBeLessThan(500);
  });

  it('the route there and back costs the same on the two-way snapshot', () => {
    const a = hospital('Queen Elizabeth Hospital');
    const b = hospital('Kwong Wah Hospital');
    const there = drivingRoute(network, a, b);
    const back = drivingRoute(network, b, a);
    expect(there.found && back.found).toBe(true);
    if (there.found && back.found) expect(there.drivingSeconds).toBeCloseTo(back.drivingSeconds, 6);
  });

  it('says when no road is near the origin or the destination (the middle of the South China Sea)', () => {
    const sea: [number, number] = [114.5, 21.9];
    expect(drivingRoute(network, sea, hospital('Queen Mary Hospital'))).toEqual({ found: false, reason: 'no-road-near-origin' });
    expect(drivingRoute(network, hospital('Queen Mary Hospital'), sea)).toEqual({ found: false, reason: 'no-road-near-destination' });
  });

  it('snaps a point beside a road with a short access leg, without scanning every edge', () => {
    const { graph, snapIndex } = network;
    const random = mulberry32(4);
    for (let checked = 0; checked < 20; ) {
      const node = Math.floor(random() * graph.nodeCount);
      // Junctions whose segments all lead out of the snapshot have no edge to snap to.
      if (graph.firstEdge[node + 1] === graph.firstEdge[node]) continue;
      checked += 1;
      // A junction itself lies on its roads: the access leg is (nearly) nothing.
      const snap = snapIndex.nearest(graph.lon[node], graph.lat[node]);
      expect(snap).not.toBeNull();
      expect(snap!.accessLegMetres).toBeLessThan(0.5);
    }
  });
});

describe('a dropped-in full road network file', () => {
  it('is read from ROAD_NETWORK_FILE, joins lines at shared end points and keeps one-way streets one-way', () => {
    const folder = mkdtempSync(join(tmpdir(), 'roads-'));
    const file = join(folder, 'centerline.geojson');
    const line = (coordinates: Array<[number, number]>, properties: Record<string, unknown>) => ({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates } });
    // p → q one way (forward), q → r two-way, r → p two-way at 30 km/h.
    const p: [number, number] = [114.17, 22.3];
    const q: [number, number] = [114.171, 22.3];
    const r: [number, number] = [114.171, 22.301];
    writeFileSync(
      file,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [line([p, q], { oneway: 'forward' }), line([q, r], {}), line([r, [114.1705, 22.3007], p], { speed_limit_kmh: 30 })],
      }),
    );
    const dropped = loadRoadNetwork(DATA_DIR, { env: { ROAD_NETWORK_FILE: file } });
    expect(dropped.source).toEqual({ fullNetworkFile: file });
    expect(dropped.graph.nodeCount).toBe(3);
    expect(dropped.graph.edgeCount).toBe(5);
    const there = dropped.finder.aStar(0, 1);
    const back = dropped.finder.aStar(1, 0);
    expect(there.found && there.nodes).toEqual([0, 1]);
    expect(back.found && back.nodes).toEqual([1, 2, 0]);
    expect(() => loadRoadNetwork(DATA_DIR, { env: { ROAD_NETWORK_FILE: join(folder, 'missing.geojson') } })).toThrow(/ROAD_NETWORK_FILE names .*missing\.geojson/);
  });
});
