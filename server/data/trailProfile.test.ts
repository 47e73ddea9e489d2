import { describe, expect, it } from 'vitest';
import { difficultyOf, naismithMinutes, steepnessClassOf } from '../../core/contracts/trails';
import { geodesicDistance } from '../../core/contracts/geodesy';
import { lineLengthMetres, nearestVertexIndex, profileFigures, sampleLine, smoothHeights } from './trailProfile';

describe('steepness classes (SPEC §9)', () => {
  it('puts each limit in the gentler class and anything above it in the next', () => {
    expect([0, 3.5, 3.51, 9.2, 9.21, 14.9, 14.91, 45].map(steepnessClassOf)).toEqual([
      'gentle', 'gentle', 'moderate', 'moderate', 'steep', 'steep', 'severe', 'severe',
    ]);
  });

  it('classes a descent like the climb of the same angle', () => {
    expect(steepnessClassOf(-10)).toBe('steep');
    expect(steepnessClassOf(-2)).toBe('gentle');
  });
});

describe('a known profile', () => {
  // Four 100 m steps rising 0, 10, 20 and 40 m: 0°, 5.71°, 11.31°, 21.80°, then back down 70 m over 700 m (5.71°).
  const distances = [0, 100, 200, 300, 400, 1100];
  const heights = [50, 50, 60, 80, 120, 50];
  const figures = profileFigures(distances, heights);

  it('gives each step its slope and class', () => {
    expect(figures.slopeDegrees.map((degrees) => Number(degrees.toFixed(2)))).toEqual([0, 5.71, 11.31, 21.8, -5.71]);
    expect(figures.steepness).toEqual(['gentle', 'moderate', 'steep', 'severe', 'moderate']);
    expect(figures.metresByClass).toEqual({ gentle: 100, moderate: 800, steep: 100, severe: 100 });
  });

  it('sums the rises and falls, and knows the lowest and highest point', () => {
    expect(figures.ascentMetres).toBe(70);
    expect(figures.descentMetres).toBe(70);
    expect([figures.lowestMetres, figures.highestMetres]).toEqual([50, 120]);
  });

  it('grades difficulty by the share of steep and severe distance: 200 m of 1100 m is moderate', () => {
    expect(figures.steepShare).toBeCloseTo(200 / 1100, 10);
    expect(figures.difficulty).toBe('moderate');
  });

  it("estimates the duration by Naismith's rule", () => {
    // 1.1 km at 5 km/h = 13.2 min, 70 m of ascent at 600 m/h = 7 min.
    expect(figures.durationMinutes).toBeCloseTo(20.2, 10);
  });

  it('refuses a profile of one sample or mismatched lengths', () => {
    expect(() => profileFigures([0], [1])).toThrow(RangeError);
    expect(() => profileFigures([0, 1], [1])).toThrow(RangeError);
  });
});

describe("Naismith's rule and the difficulty grades", () => {
  it('allows 12 minutes a kilometre and an hour per 600 m climbed', () => {
    expect(naismithMinutes(10_000, 0)).toBe(120);
    expect(naismithMinutes(10_000, 600)).toBe(180);
    expect(naismithMinutes(0, 300)).toBe(30);
  });

  it('changes grade at 10 %, 20 % and 30 % of steep distance', () => {
    expect([0, 0.099, 0.1, 0.199, 0.2, 0.299, 0.3, 1].map(difficultyOf)).toEqual([
      'easy', 'easy', 'moderate', 'moderate', 'hard', 'hard', 'very-hard', 'very-hard',
    ]);
  });
});

describe('sampling a line', () => {
  // Two legs due north and then due east, each about 110 m.
  const line = [
    [114.2, 22.3],
    [114.2, 22.301],
    [114.201, 22.301],
  ] as const;
  const legNorth = geodesicDistance({ longitude: 114.2, latitude: 22.3 }, { longitude: 114.2, latitude: 22.301 });
  const length = lineLengthMetres(line);

  it('puts a sample every step and one on the last vertex', () => {
    const samples = sampleLine(line, 25);
    expect(samples.map((sample) => sample.distanceMetres).slice(0, -1)).toEqual([0, 25, 50, 75, 100, 125, 150, 175, 200]);
    expect(samples.at(-1)).toEqual({ distanceMetres: length, longitude: 114.201, latitude: 22.301 });
    // The 100 m sample lies on the first leg, the 125 m one on the second.
    expect(samples[4].longitude).toBe(114.2);
    expect(samples[4].latitude).toBeCloseTo(22.3 + (0.001 * 100) / legNorth, 9);
    expect(samples[5].latitude).toBe(22.301);
    expect(samples[5].longitude).toBeGreaterThan(114.2);
  });

  it('refuses a line of one point or a step that is not positive', () => {
    expect(() => sampleLine([[114, 22]], 25)).toThrow(RangeError);
    expect(() => sampleLine(line, 0)).toThrow(/step/);
  });

  it('smooths with a centred average that narrows at the ends', () => {
    expect(smoothHeights([0, 0, 30, 0, 0], 3)).toEqual([0, 10, 10, 10, 0]);
    expect(smoothHeights([1, 2, 3], 1)).toEqual([1, 2, 3]);
    expect(() => smoothHeights([1], 4)).toThrow(RangeError);
  });

  it('finds the nearest vertex', () => {
    expect(nearestVertexIndex(line, [114.2009, 22.3011])).toBe(2);
    expect(nearestVertexIndex(line, [114.19, 22.29])).toBe(0);
  });
});
