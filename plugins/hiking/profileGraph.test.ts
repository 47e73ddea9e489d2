import { describe, expect, it } from 'vitest';
import type { SteepnessClass } from '../../core/contracts/trails';
import { profileAreas, profileScale, sampleIndexAt, segmentOfStep, steepnessRuns, type ProfileSample } from './profileGraph';

// 0–100 m flat, 100–300 m rising 40 m (11.3°, steep), 300–400 m rising 50 m (26.6°, severe), 400–500 m flat.
const samples: ProfileSample[] = [
  [0, 114.1, 22.3, 100],
  [100, 114.101, 22.3, 100],
  [200, 114.102, 22.3, 120],
  [300, 114.103, 22.3, 140],
  [400, 114.104, 22.3, 190],
  [500, 114.105, 22.3, 190],
];
const steepness: SteepnessClass[] = ['gentle', 'steep', 'steep', 'severe', 'gentle'];
const slopes = [0, 11.31, 11.31, 26.57, 0];

describe('the profile graph', () => {
  it('groups consecutive steps of one class into runs', () => {
    expect(steepnessRuns(steepness)).toEqual([
      { steepClass: 'gentle', fromStep: 0, toStep: 0 },
      { steepClass: 'steep', fromStep: 1, toStep: 2 },
      { steepClass: 'severe', fromStep: 3, toStep: 3 },
      { steepClass: 'gentle', fromStep: 4, toStep: 4 },
    ]);
  });

  it('scales distance across the plot and height up it, the axis rounded out to 50 m', () => {
    const scale = profileScale(samples, { width: 140, height: 120, left: 20, right: 20, top: 10, bottom: 10 });
    expect([scale.minHeight, scale.maxHeight]).toEqual([100, 200]);
    expect([scale.x(0), scale.x(250), scale.x(500)]).toEqual([20, 70, 120]);
    expect([scale.y(100), scale.y(150), scale.y(200)]).toEqual([110, 60, 10]);
    expect(scale.distanceAt(70)).toBe(250);
    expect(scale.distanceAt(0)).toBe(0);
    expect(scale.distanceAt(999)).toBe(500);
  });

  it('fills one area per class present, each closed down to the axis', () => {
    const scale = profileScale(samples, { width: 140, height: 120, left: 20, right: 20, top: 10, bottom: 10 });
    const areas = profileAreas(samples, steepness, scale);
    expect(areas.map((area) => area.steepClass)).toEqual(['gentle', 'steep', 'severe']);
    // The steep run spans samples 1–3: x 40 to 80, heights 100, 120, 140.
    expect(areas[1].d).toBe('M40.0,110.0L40.0,110.0L60.0,90.0L80.0,70.0L80.0,110.0Z');
    // Two gentle runs in one path.
    expect(areas[0].d.match(/M/g)).toHaveLength(2);
  });

  it('finds the sample nearest a distance', () => {
    expect(sampleIndexAt(samples, -5)).toBe(0);
    expect(sampleIndexAt(samples, 149)).toBe(1);
    expect(sampleIndexAt(samples, 151)).toBe(2);
    expect(sampleIndexAt(samples, 9999)).toBe(5);
  });

  it("reports a clicked step's segment: the whole run, its length, average and steepest slope", () => {
    const segment = segmentOfStep(samples, steepness, slopes, 2);
    expect(segment).toMatchObject({ steepClass: 'steep', fromMetres: 100, toMetres: 300, lengthMetres: 200, steepestDegrees: 11.31 });
    expect(segment.averageDegrees).toBeCloseTo((Math.atan(40 / 200) * 180) / Math.PI, 10);
    expect(segmentOfStep(samples, steepness, slopes, 3)).toMatchObject({ steepClass: 'severe', lengthMetres: 100, steepestDegrees: 26.57 });
  });
});
