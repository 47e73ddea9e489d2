import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildingRecordSchema } from '../../core/contracts/buildings';
import { toHk1980 } from '../../core/contracts/hk1980';
import { lowestFaces, readCityGml } from './citygml';
import { DEFAULT_BUILDING_DATASETS, loadDefaultBuildingRecords } from './defaultSources';
import { footprintAreaSquareMetres } from './footprint';
import { BuildingRowError, osmHeights, readKwunTongFeature, readLandsdFootprintFeature, readOsmFeature, readTransectFeature, readWongTaiSinFeature, type GeoJsonFeature } from './readers';

const dataDir = resolve(import.meta.dirname, '../../data');
const square = (lon: number, lat: number, size = 0.0002) => [
  [
    [lon, lat],
    [lon, lat + size],
    [lon + size, lat + size],
    [lon + size, lat],
    [lon, lat],
  ],
];
const feature = (properties: Record<string, unknown>, coordinates: unknown = square(114.2, 22.3), type = 'Polygon'): GeoJsonFeature => ({
  type: 'Feature',
  properties,
  geometry: { type, coordinates },
});

describe('source readers', () => {
  it('reads a transect record: CSUID id, levels above HKPD, height roof − base, storeys, year; the outer ring made counter-clockwise', () => {
    const [record] = readTransectFeature('t.geojson')(
      feature({ csuid: '3468315577T20050430', landsd_building_id: 1103127344, name_en: 'Bank of China Tower', name_zh: '中銀大廈', base_level_hkpd_m: 7, roof_level_hkpd_m: 310.3, height_m: 303.3, storeys: 72, year_completed: 1989, address_en: '1 GARDEN ROAD' }),
    );
    expect(record).toMatchObject({ id: '3468315577T20050430', landsdBuildingId: '1103127344', baseLevelMetres: 7, roofLevelMetres: 310.3, heightMetres: 303.3, heightKind: 'measured', storeys: 72, yearCompleted: 1989, source: 'landsd-ib1000' });
    // The square above was given clockwise.
    const [a, b, c] = record.footprint[0];
    expect((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])).toBeGreaterThan(0);
    expect(buildingRecordSchema.parse(record)).toEqual(record);
  });

  it('reads Kwun Tong categories from the planning zone and keeps the source value', () => {
    const read = readKwunTongFeature('kt.geojson');
    const base = { landsd_building_id: 1, csuid: 'X1', structure_type: 'T', base_level_hkpd_m: 5, roof_level_hkpd_m: 25 };
    expect(read(feature({ ...base, ozp_zone: 'OU', ozp_specified_use_en: 'BUSINESS' }))[0]).toMatchObject({ category: 'commercial', categorySourceValue: 'OU BUSINESS, T', heightMetres: 20 });
    expect(read(feature({ ...base, ozp_zone: 'G/IC(1)' }))[0].category).toBe('government');
    expect(read(feature({ ...base, csuid: null }))[0].id).toBe('landsd:1');
  });

  it('reads Wong Tai Sin heights as measured with no levels, and refuses a height of 0', () => {
    const read = readWongTaiSinFeature('wts.geojson');
    expect(read(feature({ landsd_building_id: 1108225180, height_m: 10.9 }))[0]).toMatchObject({ id: 'landsd:1108225180', baseLevelMetres: null, roofLevelMetres: null, heightMetres: 10.9, heightKind: 'measured' });
    expect(() => read(feature({ landsd_building_id: 5, height_m: 0 }))).toThrow(/not above 0/);
    expect(() => read(feature({ height_m: 3 }))).toThrow(/landsd_building_id is missing/);
  });

  it('gives OSM heights from the height tag, else storeys × 3 m, else one assumed storey', () => {
    expect(osmHeights('66.4 m', '14')).toMatchObject({ heightMetres: 66.4, heightKind: 'measured', storeys: 14 });
    expect(osmHeights(undefined, '31')).toMatchObject({ heightMetres: 93, heightKind: 'from-storeys', storeys: 31 });
    expect(osmHeights('tall', '3;4')).toMatchObject({ heightMetres: 3, heightKind: 'assumed', storeys: null });
    const [record] = readOsmFeature('osm.geojson')(feature({ '@id': 'way/1', building: 'university', name: '碧秋樓 Pi Ch\'iu Building', 'name:en': 'Pi Ch\'iu Building' }));
    expect(record).toMatchObject({ id: 'osm:way/1', category: 'institutional', categorySourceValue: 'university', nameEn: 'Pi Ch\'iu Building', nameZh: '碧秋樓 Pi Ch\'iu Building', heightKind: 'assumed' });
  });

  it('reads the LandsD footprint export from the HK1980 Grid, one record per MultiPolygon part', () => {
    const [east, north] = toHk1980([114.1616, 22.2793]);
    const ring = [
      [east, north],
      [east + 20, north],
      [east + 20, north + 30],
      [east, north + 30],
      [east, north],
    ];
    const read = readLandsdFootprintFeature('BUILDING_STRUCTURE.geojson');
    const records = read(
      feature({ BUILDINGCSUID: 'C1', BASEHEIGHT: '4.5', TOPHEIGHT: 40.5, NUMABOVEGROUNDSTOREYS: 12, CATEGORY: 'Residential', OFFICIALBUILDINGNAMEEN: 'A House', OFFICIALBUILDINGNAMETC: '甲樓' }, [[ring], [ring.map(([e, n]) => [e + 100, n])]], 'MultiPolygon'),
    );
    expect(records.map((record) => record.id)).toEqual(['C1', 'C1#2']);
    expect(records[0]).toMatchObject({ source: 'landsd-footprint', heightMetres: 36, baseLevelMetres: 4.5, storeys: 12, category: 'residential', nameZh: '甲樓' });
    expect(records[0].footprint[0][0][0]).toBeCloseTo(114.1616, 6);
    expect(footprintAreaSquareMetres(records[0].footprint)).toBeCloseTo(600, -1);
    expect(() => read(feature({ BUILDINGCSUID: 'C2', BASEHEIGHT: 1, TOPHEIGHT: 9 }, square(114.2, 22.3)))).toThrow(/not on the HK1980 Grid/);
    expect(() => read(feature({ BUILDINGCSUID: 'C3', BASEHEIGHT: 1, TOPHEIGHT: 'x' }, [ring]))).toThrow(/TOPHEIGHT is not a number/);
    expect(() => read(feature({ BUILDINGCSUID: 'C4', TOPHEIGHT: 9 }, [[ring[0], ring[1], ring[0]]]))).toThrow(BuildingRowError);
  });
});

describe('the Kowloon Bay CityGML', () => {
  const gml = readFileSync(resolve(dataDir, 'buildings/kowloon_bay_lod1_citygml_sample_utm50n.gml'), 'utf8');

  it('takes the lowest horizontal face of each solid as its footprint', () => {
    const faces = [
      [
        [0, 0, 5],
        [1, 0, 5],
        [1, 1, 5],
        [0, 0, 5],
      ],
      [
        [0, 0, 5],
        [1, 0, 5],
        [1, 0, 9],
        [0, 0, 5],
      ],
      [
        [0, 0, 9],
        [1, 0, 9],
        [1, 1, 9],
        [0, 0, 9],
      ],
    ] as Array<Array<[number, number, number]>>;
    expect(lowestFaces(faces)).toEqual([faces[0]]);
  });

  it('reads 40 buildings and podiums in Kowloon Bay with their LandsD ids and levels, reporting the seven of Height 0', () => {
    const { records, errors } = readCityGml(gml, 'kb.gml');
    expect(records).toHaveLength(40);
    expect(errors).toHaveLength(7);
    expect(errors[0].reason).toBe('no positive Height');
    for (const record of records) {
      const [lon, lat] = record.footprint[0][0];
      expect(lon > 114.224 && lon < 114.23 && lat > 22.319 && lat < 22.323, record.id).toBe(true);
    }
    expect(records.find((record) => record.id === 'citygml:1108246149')).toMatchObject({ baseLevelMetres: 66.3, roofLevelMetres: 78.9, heightMetres: 12.6, categorySourceValue: 'P' });
    expect(records.find((record) => record.id === 'citygml:1108233171')).toMatchObject({ baseLevelMetres: null, roofLevelMetres: 117.1, heightMetres: 117.1 });
  });
});

describe('the shipped building files', () => {
  it('all read into valid records, one per building, every dataset present', () => {
    const { records, errors } = loadDefaultBuildingRecords(dataDir);
    for (const record of records) buildingRecordSchema.parse(record);
    expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
    expect(new Set(records.map((record) => record.sourceDataset))).toEqual(new Set(DEFAULT_BUILDING_DATASETS.map((dataset) => dataset.file)));
    // One Kwun Tong polygon without area and the seven CityGML structures of Height 0.
    expect(errors).toHaveLength(8);
    expect(records.filter((record) => record.heightKind === 'assumed').every((record) => record.source === 'osm')).toBe(true);
  });
});
