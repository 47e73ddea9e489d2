import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { IndoorFloor } from './state';
import { pointOnFloor, areaAt, firstFloorId, floorOpacity, floorPage, FLOORS_PER_PAGE, INDOOR_STATION_CLUSTER, INDOOR_VISIBILITY, pageOfFloor, readIndoorVenues, venueAt } from './venues';

const name = (text: string) => ({ 'en-US': text, 'zh-HK': text, 'zh-CN': text });
const floors = (count: number): IndoorFloor[] => Array.from({ length: count }, (_, index) => ({ floorId: `F${index}`, floorLevel: -index, name: name(`F${index}`) }));
const square = (west: number, south: number, size: number) => [
  [
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
    [west, south],
  ],
];

const feeds = {
  stations: {
    features: [
      { type: 'Feature', geometry: { type: 'Point', coordinates: [114.1643, 22.2794] }, properties: { Venue_ID: 'MTR-ADM', Venue_Eng_name: 'Admiralty Station', Venue_Chi_name: '金鐘站', Venue_SC_name: '金钟站', venueType: 'metro-station', sample: false } },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [114.158, 22.282] }, properties: { Venue_ID: 'MTR-CEN', Venue_Eng_name: 'Central Station', Venue_Chi_name: '中環站', Venue_SC_name: '中环站', sample: false } },
      { type: 'Feature', geometry: { type: 'Point', coordinates: 'broken' }, properties: { Venue_ID: 'MTR-BAD' } },
    ],
  },
  polygons: {
    features: [
      { geometry: { type: 'Polygon', coordinates: square(114.1635, 22.279, 0.0015) }, properties: { key: 'ADM-P1-platform', Venue_ID: 'MTR-ADM', floorId: 'ADM-P1', floorLevel: -1, floorName_EN: 'Platforms', floorName_TC: '月台', floorName_SC: '月台', space: 'platform', _base_height: -17.4, _height: -17, sample: true } },
      { geometry: { type: 'Polygon', coordinates: square(114.1635, 22.279, 0.0015) }, properties: { key: 'ADM-C-concourse', Venue_ID: 'MTR-ADM', floorId: 'ADM-C', floorLevel: 0, floorName_EN: 'Concourse', floorName_TC: '大堂', floorName_SC: '大堂', space: 'concourse', _base_height: -8.4, _height: -8, sample: true } },
      { geometry: { type: 'Polygon', coordinates: square(114.164, 22.2792, 0.0004) }, properties: { key: 'ADM-C-paid-area', Venue_ID: 'MTR-ADM', floorId: 'ADM-C', floorLevel: 0, floorName_EN: 'Concourse', space: 'paid-area', _base_height: -8.4, _height: -7.95, sample: true } },
      { geometry: { type: 'Polygon', coordinates: square(114.17, 22.28, 0.0005) }, properties: { key: 'BLDG-1-G', Venue_ID: 'BLDG-1', Venue_Eng_name: 'Sample Tower', Venue_Chi_name: '樣本大廈', Venue_SC_name: '样本大厦', floorId: 'BLDG-1-G', floorLevel: 0, floorName_EN: 'G/F', space: 'floor', _base_height: 0, _height: 0.3, sample: true } },
      { geometry: { type: 'Polygon', coordinates: square(114.17, 22.28, 0.0005) }, properties: { key: 'BLDG-1-1', Venue_ID: 'BLDG-1', floorId: 'BLDG-1-1', floorLevel: 1, floorName_EN: '1/F', space: 'floor', _base_height: 3.5, _height: 3.8, sample: true } },
      { geometry: { type: 'Polygon', coordinates: square(114.17, 22.28, 0.0005) }, properties: { key: 'no-heights', Venue_ID: 'BLDG-1', floorId: 'BLDG-1-2', floorLevel: 2 } },
    ],
  },
  walls: {
    features: [
      { geometry: { type: 'LineString', coordinates: [[114.1635, 22.279], [114.165, 22.279]] }, properties: { key: 'ADM-C-outer-wall', Venue_ID: 'MTR-ADM', floorId: 'ADM-C', floorLevel: 0, _base_height: -8, _height: -3 } },
    ],
  },
};

describe('reading the indoor feeds', () => {
  const venues = readIndoorVenues(feeds);
  it('lists stations then buildings, floors top to bottom, skipping features it cannot read', () => {
    expect(venues.map((venue) => [venue.venueId, venue.venueType])).toEqual([
      ['MTR-ADM', 'metro-station'],
      ['MTR-CEN', 'metro-station'],
      ['BLDG-1', 'building'],
    ]);
    const admiralty = venues[0];
    expect(admiralty.floors.map((floor) => floor.floorId)).toEqual(['ADM-C', 'ADM-P1']);
    expect(admiralty.floors[0].name['zh-HK']).toBe('大堂');
    expect(admiralty.areas).toHaveLength(3);
    expect(admiralty.walls).toHaveLength(1);
    expect(admiralty.sample).toBe(true);
    const building = venues[2];
    expect(building.name['en-US']).toBe('Sample Tower');
    expect(building.floors.map((floor) => floor.floorId)).toEqual(['BLDG-1-1', 'BLDG-1-G']); // the feature without heights is left out
    expect(venues[1].floors).toEqual([]); // a station with no floor plan
  });

  it('opens on street level (level 0) when there is one, else the top floor', () => {
    expect(firstFloorId(venues[2].floors)).toBe('BLDG-1-G');
    expect(firstFloorId([{ floorId: 'P1', floorLevel: -1, name: name('P1') }, { floorId: 'P2', floorLevel: -2, name: name('P2') }])).toBe('P1');
    expect(firstFloorId([])).toBeNull();
  });

  it('identifies the smallest area of the current floor under a point, and nothing outside or on another floor', () => {
    const admiralty = venues[0];
    expect(areaAt(admiralty, 'ADM-C', [114.1642, 22.2794])?.key).toBe('ADM-C-paid-area');
    expect(areaAt(admiralty, 'ADM-C', [114.1637, 22.2792])?.key).toBe('ADM-C-concourse');
    expect(areaAt(admiralty, 'ADM-P1', [114.1637, 22.2792])?.key).toBe('ADM-P1-platform');
    expect(areaAt(admiralty, 'ADM-C', [114.2, 22.3])).toBeNull();
  });

  it('picks the station point within the tolerance, else a highlighted venue under the click', () => {
    expect(venueAt(venues, [114.1644, 22.2795], 30)?.venueId).toBe('MTR-ADM');
    expect(venueAt(venues, [114.1581, 22.2821], 30)?.venueId).toBe('MTR-CEN');
    expect(venueAt(venues, [114.1702, 22.2802], 30)?.venueId).toBe('BLDG-1');
    expect(venueAt(venues, [114.3, 22.4], 30)).toBeNull();
  });
});

describe('the floor selector', () => {
  it('shows 5 floors per page and pages through the rest', () => {
    expect(FLOORS_PER_PAGE).toBe(5);
    const six = floors(6);
    expect(floorPage(six, 0)).toMatchObject({ page: 0, pageCount: 2, first: 1, last: 5 });
    expect(floorPage(six, 0).floors.map((floor) => floor.floorId)).toEqual(['F0', 'F1', 'F2', 'F3', 'F4']);
    expect(floorPage(six, 1)).toMatchObject({ page: 1, pageCount: 2, first: 6, last: 6 });
    expect(floorPage(six, 7).page).toBe(1); // clamped
    expect(floorPage(six, -3).page).toBe(0);
    expect(floorPage(floors(5), 1)).toMatchObject({ page: 0, pageCount: 1, first: 1, last: 5 });
    expect(floorPage([], 0)).toMatchObject({ page: 0, pageCount: 1, first: 0, last: 0 });
    expect(pageOfFloor(floors(12), 'F10')).toBe(2);
    expect(pageOfFloor(floors(12), 'nowhere')).toBe(0);
  });

  it('draws the current floor opaque and the others faint or not at all', () => {
    expect(floorOpacity('F1', 'F1', 'faint')).toBeGreaterThan(0.8);
    expect(floorOpacity('F2', 'F1', 'faint')).toBeGreaterThan(0);
    expect(floorOpacity('F2', 'F1', 'faint')).toBeLessThan(0.3);
    expect(floorOpacity('F2', 'F1', 'hidden')).toBe(0);
    expect(floorOpacity('F1', 'F1', 'hidden')).toBeGreaterThan(0.8);
  });
});

describe('SPEC §9 indoor visibility', () => {
  it('clusters the stations as the manifest says and keeps the ranges the overview draws with', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../manifests/overlays/indoor.json', import.meta.url), 'utf8'));
    expect(manifest.cluster).toMatchObject({ enabled: true, ...INDOOR_STATION_CLUSTER });
    expect(manifest.subLayers.find((layer: { id: string }) => layer.id === 'station-labels').display.maximumDistanceMeters).toBe(INDOOR_VISIBILITY.stationLabelsMaximumMeters);
    expect(INDOOR_VISIBILITY).toEqual({ polygonsMinimumMeters: 7000, polygonsMaximumMeters: 105000, areaLabelsMaximumMeters: 1000, stationLabelsMaximumMeters: 3800, wallsMaximumMeters: 7000 });
  });
});

describe('the overview', () => {
  it('highlights each venue by its largest area and draws the walls of the floor its map opens on', async () => {
    const { venueFootprint, overviewWalls } = await import('./overviewScene');
    const venues = readIndoorVenues(feeds);
    expect(venueFootprint(venues[0])?.[0]).toEqual([114.1635, 22.279]); // the concourse, not the small paid area
    expect(venueFootprint(venues[1])).toBeNull(); // no floor plan
    expect(overviewWalls(venues[0])).toHaveLength(1);
  });
});

describe('identify aims at the floor', () => {
  it('follows the line of sight through the picked ground point down to the floor', () => {
    const camera = { longitude: 114.0, latitude: 22.0, heightMeters: 100 };
    // Picked on the ground (height 0) 0.001° east: the floor 10 m lower lies 10 % farther along the line.
    const [lon, lat] = pointOnFloor(camera, { longitude: 114.001, latitude: 22.0, heightMeters: 0 }, -10)!;
    expect(lon).toBeCloseTo(114.0011, 9);
    expect(lat).toBeCloseTo(22.0, 9);
    expect(pointOnFloor(camera, { longitude: 114.001, latitude: 22.0, heightMeters: 100 }, -10)).toBeNull(); // level
    expect(pointOnFloor(camera, { longitude: 114.001, latitude: 22.0, heightMeters: 50 }, 150)).toBeNull(); // behind
  });
});
