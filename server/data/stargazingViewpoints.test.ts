import { describe, expect, it } from 'vitest';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { getDemSampler } from '../terrain/dem';
import {
  BUILT_UP_JUNCTIONS_PER_CELL,
  MINIMUM_SPACING_KM,
  builtUpCells,
  chooseViewpoints,
  distanceToBuiltUpKm,
  loadViewpoints,
  meanHorizonDegrees,
  spreadBest,
  viewpointScore,
} from './stargazingViewpoints';
import { resolve } from 'node:path';

const DATA_DIR = resolve(__dirname, '../../data');

describe('built-up cells', () => {
  it('counts junctions per 500 m cell and keeps the cells with six or more', () => {
    const town = Array.from({ length: BUILT_UP_JUNCTIONS_PER_CELL }, (_, index) => [830_010 + index * 50, 820_010] as const);
    const village = [[840_100, 825_100] as const, [840_200, 825_200] as const];
    expect(builtUpCells([...town, ...village])).toEqual([[830_250, 820_250]]);
    expect(builtUpCells(town.slice(1))).toEqual([]);
  });

  it('measures the distance to the nearest cell centre in km', () => {
    expect(distanceToBuiltUpKm(830_250, 823_250, [[830_250, 820_250], [900_000, 900_000]])).toBeCloseTo(3, 6);
    expect(distanceToBuiltUpKm(0, 0, [])).toBe(Infinity);
  });
});

describe('horizon and score', () => {
  it('sees a clear horizon from a summit and a raised one from the foot of a hill', () => {
    const flat = () => 0;
    expect(meanHorizonDegrees(flat, 0, 0, 2)).toBe(0);
    // A 500 m hill 1 km north: from its foot the northern directions look up at it.
    const hill = (easting: number, northing: number) => Math.max(0, 500 - Math.hypot(easting, northing - 1000));
    expect(meanHorizonDegrees(hill, 0, 0, 2)).toBeGreaterThan(1);
    expect(meanHorizonDegrees(hill, 0, 1000, 502)).toBe(0);
  });

  it('weights distance 0.5, height 0.25 and openness 0.25, each capped', () => {
    expect(viewpointScore(8, 900, 0)).toBeCloseTo(1, 9);
    expect(viewpointScore(20, 2000, 0)).toBeCloseTo(1, 9);
    expect(viewpointScore(0, 0, 10)).toBeCloseTo(0, 9);
    expect(viewpointScore(4, 450, 5)).toBeCloseTo(0.5, 9);
  });

  it('spreads the best: a candidate too near one already taken is skipped', () => {
    const picked = spreadBest(
      [
        { id: 'a', score: 0.9, easting: 0, northing: 0 },
        { id: 'b', score: 0.8, easting: 1000, northing: 0 },
        { id: 'c', score: 0.7, easting: 7000, northing: 0 },
      ],
      3,
      6,
    );
    expect(picked.map((item) => item.id)).toEqual(['a', 'c']);
  });

  it('leaves out candidates outside Hong Kong and ranks the farther of two equal peaks first', () => {
    const terrain = { heightAt: () => 0, insideHongKong: (easting: number) => easting < 900_000 };
    const name = { 'en-US': 'x', 'zh-HK': 'x', 'zh-CN': 'x' };
    const chosen = chooseViewpoints(
      [
        { id: 'near', name, easting: 830_000, northing: 821_000, elevation: 400 },
        { id: 'far', name, easting: 830_000, northing: 840_000, elevation: 400 },
        { id: 'shenzhen', name, easting: 950_000, northing: 850_000, elevation: 900 },
      ],
      [[830_250, 820_250]],
      terrain,
    );
    expect(chosen.map((viewpoint) => viewpoint.id)).toEqual(['far', 'near']);
  });
});

describe('the shipped data', () => {
  it('chooses eight named peaks inside Hong Kong, 6 km apart, each farther from the built-up area than 1.5 km', () => {
    const viewpoints = loadViewpoints(DATA_DIR);
    const dem = getDemSampler(DATA_DIR);
    expect(viewpoints).toHaveLength(8);
    for (const viewpoint of viewpoints) {
      expect(dem.insideHk(viewpoint.longitude, viewpoint.latitude)).toBe(true);
      expect(viewpoint.distanceToBuiltUpKm).toBeGreaterThan(1.5);
      expect(viewpoint.name['en-US'].length).toBeGreaterThan(0);
      const [longitude, latitude] = fromHk1980([viewpoint.easting, viewpoint.northing]);
      expect(longitude).toBeCloseTo(viewpoint.longitude, 9);
      expect(latitude).toBeCloseTo(viewpoint.latitude, 9);
    }
    for (const [index, a] of viewpoints.entries()) {
      for (const b of viewpoints.slice(index + 1)) expect(Math.hypot(a.easting - b.easting, a.northing - b.northing)).toBeGreaterThanOrEqual(MINIMUM_SPACING_KM * 1000);
    }
  });
});
