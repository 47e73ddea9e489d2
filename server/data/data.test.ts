import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataSourcesSchema } from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { labelPoint, pointInPolygon } from './geometry';
import { loadPlaces } from './places';
import { parseHkoTemperatureCsv } from './temperature';
import { hktToIso, stationKey } from './weather';

const dataDir = join(ROOT_DIR, 'data');

describe('data/sources.json', () => {
  it('matches the contract and names only files that exist', () => {
    const sources = dataSourcesSchema.parse(JSON.parse(readFileSync(join(dataDir, 'sources.json'), 'utf8')));
    for (const id of ['districts', 'mtr-stations', 'mtr-exits', 'hko-temperature', 'terrain-landsd-dtm']) {
      expect(sources.map((s) => s.id)).toContain(id);
    }
    for (const file of sources.flatMap((s) => s.files)) expect(() => readFileSync(join(dataDir, file)), file).not.toThrow();
  });
});

describe('HKO temperature CSV', () => {
  it('parses the HKO format and skips unusable rows', () => {
    const csv = '\uFEFFDate time,Automatic Weather Station,Air Temperature(degree Celsius)\r\n202404211040,Chek Lap Kok,27.6\r\n202404211040,Sha Tin,N/A\r\n\r\n';
    expect(parseHkoTemperatureCsv(csv)).toEqual([{ observedHkt: '202404211040', station: 'Chek Lap Kok', celsius: 27.6 }]);
    expect(() => parseHkoTemperatureCsv('a,b,c\n1,2,3')).toThrow(/Not an HKO temperature CSV/);
  });
  it('converts HKO times and station names', () => {
    expect(hktToIso('202404211040')).toBe('2024-04-21T10:40:00+08:00');
    expect(stationKey("King's Park")).toBe('kings-park');
  });
});

describe('places', () => {
  const places = loadPlaces(dataDir);
  it('has 18 districts, 97 stations and 582 exits with three names each', () => {
    const count = (kind: string) => places.filter((p) => p.kind === kind).length;
    expect([count('district'), count('mtr-station'), count('mtr-exit')]).toEqual([18, 97, 582]);
    expect(new Set(places.map((p) => p.id)).size).toBe(places.length);
    for (const p of places) {
      expect(p.name['en-US'] && p.name['zh-HK'] && p.name['zh-CN'], p.id).toBeTruthy();
    }
  });
  it('gives Simplified names where they differ and fixes source slips', () => {
    const byId = new Map(places.map((p) => [p.id, p]));
    expect(byId.get('mtr-station:AIR')!.name).toEqual({ 'en-US': 'Airport', 'zh-HK': '機場', 'zh-CN': '机场' });
    expect(byId.get('mtr-station:WHA')!.name['en-US']).toBe('Whampoa');
    expect(byId.get('mtr-station:LAK')!.name['zh-HK']).toBe('荔景');
    expect(byId.get('district:A')!.name['en-US']).toBe('Central and Western');
    expect(places.find((p) => p.kind === 'mtr-exit' && p.name['en-US'].startsWith('Whampoa'))!.name['zh-CN']).toBe('黄埔站 A 出口');
  });
  it('places each district label inside its polygon', () => {
    const districts = JSON.parse(readFileSync(join(dataDir, 'districts/hksar_18_district_boundary.json'), 'utf8'));
    for (const feature of districts.features) {
      const place = places.find((p) => p.id === `district:${feature.properties['地區號碼']}`)!;
      expect(pointInPolygon([place.longitude, place.latitude], feature.geometry.coordinates), place.id).toBe(true);
    }
  });
});

describe('labelPoint', () => {
  it('falls back inside a concave polygon whose centroid is outside', () => {
    const u = [[[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3], [0, 0]]];
    const point = labelPoint(u);
    expect(pointInPolygon(point, u)).toBe(true);
  });
});
