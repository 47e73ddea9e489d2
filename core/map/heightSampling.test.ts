import { describe, expect, it, vi } from 'vitest';
import { sampleHeights, type HeightSources } from './heightSampling';

const places = [
  [114.17, 22.3],
  [114.18, 22.31],
  [114.19, 22.32],
] as const;

function sources(overrides: Partial<HeightSources> = {}): HeightSources {
  return {
    terrain: async () => 'terrain',
    sampleTerrain: async () => [12.5, undefined, 40],
    modelHeights: () => [80, 30, undefined],
    ...overrides,
  };
}

describe('height sampling', () => {
  it('gives the terrain heights, null where no tile is known', async () => {
    await expect(sampleHeights(sources(), places)).resolves.toEqual([12.5, null, 40]);
  });

  it('with models, gives the highest of terrain and 3D Tiles at each place', async () => {
    await expect(sampleHeights(sources(), places, { includeModels: true })).resolves.toEqual([80, 30, 40]);
  });

  it('gives 0 on the flat ellipsoid without asking for terrain tiles', async () => {
    const sampleTerrain = vi.fn();
    await expect(sampleHeights(sources({ terrain: async () => 'ellipsoid', sampleTerrain }), places)).resolves.toEqual([0, 0, 0]);
    expect(sampleTerrain).not.toHaveBeenCalled();
  });

  it('names a position that is not longitude/latitude degrees, and answers nothing for nothing', async () => {
    await expect(sampleHeights(sources(), [[114, 22], [114, 95]])).rejects.toThrow(/position 1 must be \[longitude, latitude\] in degrees, got \[114, 95\]/);
    await expect(sampleHeights(sources(), [[Number.NaN, 22]])).rejects.toThrow(/position 0/);
    await expect(sampleHeights(sources(), [])).resolves.toEqual([]);
  });
});
