import { describe, expect, it } from 'vitest';
import { chartLayout, cursorAfterKey, distanceTickText, distanceUnitFor, niceStep, niceTicks, sampleIndexAtDistance, sampleIndexAtX, summarise } from './chart';
import { syntheticProfile } from './testProfile';

describe('nice ticks', () => {
  it('rounds steps up to 1, 2 or 5 × 10ⁿ', () => {
    expect([0.7, 1, 1.3, 2.5, 4, 7, 12, 180, 3100].map(niceStep)).toEqual([1, 1, 2, 5, 5, 10, 20, 200, 5000]);
  });

  it('covers the range, starting and ending on a tick', () => {
    const ticks = niceTicks(3, 947, 5);
    expect(ticks.step).toBe(200);
    expect(ticks.values).toEqual([0, 200, 400, 600, 800, 1000]);
    expect([ticks.min, ticks.max]).toEqual([0, 1000]);
  });

  it('keeps decimal ticks exact and widens an empty range', () => {
    expect(niceTicks(0, 0.5, 5).values).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5]);
    const flat = niceTicks(0, 0, 4);
    expect(flat.min).toBeLessThan(0);
    expect(flat.max).toBeGreaterThan(0);
  });

  it('writes distances in m below 2 km and in km from 2 km, with the decimals the step needs', () => {
    expect(distanceUnitFor(1999)).toBe('m');
    expect(distanceUnitFor(2000)).toBe('km');
    expect(distanceTickText(1500, 'km', 500)).toBe('1.5');
    expect(distanceTickText(4000, 'km', 1000)).toBe('4');
    expect(distanceTickText(250, 'm', 50)).toBe('250');
  });
});

describe('chart layout', () => {
  const layout = chartLayout(syntheticProfile(), { width: 456, height: 230 }, 'en-US');

  it('maps the line onto the plot from its left to its right edge', () => {
    expect(layout.x(0)).toBe(layout.plot.left);
    expect(layout.x(100)).toBeCloseTo(layout.plot.right);
    expect(layout.distanceAt(layout.plot.left - 20)).toBe(0);
    expect(layout.distanceAt((layout.plot.left + layout.plot.right) / 2)).toBeCloseTo(50);
    expect(layout.distanceUnit).toBe('m');
    expect(layout.xTicks.values[0]).toBe(0);
    expect(layout.xTicks.values.at(-1)).toBeLessThanOrEqual(100);
  });

  it('shows every height, from sea level, with room above the highest roof', () => {
    expect(layout.yTicks.min).toBe(0);
    expect(layout.yTicks.max).toBeGreaterThan(80);
    expect(layout.y(layout.yTicks.min)).toBe(layout.plot.bottom);
    expect(layout.y(layout.yTicks.max)).toBeCloseTo(layout.plot.top);
    expect(layout.y(80)).toBeLessThan(layout.y(40));
  });

  it('splits the ground where the DEM has no height, each run closed down to the plot bottom', () => {
    expect(layout.groundRuns).toHaveLength(2);
    const [first, second] = layout.groundRuns;
    expect(first).toHaveLength(5 + 2);
    expect(second).toHaveLength(5 + 2);
    expect(first[0][1]).toBe(layout.plot.bottom);
    expect(first[1]).toEqual([layout.x(0), layout.y(10)]);
    expect(second[1]).toEqual([layout.x(60), layout.y(40)]);
  });

  it('draws the building crossed as a block to its roof, labelled in the page language', () => {
    expect(layout.buildings).toEqual([{ x0: layout.x(68), x1: layout.x(86), yTop: layout.y(80), buildingId: 'b1', roofMetres: 80 }]);
    expect(layout.buildingLabels.map((label) => label.text)).toEqual(['Tower, "A"']);
    expect(chartLayout(syntheticProfile(), { width: 456, height: 230 }, 'zh-HK').buildingLabels[0].text).toBe('甲大廈');
  });

  it('drops a label that would overlap the one before', () => {
    const profile = syntheticProfile();
    profile.buildings.push({ id: 'b2', name: { en: 'Another long building name', zh: null }, fromMetres: 87, toMetres: 90, roofMetres: 60 });
    const crowded = chartLayout(profile, { width: 300, height: 230 }, 'en-US');
    expect(crowded.buildings).toHaveLength(2);
    expect(crowded.buildingLabels).toHaveLength(1);
  });
});

describe('chart cursor', () => {
  const profile = syntheticProfile();
  const layout = chartLayout(profile, { width: 456, height: 230 }, 'en-US');

  it('finds the sample nearest the pointer x', () => {
    expect(sampleIndexAtX(layout, profile.samples, layout.x(0))).toBe(0);
    expect(sampleIndexAtX(layout, profile.samples, layout.x(34))).toBe(3);
    expect(sampleIndexAtX(layout, profile.samples, layout.x(36))).toBe(4);
    expect(sampleIndexAtX(layout, profile.samples, layout.plot.right + 50)).toBe(10);
    expect(sampleIndexAtDistance([], 5)).toBe(-1);
  });

  it('moves with the arrow, Page, Home and End keys and stays on the line', () => {
    expect(cursorAfterKey('ArrowRight', -1, 11)).toBe(0);
    expect(cursorAfterKey('ArrowRight', 3, 11)).toBe(4);
    expect(cursorAfterKey('ArrowLeft', 0, 11)).toBe(0);
    expect(cursorAfterKey('ArrowRight', 10, 11)).toBe(10);
    expect(cursorAfterKey('PageUp', 2, 11)).toBe(3);
    expect(cursorAfterKey('End', 2, 11)).toBe(10);
    expect(cursorAfterKey('Home', 7, 11)).toBe(0);
    expect(cursorAfterKey('a', 7, 11)).toBeNull();
    expect(cursorAfterKey('End', -1, 0)).toBeNull();
  });
});

describe('summary', () => {
  it('gives the length, lowest and highest ground and the highest roof', () => {
    const summary = summarise(syntheticProfile());
    expect(summary.lengthMetres).toBe(100);
    expect(summary.lowestGround).toEqual({ metres: 10, distanceMetres: 0 });
    expect(summary.highestGround).toEqual({ metres: 40, distanceMetres: 60 });
    expect(summary.highestRoof).toEqual({ metres: 80, distanceMetres: 77, buildingId: 'b1' });
    expect(summary.buildingCount).toBe(1);
  });
});
