import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indoorVenueIdSchema, indoorVenueSummarySchema } from '../../core/contracts';
import { readDataJson } from '../data/files';
import { venueFeatureCollection } from './geojson';
import { buildingFloorLabels, buildingNames, DEFAULT_STOREY_METRES, loadIndoorVenues, signedRingArea, splitBilingualName } from './venues';

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
});

describe('loadIndoorVenues', () => {
  it('has the 97 MTR stations and the 242 OSM buildings with building:levels, each a valid summary with a valid id', () => {
    expect(ofType('metro-station')).toHaveLength(97);
    expect(ofType('building')).toHaveLength(242);
    for (const venue of catalogue.venues) {
      indoorVenueSummarySchema.parse(venue.summary);
      expect(indoorVenueIdSchema.safeParse(venue.summary.id).success, venue.summary.id).toBe(true);
      expect(venue.summary.sample).toBe(true);
      expect(venue.summary.districtCode, venue.summary.id).toMatch(/^[A-T]$/);
    }
    expect(new Set(catalogue.venues.map((venue) => venue.summary.id)).size).toBe(catalogue.venues.length);
  });

  it('reuses the indoor generator for stations: Admiralty has the concourse and four platform levels', () => {
    const admiralty = catalogue.venue('MTR-ADM')!;
    expect(admiralty.summary).toMatchObject({
      name: { 'en-US': 'Admiralty Station', 'zh-HK': '金鐘站', 'zh-CN': '金钟站' },
      districtCode: 'A',
      floors: ['C', 'P1', 'P2', 'P3', 'P4'],
      links: { GEOJSON: '/mapviewer/api/indoor/download/GEOJSON/MTR-ADM', SHP: '/mapviewer/api/indoor/download/SHP/MTR-ADM' },
    });
    expect(admiralty.areas.filter((area) => area.floor === 'C').map((area) => area.kind)).toEqual(['concourse', 'paid-area']);
    expect(admiralty.walls.some((wall) => wall.kind === 'platform-screen-door')).toBe(true);
  });

  it("builds a building's floors from its real footprint and storeys: one slab and one outer wall per floor", () => {
    const footprints = readDataJson<{ features: Array<{ geometry: { coordinates: number[][][] }; properties: Record<string, string> }> }>(
      dataDir,
      'buildings/cuhk_shatin_osm_buildings.geojson',
    ).features;
    const source = footprints.find((feature) => feature.properties['@id'] === 'way/134410446')!;
    const venue = catalogue.venue('BLDG-134410446')!;
    expect(venue.summary.name).toEqual({ 'en-US': 'Charles Kuen Kao Building', 'zh-HK': '高錕樓', 'zh-CN': '高锟楼' });
    expect(venue.summary.floors).toEqual(['G', '1', '2', '3']);
    expect(venue.summary.districtCode).toBe('R');
    expect(venue.areas).toHaveLength(4);
    expect(venue.walls).toHaveLength(4);
    const footprint = venue.areas[0].rings[0];
    expect(signedRingArea(footprint)).toBeGreaterThan(0);
    const sourceRing = source.geometry.coordinates[0].map(([lon, lat]) => `${lon.toFixed(6)},${lat.toFixed(6)}`);
    for (const [lon, lat] of footprint) expect(sourceRing).toContain(`${lon.toFixed(6)},${lat.toFixed(6)}`);
    expect(venue.walls[3]).toMatchObject({ floor: '3', kind: 'outer-wall', baseMetres: 3 * DEFAULT_STOREY_METRES });
    expect(venue.walls[3].line).toEqual(footprint);
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
