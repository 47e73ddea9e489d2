import { describe, expect, it } from 'vitest';
import { profileChart } from './profileChart';

describe('elevation profile chart', () => {
  it('scales distance to x and elevation to y (up is higher), one path per line', () => {
    const chart = profileChart(
      [
        { line: 0, distanceMeters: 0, elevationMeters: 100 },
        { line: 0, distanceMeters: 500, elevationMeters: 300 },
        { line: 1, distanceMeters: 500, elevationMeters: 200 },
        { line: 1, distanceMeters: 1000, elevationMeters: 100 },
      ],
      200,
      100,
    );
    expect(chart).toEqual({ paths: ['M0.0 100.0 L100.0 0.0', 'M100.0 50.0 L200.0 100.0'], minElevationMeters: 100, maxElevationMeters: 300, totalDistanceMeters: 1000 });
  });

  it('draws a flat profile level in the middle and has nothing to draw without points', () => {
    const flat = profileChart([{ line: 0, distanceMeters: 0, elevationMeters: 5 }, { line: 0, distanceMeters: 10, elevationMeters: 5 }], 100, 40);
    expect(flat?.paths).toEqual(['M0.0 20.0 L100.0 20.0']);
    expect(profileChart([], 100, 40)).toBeNull();
  });
});
