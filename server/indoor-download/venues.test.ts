import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indoorVenueIdSchema, indoorVenueSummarySchema } from '../../core/contracts';
import { readDataJson } from '../data/files';
import { venueFeatureCollection } from './geojson';
import { KWUN_TONG_STOREY_METRES, kwunTongBuildingUse, osmBuildingUse } from './buildingSources';
import { buildingFloorLabels, buildingNames, CORE_SCALE, DEFAULT_STOREY_METRES, floorLevelOf, loadIndoorVenues, signedRingArea, splitBilingualName } from './venues';

const dataDir = join(import.meta.dirname, '..', '..', 'data');
const catalogue = loadIndoorVenues(dataDir);
const ofType = (type: 'metro-station' | 'building') => catalogue.venues.filter((venue) => venue.summary.type === type);

describe('splitBilingualName', () => {
  it('splits an OSM name holding Chinese and English, either way round', () => {
    expect(splitBilingualName('逸夫科學大樓 Run Run Shaw Science Building')).toEqual({ zh: '逸夫科學大樓', en: 'Run Run Shaw Science Building' });
    expect(splitBilingualName('研究生宿舍第三座(博文苑) Postgraduate Hall No.3 (Inter-university Hall)')).toEqual({
      zh: '研究生宿舍第三座(博文苑)',
      en: 'Postgraduate Hall No.3 (Inter-university Hall)',
    });
    expect(splitBilingualName('崇基學院教職員宿舍S座 C.C. Staff Quarters S')).toEqual({ zh: '崇基學院教職員宿舍S座', en: 'C.C. Staff Quarters S' });
    expect(splitBilingualName('Lingnan Stadium 嶺南體育館')).toEqual({ en: 'Lingnan Stadium', zh: '嶺南體育館' });
    expect(splitBilingualName('樟樹灘村村公所')).toEqual({ zh: '樟樹灘村村公所', en: null });
    expect(splitBilingualName('12W')).toEqual({ zh: null, en: '12W' });
  });
});

describe('buildingNames', () => {
  const shaTin = { code: 'R', name: { 'en-US': 'Sha Tin', 'zh-HK': '沙田', 'zh-CN': '沙田' } };
  const toSimplified = (text: string) => text.replace(/樓/g, '楼');

  it('prefers the name:* tags, falls back to the parts of name, and to one language for all three', () => {
    expect(buildingNames({ name: '高錕樓 Charles Kuen Kao Building', 'name:en': 'Charles K. Kao Building' }, '1', shaTin, toSimplified)).toEqual({
      'en-US': 'Charles K. Kao Building',
      'zh-HK': '高錕樓',
      'zh-CN': '高錕楼',
    });
    expect(buildingNames({ name: '12W' }, '1', shaTin, toSimplified)).toEqual({ 'en-US': '12W', 'zh-HK': '12W', 'zh-CN': '12W' });
    expect(buildingNames({ 'name:zh': '某樓', 'name:zh-Hans': '某楼' }, '1', shaTin, toSimplified)['zh-CN']).toBe('某楼');
  });

  it('names an unnamed building by its OSM id and district in three languages', () => {
    expect(buildingNames({}, '123', shaTin, toSimplified)).toEqual({ 'en-US': 'Building 123, Sha Tin', 'zh-HK': '沙田建築物 123', 'zh-CN': '沙田建筑物 123' });
  });
});

describe('buildingFloorLabels', () => {
  it('lists basements, the ground floor and the upper floors from the bottom', () => {
    expect(buildingFloorLabels(1, 0)).toEqual(['G']);
    expect(buildingFloorLabels(4, 2)).toEqual(['B2', 'B1', 'G', '1', '2', '3']);
  });

  it('numbers them as storeys: G 0, upper floors up, basements down', () => {
    expect(buildingFloorLabels(3, 2).map(floorLevelOf)).toEqual([-2, -1, 0, 1, 2]);
  });
});

describe('building use from the data', () => {
  it('reads OSM building and amenity tags; says nothing for building=yes without an amenity', () => {
    expect(osmBuildingUse({ building: 'university' })).toBe('government-school');
    expect(osmBuildingUse({ building: 'office' })).toBe('commercial-industrial');
    expect(osmBuildingUse({ building: 'apartments' })).toBe('residential');
    expect(osmBuildingUse({ building: 'yes', amenity: 'library' })).toBe('government-school');
    expect(osmBuildingUse({ building: 'yes' })).toBeNull();
    expect(osmBuildingUse({ building: 'roof' })).toBeNull();
  });

  it('reads the Outline Zoning Plan zone in Kwun Tong', () => {
    expect(kwunTongBuildingUse('OU', 'BUSINESS')).toBe('commercial-industrial');
    expect(kwunTongBuildingUse('C(1)', null)).toBe('commercial-industrial');
    expect(kwunTongBuildingUse('G/IC(1)', null)).toBe('government-school');
    expect(kwunTongBuildingUse('OU', 'SEWAGE TREATMENT PLANT')).toBe('government-school');
    expect(kwunTongBuildingUse('O', null)).toBeNull();
    expect(kwunTongBuildingUse('OU', 'SOMETHING ELSE')).toBeNull();
  });
});

describe('loadIndoorVenues', () => {
  it('has the 97 MTR stations and 808 buildings (242 OSM, 267 core transect, 299 Kwun Tong), each a valid summary with a valid id', () => {
    expect(ofType('metro-station')).toHaveLength(97);
    expect(ofType('building')).toHaveLength(808);
    const uses = new Map<string, number>();
    for (const venue of ofType('building')) uses.set(String(venue.summary.buildingUse), (uses.get(String(venue.summary.buildingUse)) ?? 0) + 1);
    expect(Object.fromEntries(uses)).toEqual({ 'commercial-industrial': 312, 'government-school': 40, residential: 161, null: 295 });
    expect(ofType('metro-station').every((venue) => venue.summary.buildingUse === null)).toBe(true);
    for (const venue of catalogue.venues) {
      indoorVenueSummarySchema.parse(venue.summary);
      expect(indoorVenueIdSchema.safeParse(venue.summary.id).success, venue.summary.id).toBe(true);
      expect(venue.summary.sample).toBe(true);
      expect(venue.summary.districtCode, venue.summary.id).toMatch(/^[A-T]$/);
    }
    expect(new Set(catalogue.venues.map((venue) => venue.summary.id)).size).toBe(catalogue.venues.length);
  });

  it('reuses the indoor generator for stations: Admiralty has the street level, the concourse and four platform levels', () => {
    const admiralty = catalogue.venue('MTR-ADM')!;
    expect(admiralty.summary).toMatchObject({
      name: { 'en-US': 'Admiralty Station', 'zh-HK': '金鐘站', 'zh-CN': '金钟站' },
      districtCode: 'A',
      floors: ['G', 'C', 'P1', 'P2', 'P3', 'P4'],
      links: { GEOJSON: '/mapviewer/api/indoor/download/GEOJSON/MTR-ADM', SHP: '/mapviewer/api/indoor/download/SHP/MTR-ADM' },
    });
    const concourseKinds = admiralty.areas.filter((area) => area.floor === 'C').map((area) => area.kind);
    expect(concourseKinds.slice(0, 2)).toEqual(['concourse', 'paid-area']);
    expect(new Set(concourseKinds)).toEqual(new Set(['concourse', 'paid-area', 'gate-line', 'customer-service', 'toilet', 'passage', 'stairs', 'escalator', 'lift']));
    expect(admiralty.areas.filter((area) => area.floor === 'G').map((area) => area.kind)).toEqual(Array(7).fill('entrance'));
    expect(admiralty.walls.some((wall) => wall.kind === 'platform-screen-door')).toBe(true);
  });

  it("builds a building's floors from its real footprint and storeys: per floor a slab, corridor and core, an outer and a core wall", () => {
    const footprints = readDataJson<{ features: Array<{ geometry: { coordinates: number[][][] }; properties: Record<string, string> }> }>(
      dataDir,
      'buildings/cuhk_shatin_osm_buildings.geojson',
    ).features;
    const source = footprints.find((feature) => feature.properties['@id'] === 'way/134410446')!;
    const venue = catalogue.venue('BLDG-134410446')!;
    expect(venue.summary.name).toEqual({ 'en-US': 'Charles Kuen Kao Building', 'zh-HK': '高錕樓', 'zh-CN': '高锟楼' });
    expect(venue.summary.floors).toEqual(['G', '1', '2', '3']);
    expect(venue.summary.districtCode).toBe('R');
    expect(venue.areas).toHaveLength(4 * 3);
    expect(venue.walls).toHaveLength(4 * 2);
    expect(venue.areas.slice(0, 3).map((area) => area.kind)).toEqual(['floor', 'corridor', 'core']);
    expect(venue.summary.buildingUse).toBe('government-school');
    const footprint = venue.areas[0].rings[0];
    expect(signedRingArea(footprint)).toBeGreaterThan(0);
    const sourceRing = source.geometry.coordinates[0].map(([lon, lat]) => `${lon.toFixed(6)},${lat.toFixed(6)}`);
    for (const [lon, lat] of footprint) expect(sourceRing).toContain(`${lon.toFixed(6)},${lat.toFixed(6)}`);
    expect(venue.walls[6]).toMatchObject({ floor: '3', kind: 'outer-wall', baseMetres: 3 * DEFAULT_STOREY_METRES });
    expect(venue.walls[6].line).toEqual(footprint);
    // The core is the footprint scaled about its centroid: a smaller ring, the corridor a ring round it.
    const [core, corridor] = [venue.areas[2], venue.areas[1]];
    expect(signedRingArea(core.rings[0]) / signedRingArea(footprint)).toBeCloseTo(CORE_SCALE ** 2, 3);
    expect(corridor.rings).toHaveLength(2);
    expect(signedRingArea(corridor.rings[1])).toBeLessThan(0);
    expect(core.topMetres).toBeGreaterThan(venue.areas[0].topMetres);
    expect(venue.walls[1]).toMatchObject({ floor: 'G', kind: 'core-wall' });
  });

  it('builds LandsD buildings: the core transect with its Buildings Department storeys, Kwun Tong with storeys from its height', () => {
    const bankOfChina = catalogue.venue('BLDG-1103127344')!;
    expect(bankOfChina.summary).toMatchObject({ name: { 'en-US': 'Bank of China Tower', 'zh-HK': '中銀大廈', 'zh-CN': '中银大厦' }, districtCode: 'A', buildingUse: null });
    expect(bankOfChina.summary.floors).toHaveLength(72);
    expect(bankOfChina.summary.floors.at(-1)).toBe('71');
    // 303.3 m over 72 storeys: the top floor's wall reaches the LandsD roof less one slab.
    expect(bankOfChina.walls.at(-1)!.topMetres).toBeCloseTo(303.3 - 0.3, 1);
    // The Peninsula office tower: 30 storeys but a 41.1 m polygon (the older wing), so the default storey height.
    const peninsula = catalogue.venue('BLDG-1108244290')!;
    expect(peninsula.summary.floors).toHaveLength(30);
    expect(peninsula.walls.find((wall) => wall.floor === '1' && wall.kind === 'outer-wall')!.baseMetres).toBe(DEFAULT_STOREY_METRES);
    const cBons = catalogue.venue('BLDG-1108238639')!;
    expect(cBons.summary).toMatchObject({ name: { 'en-US': 'C-Bons International Centre', 'zh-HK': '絲寶國際大廈' }, districtCode: 'J', buildingUse: 'commercial-industrial' });
    expect(cBons.summary.floors).toHaveLength(Math.round(81.4 / KWUN_TONG_STOREY_METRES));
    expect(catalogue.venue('BLDG-1108240503')!.summary.buildingUse).toBe('government-school');
  });

  it('writes Simplified names without a Traditional-only character of the character map', () => {
    const script = readDataJson<{ toSimplified: Record<string, string> }>(dataDir, 'names/chinese_script_characters.json');
    const traditionalOnly = new RegExp(`[${Object.keys(script.toSimplified).join('')}]`);
    const unconverted = catalogue.venues.filter((venue) => traditionalOnly.test(venue.summary.name['zh-CN'])).map((venue) => venue.summary.id);
    expect(unconverted).toEqual([]);
  });
});

describe('search', () => {
  const ids = (query: Parameters<typeof catalogue.search>[0]) => catalogue.search(query).map((venue) => venue.summary.id);

  it('matches part of an English, Traditional or Simplified name, or the station code, case-insensitively', () => {
    expect(ids({ q: 'admir' })).toEqual(['MTR-ADM']);
    expect(ids({ q: 'ADMIRALTY' })).toEqual(['MTR-ADM']);
    expect(ids({ q: '金鐘' })).toEqual(['MTR-ADM']);
    expect(ids({ q: '金钟' })).toEqual(['MTR-ADM']);
    expect(ids({ q: 'tst' })).toContain('MTR-TST');
    expect(ids({ q: '逸夫' })).toEqual(['BLDG-107139044']);
    expect(ids({ q: 'run run shaw' })).toEqual(['BLDG-107139044']);
  });

  it('filters by district and type, and sorts by English name', () => {
    const central = catalogue.search({ district: 'A' });
    expect(central.length).toBeGreaterThan(0);
    expect(central.every((venue) => venue.summary.districtCode === 'A')).toBe(true);
    expect(central.map((venue) => venue.summary.id)).toContain('MTR-ADM');
    const buildings = catalogue.search({ type: 'building', district: 'R' });
    expect(buildings.every((venue) => venue.summary.type === 'building')).toBe(true);
    expect(buildings.map((venue) => venue.summary.id)).toContain('BLDG-107139044');
    const names = catalogue.search({}).map((venue) => venue.summary.name['en-US']);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' })));
    expect(ids({ q: 'admir', type: 'building' })).toEqual([]);
  });
});

describe('venueFeatureCollection', () => {
  it('holds every floor polygon and wall with venue, floor, kind, heights and names', () => {
    const venue = catalogue.venue('MTR-ADM')!;
    const collection = venueFeatureCollection(venue);
    expect(collection).toMatchObject({ type: 'FeatureCollection', name: 'MTR-ADM', sample: true, venue: { id: 'MTR-ADM' } });
    expect(collection.features).toHaveLength(venue.areas.length + venue.walls.length);
    const concourse = collection.features.find((feature) => feature.properties.kind === 'concourse')!;
    expect(concourse.geometry.type).toBe('Polygon');
    expect(concourse.properties).toMatchObject({ venueId: 'MTR-ADM', layer: 'floor', floor: 'C', floorName_EN: 'Concourse', name_TC: '金鐘站', sample: true });
    expect(concourse.properties.topHeightMetres).toBeGreaterThan(concourse.properties.baseHeightMetres);
    const walls = collection.features.filter((feature) => feature.properties.layer === 'wall');
    expect(walls.every((feature) => feature.geometry.type === 'LineString')).toBe(true);
  });
});
