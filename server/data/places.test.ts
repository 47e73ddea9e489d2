import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../app';
import { placeSearchWords } from '../db/seed';
import { parseGpxWaypoints } from './gpx';
import { loadPlaces } from './places';
import { convertCharacters, normaliseSearchText, prefixTsQuery, searchWords } from './searchText';
import { splitBilingualName } from './trailPlaces';

const dataDir = join(ROOT_DIR, 'data');
const readJson = (path: string) => JSON.parse(readFileSync(join(dataDir, path), 'utf8'));

describe('places beyond districts and MTR', () => {
  const places = loadPlaces(dataDir);
  const byId = new Map(places.map((p) => [p.id, p]));
  const ofKind = (kind: string) => places.filter((p) => p.kind === kind);

  it('has every peak, trail, section start, distance post, campsite, beach and monument once', () => {
    const counts = ['peak', 'trail', 'trail-section', 'distance-post', 'campsite', 'beach', 'monument'].map((kind) => ofKind(kind).length);
    // 576 post codes: 571 posts, five of them shared by the Hong Kong and Wilson trails; 28 campsites once
    // each (Lead Mine Pass is in two files), without the drinking-water points.
    expect(counts).toEqual([444, 4, 45, 576, 28, 39, 105]);
    expect(new Set(places.map((p) => p.id)).size).toBe(places.length);
  });

  it('names every place in three languages, Simplified in Simplified script and Traditional in Traditional', () => {
    const script = readJson('names/chinese_script_characters.json');
    const traditionalOnly = new RegExp(`[${Object.keys(script.toSimplified).join('')}]`);
    const simplifiedOnly = new RegExp(`[${Object.keys(script.toTraditional).join('')}]`);
    for (const place of places) {
      expect(place.name['en-US'] && place.name['zh-HK'] && place.name['zh-CN'], place.id).toBeTruthy();
      expect(place.name['zh-CN'], place.id).not.toMatch(traditionalOnly);
      if (place.kind === 'peak') expect(place.name['zh-HK'], place.id).not.toMatch(simplifiedOnly);
    }
    expect(byId.get('monument:43')!.name).toEqual({
      'en-US': 'Former Kowloon-Canton Railway Clock Tower',
      'zh-HK': '前九廣鐵路鐘樓',
      'zh-CN': '前九广铁路钟楼',
    });
    expect(byId.get('trail:wilson')!.name).toEqual({ 'en-US': 'Wilson Trail', 'zh-HK': '衛奕信徑', 'zh-CN': '卫奕信径' });
  });

  it('converts peaks from the HK1980 Grid with proj4 (Lion Rock, Tai Mo Shan)', () => {
    const lionRock = byId.get('peak:837581-823596')!;
    expect(lionRock.name['en-US']).toBe('Lion Rock');
    expect(lionRock.longitude).toBeCloseTo(114.1866, 2);
    expect(lionRock.latitude).toBeCloseTo(22.3522, 2);
    const taiMoShan = ofKind('peak').find((p) => p.name['en-US'] === 'Tai Mo Shan')!;
    expect(taiMoShan.longitude).toBeCloseTo(114.1243, 2);
    expect(taiMoShan.latitude).toBeCloseTo(22.4106, 2);
  });

  it('flags only the Shenzhen hills as outside Hong Kong, and gives every place inside its district', () => {
    const outside = places.filter((p) => p.outsideHongKong);
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.every((p) => p.kind === 'peak' && p.latitude > 22.47)).toBe(true);
    expect(outside.map((p) => p.name['en-US'])).toContain('Chiwanshan');
    for (const place of places) {
      if (place.kind === 'district' || place.kind === 'trail' || place.kind === 'distance-post') continue;
      expect(Boolean(place.detail), place.id).toBe(!place.outsideHongKong);
    }
  });

  it('fixes known slips of the sources', () => {
    expect(byId.get('campsite:maclehose:cheung-sheung')!.name['en-US']).toBe('Cheung Sheung Campsite');
    expect(ofKind('campsite').every((p) => !/Camps? Site/.test(p.name['en-US']))).toBe(true);
    expect(ofKind('monument').find((p) => p.name['zh-HK'] === '滘西洲洪聖古廟')!.name['en-US']).toBe('Hung Shing Temple, Kau Sai Chau');
    expect(ofKind('monument').every((p) => p.name['en-US'] === p.name['en-US'].trim())).toBe(true);
  });
});

describe('search text', () => {
  it('segments Chinese into words, keeping every character, and Latin text at spaces and punctuation', () => {
    const words = searchWords('麥理浩徑第2段');
    expect(words.length).toBeGreaterThan(1);
    expect(words.join('')).toBe('麥理浩徑第2段');
    expect(searchWords('  Cape D’Aguilar, Lighthouse!')).toEqual(['cape', 'd’aguilar', 'lighthouse']);
    expect(searchWords('%_ -')).toEqual([]);
  });

  it('normalises full-width letters, control characters, spaces and case', () => {
    expect(normaliseSearchText(' Ｓｈａ\u0000\tTIN ')).toBe('sha tin');
  });

  it('writes a tsquery that quotes every word and takes the last as a prefix', () => {
    expect(prefixTsQuery(['lion', 'ro'])).toBe("'lion' & 'ro':*");
    expect(prefixTsQuery(["o'neil", 'a\\b'])).toBe("'o''neil' & 'a\\\\b':*");
    expect(prefixTsQuery([])).toBe('');
  });

  it('converts characters with a map and leaves the others', () => {
    expect(convertCharacters('淺水灣 Beach', { 淺: '浅', 灣: '湾' })).toBe('浅水湾 Beach');
  });

  it('gives the seed each name once, English lower-cased', () => {
    expect(placeSearchWords({ name: { 'en-US': 'Sha Tin', 'zh-HK': '沙田', 'zh-CN': '沙田' } })).toBe('sha tin 沙田');
  });
});

describe('trail files', () => {
  it('reads GPX waypoints and decodes entities', () => {
    const gpx = '<gpx><wpt lon="114.1" lat="22.3"><ele>5</ele><name> A &amp; B &#x5C71;</name></wpt><wpt lat="22.4" lon="114.2"></wpt></gpx>';
    expect(parseGpxWaypoints(gpx, 'test.gpx')).toEqual([
      { longitude: 114.1, latitude: 22.3, name: 'A & B 山' },
      { longitude: 114.2, latitude: 22.4, name: '' },
    ]);
    expect(() => parseGpxWaypoints('<wpt lat="x" lon="1"></wpt>', 'bad.gpx')).toThrow('bad.gpx: waypoint without a numeric lat and lon');
  });

  it('splits bilingual names and refuses names without both parts', () => {
    expect(splitBilingualName(' 昂坪營地Ngong Ping Camp Site')).toEqual({ zh: '昂坪營地', en: 'Ngong Ping Camp Site' });
    expect(splitBilingualName('Drinking Water 1')).toBeNull();
    expect(splitBilingualName('營地')).toBeNull();
  });
});
