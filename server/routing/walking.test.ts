import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { walkingRouteResponseSchema, WALKING_SPEED_METRES_PER_SECOND, type WalkingRouteFound } from '../../core/contracts/walking';
import { loadDistrictIndex, type DistrictIndex } from '../data/districts';
import { greatCircleMetres } from './network';
import { drivingRoute, loadRoadNetwork } from './roads';
import {
  PEDESTRIAN_NETWORK_DEFAULT_PATH,
  PEDESTRIAN_NETWORK_ENV,
  loadPedestrianNetworkFile,
  loadWalkingNetwork,
  pedestrianNetworkFile,
  titleCase,
  walkingRoute,
  walkingSummary,
  type WalkingNetwork,
} from './walking';

const dataDir = join(__dirname, '../../data');
type Position = [number, number];

// Real places: Wong Tai Sin station's exits B2 and C2 (data/mtr), a point on Lung Poon Street and the corner of Ching
// Tak Street and Tung Tau Tsuen Road (LandsD centrelines), Sha Tin station exit A1.
const EXIT_B2: Position = [114.1934257, 22.3418041];
const EXIT_C2: Position = [114.193183, 22.3414068];
const LUNG_POON_STREET: Position = [114.201348, 22.341809];
const CHING_TAK_CORNER: Position = [114.193505, 22.338966];
const SHA_TIN_EXIT_A1: Position = [114.1877694, 22.3828394];

let network: WalkingNetwork;
let districts: DistrictIndex;
beforeAll(() => {
  network = loadWalkingNetwork(dataDir, { env: {} });
  districts = loadDistrictIndex(dataDir);
});

const found = (from: Position, to: Position, lang: 'en-US' | 'zh-HK' | 'zh-CN' = 'en-US', on = network): WalkingRouteFound => {
  const answer = walkingRouteResponseSchema.parse(walkingRoute(on, districts, from, to, lang));
  if (!answer.found) throw new Error(`no route: ${JSON.stringify(answer)}`);
  return answer;
};
const lineMetres = (line: readonly Position[]) => line.slice(1).reduce((sum, point, i) => sum + greatCircleMetres(line[i], point), 0);

describe('the walking network', () => {
  it('is the junction graph without the fast roads, the Wong Tai Sin centrelines joined to it, the zones and every exit', () => {
    const { stats } = network;
    // 33,302 junction segments in the driving graph; those with a piece posted ≥ 70 km/h are not walkable.
    expect(stats.fastSegmentsLeftOut).toBeGreaterThan(2000);
    expect(stats.junctionSegments + stats.fastSegmentsLeftOut).toBeGreaterThan(33_000);
    // 894 centrelines (18 of them MultiLineStrings), minus the tunnels and the by-pass.
    expect(stats.centrelines).toBeGreaterThan(850);
    expect(stats.centrelinesLeftOut).toBeGreaterThan(0);
    expect(stats.centrelineEndsJoinedToJunctions).toBeGreaterThan(500);
    expect(stats.pedestrianZones).toBe(63);
    expect(stats.exitsJoined).toBe(582);
    expect(stats.pedestrianNetworkSegments).toBe(0);
    expect(network.pedestrianNetworkFile).toBeNull();
  });

  it('finds with A* the same walking time as plain Dijkstra between random nodes', () => {
    let seed = 17;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    let compared = 0;
    for (let i = 0; i < 60; i += 1) {
      const from = Math.floor(random() * network.graph.nodeCount);
      const to = Math.floor(random() * network.graph.nodeCount);
      const aStar = network.finder.aStar(from, to);
      const dijkstra = network.finder.dijkstra(from, to);
      expect(aStar.found).toBe(dijkstra.found);
      if (aStar.found && dijkstra.found) {
        expect(aStar.cost).toBeCloseTo(dijkstra.cost, 6);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('walks from Wong Tai Sin exit B2 to Lung Poon Street along named streets, within 1–2× the straight line', () => {
    const route = found(EXIT_B2, LUNG_POON_STREET);
    const straight = greatCircleMetres(EXIT_B2, LUNG_POON_STREET);
    expect(route.lengthMetres).toBeGreaterThan(straight);
    expect(route.lengthMetres).toBeLessThan(2 * straight);
    expect(route.walkingSeconds).toBeCloseTo(route.lengthMetres / WALKING_SPEED_METRES_PER_SECOND, -1);
    // The exit is a named node: the walk starts on its own spur, and the street stretches add up to the network part.
    expect(route.streets[0].name).toEqual({ 'en-US': 'Wong Tai Sin Exit B2', 'zh-HK': '黃大仙站 B2 出口', 'zh-CN': '黄大仙站 B2 出口' });
    expect(route.streets.map((street) => street.name?.['en-US'])).toContain('Fung Tak Road');
    expect(route.streets.at(-1)!.name).toEqual({ 'en-US': 'Lung Poon Street', 'zh-HK': '龍蟠街', 'zh-CN': '龙蟠街' });
    const streetMetres = route.streets.reduce((sum, street) => sum + street.lengthMetres, 0);
    const accessMetres = route.accessLegs.reduce((sum, leg) => sum + leg.lengthMetres, 0);
    expect(Math.abs(streetMetres + accessMetres - route.lengthMetres)).toBeLessThan(1);
    // The drawn line is as long as what is walked on it (every edge is the straight line it draws).
    expect(Math.abs(lineMetres(route.line.coordinates as Position[]) - streetMetres)).toBeLessThan(1);
    expect(route.summary).toMatch(/^Walk 1\.\d\d km \(about 1\d min\) via .*Fung Tak Road/);
  });

  it('draws the access legs from the places to the network separately and counts them in the length', () => {
    // West of Ching Tak Street, about 28 m from it.
    const off: Position = [114.1925, 22.341];
    const route = found(off, CHING_TAK_CORNER, 'zh-HK');
    const [legIn, legOut] = route.accessLegs;
    expect(legIn.coordinates[0]).toEqual(off);
    expect(legIn.coordinates[1]).toEqual(route.line.coordinates[0]);
    expect(legIn.lengthMetres).toBeGreaterThan(5);
    expect(legOut.coordinates[1]).toEqual(CHING_TAK_CORNER);
    expect(legOut.coordinates[0]).toEqual(route.line.coordinates.at(-1));
    expect(route.summary).toMatch(/^步行 0\.\d\d 公里（約 \d+ 分鐘），經.*正德街。$/);
  });

  it('gives street names in three languages, Simplified Chinese by the project character table', () => {
    const route = found(EXIT_B2, LUNG_POON_STREET, 'zh-CN');
    const fungTak = route.streets.find((street) => street.name?.['en-US'] === 'Fung Tak Road')!;
    expect(fungTak.name).toEqual({ 'en-US': 'Fung Tak Road', 'zh-HK': '鳳德道', 'zh-CN': '凤德道' });
    expect(route.summary).toContain('凤德道');
  });

  it('says outside-boundary for a place in Shenzhen (origin first), no-path-near far from every path, unreachable across the harbour', () => {
    const shenzhen: Position = [114.1, 22.55];
    expect(walkingRoute(network, districts, shenzhen, EXIT_B2)).toEqual({ found: false, reason: 'outside-boundary', which: 'from' });
    expect(walkingRoute(network, districts, EXIT_B2, shenzhen)).toEqual({ found: false, reason: 'outside-boundary', which: 'to' });
    // South of Lamma Island, inside the boundary's sea: no walkable line within 500 m.
    expect(walkingRoute(network, districts, EXIT_B2, [114.13, 22.17])).toEqual({ found: false, reason: 'no-path-near', which: 'to' });
    // Central to Tsim Sha Tsui: the harbour tunnels are not walkable.
    expect(walkingRoute(network, districts, [114.158, 22.2815], [114.1722, 22.2988])).toEqual({ found: false, reason: 'unreachable' });
  });

  it('leaves out the roads posted at 70 km/h or more: Wong Tai Sin to Sha Tin is driven through Lion Rock Tunnel, but not walked', () => {
    const roads = loadRoadNetwork(dataDir, { env: {} });
    expect(drivingRoute(roads, EXIT_B2, SHA_TIN_EXIT_A1).found).toBe(true);
    expect(walkingRoute(network, districts, EXIT_B2, SHA_TIN_EXIT_A1)).toEqual({ found: false, reason: 'unreachable' });
  });
});

describe('the summary and names', () => {
  it('title-cases the data’s upper-case English names', () => {
    expect(titleCase('LUNG CHEUNG ROAD')).toBe('Lung Cheung Road');
    expect(titleCase("JAT'S INCLINE")).toBe("Jat's Incline");
    expect(titleCase('KWUN TONG BY-PASS')).toBe('Kwun Tong By-pass');
  });

  it('names at most the three longest streets, in the order walked, and never an unnamed stretch', () => {
    const name = (en: string) => ({ 'en-US': en, 'zh-HK': en, 'zh-CN': en });
    const streets = [
      { name: name('A Street'), lengthMetres: 50 },
      { name: null, lengthMetres: 900 },
      { name: name('B Road'), lengthMetres: 400 },
      { name: name('C Lane'), lengthMetres: 300 },
      { name: name('D Path'), lengthMetres: 200 },
    ];
    expect(walkingSummary(1850, 1423, streets, 'en-US')).toBe('Walk 1.85 km (about 24 min) via B Road, C Lane and D Path.');
    expect(walkingSummary(40, 31, [], 'en-US')).toBe('Walk 0.04 km (about 1 min).');
    expect(walkingSummary(1850, 1423, streets.slice(0, 3), 'zh-CN')).toBe('步行 1.85 公里（约 24 分钟），经A Street及B Road。');
  });
});

describe('a dropped-in LandsD 3D pedestrian network', () => {
  const folder = mkdtempSync(join(tmpdir(), 'walking-3dpn-'));
  const write = (name: string, content: unknown) => {
    const path = join(folder, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  it('joins a one-way footbridge to the network, which the route takes one way only', () => {
    // Without it, exit C2 to the Ching Tak Street corner goes round the block (about 430 m for 273 m straight).
    const without = found(EXIT_C2, CHING_TAK_CORNER);
    // From the first node after the exit's spur (a Wong Tai Sin centreline vertex) to the corner.
    const start = without.line.coordinates[2] as Position;
    const end = without.line.coordinates.at(-1) as Position;
    const bridge = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { FeatureType: 2, Direction: 1, streetNameEn: 'Test Footbridge', streetNameZh: '測試天橋' },
          // 3D coordinates, as ogr2ogr writes the 3DPN: the height is dropped.
          geometry: { type: 'LineString', coordinates: [[...start, 12], [114.1933, 22.3402, 14], [...end, 12]] },
        },
      ],
    };
    const path = write('bridge.geojson', bridge);
    const withBridge = loadWalkingNetwork(dataDir, { env: { [PEDESTRIAN_NETWORK_ENV]: path } });
    expect(withBridge.pedestrianNetworkFile).toBe(path);
    expect(withBridge.stats.pedestrianNetworkSegments).toBe(1);
    const over = found(EXIT_C2, CHING_TAK_CORNER, 'en-US', withBridge);
    expect(over.lengthMetres).toBeLessThan(without.lengthMetres - 100);
    expect(over.streets.map((street) => street.name?.['en-US'])).toContain('Test Footbridge');
    expect(over.attribution).toContain('3D Pedestrian Network');
    // Direction 1: only as drawn. Back the other way the walk goes round again.
    const back = found(CHING_TAK_CORNER, EXIT_C2, 'en-US', withBridge);
    expect(back.streets.map((street) => street.name?.['en-US'])).not.toContain('Test Footbridge');
    expect(back.lengthMetres).toBeCloseTo(without.lengthMetres, -1);
  });

  it('is read from the fixed path under data/ when no variable is set, and a variable naming a missing file is an error', () => {
    expect(pedestrianNetworkFile(dataDir, {})).toBeNull();
    expect(() => pedestrianNetworkFile(dataDir, { [PEDESTRIAN_NETWORK_ENV]: join(folder, 'missing.geojson') })).toThrow(
      `${PEDESTRIAN_NETWORK_ENV} names ${join(folder, 'missing.geojson')}, which does not exist`,
    );
    const otherData = mkdtempSync(join(tmpdir(), 'walking-data-'));
    mkdirSync(join(otherData, 'pedestrian'));
    writeFileSync(join(otherData, PEDESTRIAN_NETWORK_DEFAULT_PATH), '{"type":"FeatureCollection","features":[]}');
    expect(pedestrianNetworkFile(otherData, {})).toBe(join(otherData, 'pedestrian/3dpn.geojson'));
  });

  it('names the file and the feature when the file is not GeoJSON or a direction is not a SPEC §9 code', () => {
    const notGeoJson = write('not.geojson', '{"type":"Topology"}');
    expect(() => loadPedestrianNetworkFile(notGeoJson)).toThrow(`The pedestrian network file ${notGeoJson} is not a GeoJSON FeatureCollection`);
    const broken = write('broken.geojson', 'not json');
    expect(() => loadPedestrianNetworkFile(broken)).toThrow(`Cannot read the pedestrian network file ${broken}`);
    const badDirection = write('direction.geojson', {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { direction: 2 }, geometry: { type: 'LineString', coordinates: [[114.19, 22.34], [114.191, 22.34]] } }],
    });
    expect(() => loadPedestrianNetworkFile(badDirection)).toThrow(`The pedestrian network file ${badDirection}: feature 0 has direction 2; SPEC §9 allows 1, -1 or 0`);
  });
});
