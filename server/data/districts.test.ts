import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../app';
import { createDistrictIndex, loadDistrictIndex, type DistrictFeature } from './districts';

describe('district index', () => {
  const districts = loadDistrictIndex(join(ROOT_DIR, 'data'));
  const codeAt = (longitude: number, latitude: number) => districts.districtAt(longitude, latitude)?.code ?? null;

  it('has the 18 districts, each named in three languages', () => {
    expect(districts.districts).toHaveLength(18);
    expect(districts.districtAt(114.1722, 22.3817)).toEqual({ code: 'R', name: { 'en-US': 'Sha Tin', 'zh-HK': '沙田', 'zh-CN': '沙田' } });
  });

  it('finds the district of points on land and at sea, and none beyond the boundary', () => {
    expect(codeAt(114.1722, 22.3817)).toBe('R'); // Sha Tin town centre
    expect(codeAt(114.17, 22.292)).not.toBeNull(); // Victoria Harbour: the boundaries include the sea
    expect(codeAt(114.113235, 22.527639)).toBe('N'); // Lo Wu station, on the Shenzhen River
    expect(codeAt(114.1, 22.545)).toBeNull(); // Futian, Shenzhen, inside the old bounding box
    expect(codeAt(114.3, 22.6)).toBeNull();
  });

  const square = [[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]];
  const hole = [[1, 1], [3, 1], [3, 3], [1, 3], [1, 1]];
  const island = [[10, 10], [11, 10], [11, 11], [10, 11], [10, 10]];
  const feature: DistrictFeature = { properties: { 地區號碼: 'X' }, geometry: { type: 'MultiPolygon', coordinates: [[square, hole], [island]] } };

  it('honours holes and multi-polygons', () => {
    const index = createDistrictIndex([feature], { X: { 'en-US': 'X', 'zh-HK': 'X', 'zh-CN': 'X' } });
    const at = (longitude: number, latitude: number) => index.districtAt(longitude, latitude)?.code ?? null;
    expect([at(0.5, 0.5), at(2, 2), at(10.5, 10.5), at(5, 5)]).toEqual(['X', null, 'X', null]);
  });

  it('refuses a district without names', () => {
    expect(() => createDistrictIndex([feature], {})).toThrow('District X has no entry in data/names/district_names.json');
  });
});
