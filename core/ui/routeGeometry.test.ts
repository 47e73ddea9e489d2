import { describe, expect, it } from 'vitest';
import { dashedLeg, linesBounds } from './routeGeometry';

describe('route geometry', () => {
  it('boxes lines of 2D and 3D positions', () => {
    expect(linesBounds([[[114.2, 22.34], [114.1937, 22.3419]], [[114.2016, 22.341]]])).toEqual({ west: 114.1937, east: 114.2016, south: 22.34, north: 22.3419 });
    expect(linesBounds([[[114.1646, 22.279, -12], [114.1652, 22.2793, 0]]])).toEqual({ west: 114.1646, east: 114.1652, south: 22.279, north: 22.2793 });
  });

  it('cuts a leg into 3 to 40 dashes, one per so many metres, each the given share of its step', () => {
    const dashes = dashedLeg([0, 0], [1, 0], 120, 12);
    expect(dashes).toHaveLength(10);
    expect(dashes[0]).toEqual([[0, 0], [0.06, 0]]);
    expect(dashes.at(-1)![1][0]).toBeCloseTo(0.96, 9);
    expect(dashedLeg([0, 0], [1, 0], 120, 15)).toHaveLength(8);
    expect(dashedLeg([0, 0], [1, 0], 2, 12)).toHaveLength(3);
    expect(dashedLeg([0, 0], [1, 0], 5000, 12)).toHaveLength(40);
    expect(dashedLeg([0, 0], [1, 0], 120, 12, 0.5)[0]).toEqual([[0, 0], [0.05, 0]]);
  });
});
