import { describe, expect, it } from 'vitest';
import { fromHk1980, toHk1980 } from '../../core/contracts/hk1980';
import { HK1980_EXTENT, parseCoordinates } from './coordinates';

const wgs84 = (latitude: number, longitude: number) => ({ kind: 'wgs84', latitude: expect.closeTo(latitude, 6), longitude: expect.closeTo(longitude, 6) });

describe('typed coordinates', () => {
  it('reads WGS84 decimal degrees, latitude first unless the first number cannot be a latitude', () => {
    expect(parseCoordinates('22.28, 114.16')).toEqual(wgs84(22.28, 114.16));
    expect(parseCoordinates('22.28 114.16')).toEqual(wgs84(22.28, 114.16));
    expect(parseCoordinates(' 22.28;114.16 ')).toEqual(wgs84(22.28, 114.16));
    expect(parseCoordinates('２２．２８，１１４．１６')).toEqual(wgs84(22.28, 114.16));
    // 114.16 cannot be a latitude, so this order is unambiguous.
    expect(parseCoordinates('114.16, 22.28')).toEqual(wgs84(22.28, 114.16));
    // Both could be latitudes: latitude first.
    expect(parseCoordinates('22.28, 80.5')).toEqual(wgs84(22.28, 80.5));
    expect(parseCoordinates('51.5,-0.12')).toEqual(wgs84(51.5, -0.12));
    expect(parseCoordinates('-33.86, 151.21')).toEqual(wgs84(-33.86, 151.21));
  });

  it('reads hemisphere letters before or after the numbers, in either order', () => {
    expect(parseCoordinates('22.28N 114.16E')).toEqual(wgs84(22.28, 114.16));
    expect(parseCoordinates('E114.16 N22.28')).toEqual(wgs84(22.28, 114.16));
    expect(parseCoordinates('114.16e, 22.28n')).toEqual(wgs84(22.28, 114.16));
    expect(parseCoordinates('33.86S 151.21E')).toEqual(wgs84(-33.86, 151.21));
    expect(parseCoordinates('51.5N 0.12W')).toEqual(wgs84(51.5, -0.12));
  });

  it('reads degrees-minutes-seconds with symbols, primes or spaces', () => {
    const peak = wgs84(22 + 17 / 60, 114 + 9 / 60 + 36 / 3600);
    expect(parseCoordinates(`22°17'00"N 114°09'36"E`)).toEqual(peak);
    expect(parseCoordinates('22°17′00″N, 114°09′36″E')).toEqual(peak);
    expect(parseCoordinates('22 17 0 N 114 9 36 E')).toEqual(peak);
    expect(parseCoordinates('N 22 17 0 E 114 9 36')).toEqual(peak);
    expect(parseCoordinates(`22°17'00" 114°09'36"`)).toEqual(peak);
    expect(parseCoordinates('22 17 0 114 9 36')).toEqual(peak);
    expect(parseCoordinates(`22º17.5' 114º9.6'`)).toEqual(wgs84(22 + 17.5 / 60, 114 + 9.6 / 60));
  });

  it('reads HK 1980 Grid metres, easting first unless letters or the Hong Kong extent say otherwise', () => {
    expect(parseCoordinates('836000 816000')).toEqual({ kind: 'hk1980', easting: 836000, northing: 816000 });
    expect(parseCoordinates('836000.5, 816000')).toEqual({ kind: 'hk1980', easting: 836000.5, northing: 816000 });
    expect(parseCoordinates('E836000 N816000')).toEqual({ kind: 'hk1980', easting: 836000, northing: 816000 });
    expect(parseCoordinates('N816000 E836000')).toEqual({ kind: 'hk1980', easting: 836000, northing: 816000 });
    expect(parseCoordinates('816000N 836000E')).toEqual({ kind: 'hk1980', easting: 836000, northing: 816000 });
    // 816000 836000 fits both ways: the usual order (easting, northing) is taken.
    expect(parseCoordinates('816000 836000')).toEqual({ kind: 'hk1980', easting: 816000, northing: 836000 });
    // Northing 870000 is past Hong Kong, easting 870000 is not: swapped.
    expect(parseCoordinates('820000 870000')).toEqual({ kind: 'hk1980', easting: 870000, northing: 820000 });
    // Far from Hong Kong either way: kept in the usual order (the boundary check then says it is outside).
    expect(parseCoordinates('100000 200000')).toEqual({ kind: 'hk1980', easting: 100000, northing: 200000 });
  });

  it('the grid extent it swaps by covers Hong Kong (re-derived with the project conversion)', () => {
    // The 18 districts span about 113.82-114.51°E, 22.13-22.57°N.
    for (const corner of [[113.82, 22.13], [114.51, 22.13], [113.82, 22.57], [114.51, 22.57]] as const) {
      const [easting, northing] = toHk1980(corner);
      expect(easting).toBeGreaterThan(HK1980_EXTENT.minEasting);
      expect(easting).toBeLessThan(HK1980_EXTENT.maxEasting);
      expect(northing).toBeGreaterThan(HK1980_EXTENT.minNorthing);
      expect(northing).toBeLessThan(HK1980_EXTENT.maxNorthing);
    }
    const [longitude, latitude] = fromHk1980([836000, 816000]);
    expect(longitude).toBeCloseTo(114.17, 2);
    expect(latitude).toBeCloseTo(22.28, 2);
  });

  it('says malformed for text meant as coordinates that does not read as two', () => {
    for (const text of [
      '22.28, abc',
      '22.28,',
      '22.28',
      '836000',
      '22.28, 114.16, 5',
      '95, 200',
      '22.28N 23.5S',
      '22°61\'N 114°E',
      '22.5 17 N 114 9 E',
      '-22.28S 114.16E',
      '836000 -816000',
      '836000S 816000E',
      '22°17\'00"N 114°09\'36"E 5',
      '1 2 3',
      '22..28 114.16',
    ]) {
      expect(parseCoordinates(text), text).toEqual({ kind: 'malformed' });
    }
  });

  it('leaves place names to the place search, including names with digits', () => {
    for (const text of ['Sha Tin', 'W001', 'M001', 'Tsim Sha Tsui Exit A1', '尖沙咀', 'Exit E', 'sec', 'N', '  ']) {
      expect(parseCoordinates(text), text).toEqual({ kind: 'none' });
    }
  });
});
