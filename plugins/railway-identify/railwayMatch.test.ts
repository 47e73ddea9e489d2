import { describe, expect, it } from 'vitest';
import { cameraDistanceMeters, clickToleranceMeters, matchLine } from './railwayMatch';
import { sampleLines } from './testing';

/** The point `fraction` of the way from a to b (lon/lat). */
const between = (a: readonly [number, number], b: readonly [number, number], fraction = 0.5): [number, number] => [
  a[0] + (b[0] - a[0]) * fraction,
  a[1] + (b[1] - a[1]) * fraction,
];

describe('railway line under a click', () => {
  const lines = sampleLines();
  const station = (line: number, code: string) => lines[line].stations.find((candidate) => candidate.code === code)!.position;

  it('names the line whose schematic passes through the click, with the station nearest it', () => {
    const match = matchLine(lines, between(station(0, 'SYP'), station(0, 'SHW'), 0.3), 50);
    expect(match?.line.line).toBe('ISL');
    expect(match?.distanceMeters).toBeLessThan(0.01);
    expect(match?.nearestStation.code).toBe('SYP');
  });

  it('takes the nearer of two lines, and none beyond the tolerance', () => {
    // Halfway across the harbour, 100 m east of the Tsuen Wan Line's Admiralty–Tsim Sha Tsui stretch.
    const onHarbour = between(station(1, 'ADM'), station(1, 'TST'));
    const east = [onHarbour[0] + 100 / (111_320 * Math.cos((onHarbour[1] * Math.PI) / 180)), onHarbour[1]] as const;
    const match = matchLine(lines, east, 150);
    expect(match?.line.line).toBe('TWL');
    // The distance to a slanting segment is less than the 100 m eastward shift, and more than half of it here.
    expect(match?.distanceMeters).toBeGreaterThan(50);
    expect(match?.distanceMeters).toBeLessThan(100);
    expect(matchLine(lines, east, 40)).toBeNull();
  });

  it('measures distances in metres: 0.001° of latitude is about 110.6 m', () => {
    const start = station(0, 'KET');
    const south = [start[0], start[1] - 0.001] as const;
    // KET ends the line, which leaves it north-eastwards: from due south the nearest point is the station itself.
    expect(matchLine(lines, south, 200)?.distanceMeters).toBeCloseTo(110.574, 2);
  });

  it('widens the tolerance with the camera distance, within its bounds', () => {
    expect(clickToleranceMeters(100)).toBe(25);
    expect(clickToleranceMeters(10_000)).toBeCloseTo(150, 6);
    expect(clickToleranceMeters(1_000_000)).toBe(2500);
    expect(clickToleranceMeters(Number.NaN)).toBe(25);
    expect(cameraDistanceMeters({ longitude: 114.16, latitude: 22.28, heightMeters: 3000 }, { longitude: 114.16, latitude: 22.28, heightMeters: 0 })).toBe(3000);
  });
});
