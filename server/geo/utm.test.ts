import { describe, expect, it } from 'vitest';
import { UTM_ZONE_EXTENTS, utmLookupParamsSchema } from '../../core/contracts';
import { fromHk1980, fromUtm, gridReferenceAt, gridSquareName, toHk1980, toUtm, utmGridSquare } from './utm';

/** The Hong Kong box the contract's UTM_ZONE_EXTENTS are derived from (land and sea, WGS84). */
const HONG_KONG_BBOX = { west: 113.81, south: 22.13, east: 114.51, north: 22.58 } as const;

describe('UTM zone extents of the contract', () => {
  it('are the Hong Kong box in each zone, rounded outward to 10 km', () => {
    for (const extent of Object.values(UTM_ZONE_EXTENTS)) {
      const zone = extent.zone as 49 | 50;
      const eastings: number[] = [];
      const northings: number[] = [];
      for (let step = 0; step <= 50; step += 1) {
        const lon = HONG_KONG_BBOX.west + ((HONG_KONG_BBOX.east - HONG_KONG_BBOX.west) * step) / 50;
        const lat = HONG_KONG_BBOX.south + ((HONG_KONG_BBOX.north - HONG_KONG_BBOX.south) * step) / 50;
        for (const point of [
          [lon, HONG_KONG_BBOX.south],
          [lon, HONG_KONG_BBOX.north],
          [HONG_KONG_BBOX.west, lat],
          [HONG_KONG_BBOX.east, lat],
        ] as const) {
          const [e, n] = toUtm(zone, point);
          eastings.push(e);
          northings.push(n);
        }
      }
      const down = (v: number) => Math.floor(v / 10_000) * 10_000;
      const up = (v: number) => Math.ceil(v / 10_000) * 10_000;
      expect(extent.minEasting).toBe(down(Math.min(...eastings)));
      expect(extent.maxEasting).toBe(up(Math.max(...eastings)));
      expect(extent.minNorthing).toBe(down(Math.min(...northings)));
      expect(extent.maxNorthing).toBe(up(Math.max(...northings)));
    }
  });
});

describe('grid square names (MGRS lettering)', () => {
  it('names the LandsD example "50Q, 2471279, 205494" as 50Q KK 05 71', () => {
    expect(gridSquareName(50, 205494, 2471279)).toBe('50Q KK 05 71');
  });

  it('uses the A–H column set and unshifted rows in zone 49', () => {
    // Tung Chung, west of 114°E.
    expect(gridReferenceAt(113.94, 22.29)).toBe('49Q HE 02 67');
  });

  it('agrees with the zone a longitude falls in', () => {
    expect(gridReferenceAt(114.1694, 22.2939)).toMatch(/^50Q KK \d\d \d\d$/); // Tsim Sha Tsui
  });
});

describe('utmGridSquare', () => {
  it('converts the 1 km square to HK1980 corners SW, SE, NE, NW that contain the point and convert back', () => {
    const answer = utmGridSquare('50_Q', 205494, 2471279);
    const numbers = answer.VERTICES_SEQ.split(',').map(Number);
    expect(numbers).toHaveLength(8);
    const corners = [0, 2, 4, 6].map((i) => [numbers[i], numbers[i + 1]] as [number, number]);
    // Round trip: each HK1980 corner goes back to the UTM corner it came from, to the millimetre.
    const expected = [
      [205000, 2471000],
      [206000, 2471000],
      [206000, 2472000],
      [205000, 2472000],
    ];
    corners.forEach((corner, i) => {
      const [e, n] = toUtm(50, fromHk1980(corner));
      expect(e).toBeCloseTo(expected[i][0], 2);
      expect(n).toBeCloseTo(expected[i][1], 2);
    });
    // The grids are rotated by about 1° against each other, so the square is not axis-aligned on HK1980.
    expect(Math.abs(corners[1][1] - corners[0][1])).toBeGreaterThan(5);
    // The point itself lies within the HK1980 quadrilateral (checked in the UTM frame via the round trip).
    const point = toHk1980(fromUtm(50, [205494, 2471279]));
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    expect(point[0]).toBeGreaterThan(Math.min(...xs));
    expect(point[0]).toBeLessThan(Math.max(...xs));
    expect(point[1]).toBeGreaterThan(Math.min(...ys));
    expect(point[1]).toBeLessThan(Math.max(...ys));
  });

  it('converts HK1980 and WGS84 both ways to the millimetre', () => {
    const [e, n] = toHk1980([114.1694, 22.2939]);
    const [lon, lat] = fromHk1980([e, n]);
    expect(lon).toBeCloseTo(114.1694, 8);
    expect(lat).toBeCloseTo(22.2939, 8);
    // The published gist sample of SOURCES.md: 832699 E, 836055 N is 114.14219797 E, 22.46398394 N.
    const [sampleLon, sampleLat] = fromHk1980([832699, 836055]);
    expect(sampleLon).toBeCloseTo(114.14219797, 7);
    expect(sampleLat).toBeCloseTo(22.46398394, 7);
  });
});

describe('utmLookupParamsSchema', () => {
  it('accepts the viewer form and rejects zones and points outside Hong Kong with the field named', () => {
    expect(utmLookupParamsSchema.parse({ zone: '50_Q', easting: '205494', northing: '2471279.5' })).toEqual({ zone: '50_Q', easting: 205494, northing: 2471279.5 });
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ zone: '51_Q', easting: '205494', northing: '2471279' }, 'zone', /zone must be 49_Q or 50_Q/],
      [{ zone: '50-Q', easting: '205494', northing: '2471279' }, 'zone', /joined by an underscore/],
      [{ zone: '50_Q', easting: '905494', northing: '2471279' }, 'easting', /easting 905494 is far outside Hong Kong/],
      [{ zone: '50_Q', easting: '205494', northing: '3471279' }, 'northing', /northing 3471279 is far outside Hong Kong/],
      [{ zone: '50_Q', easting: '2e5', northing: '2471279' }, 'easting', /easting must be a number in metres/],
    ];
    for (const [params, field, message] of cases) {
      const result = utmLookupParamsSchema.safeParse(params);
      expect(result.success, JSON.stringify(params)).toBe(false);
      expect(result.error?.issues[0].path).toEqual([field]);
      expect(result.error?.issues[0].message).toMatch(message);
    }
  });
});
