import { describe, expect, it } from 'vitest';
import { combineGroundTranslucency, createGroundTranslucency, type GroundTranslucencyState } from './groundTranslucency';

const ADMIRALTY = { west: 114.163, south: 22.277, east: 114.167, north: 22.281 };
const CENTRAL = { west: 114.155, south: 22.28, east: 114.16, north: 22.284 };

describe('ground translucency holds', () => {
  it('is opaque without holds, takes the lowest alpha and the union of boxes, and restores the globe when the last hold goes', () => {
    const applied: Array<GroundTranslucencyState | null> = [];
    const ground = createGroundTranslucency({ apply: (state) => applied.push(state) });
    expect(ground.current()).toBeNull();
    const releaseAdmiralty = ground.hold({ alpha: 0.5, bounds: ADMIRALTY });
    expect(ground.current()).toEqual({ alpha: 0.5, bounds: ADMIRALTY });
    const releaseCentral = ground.hold({ alpha: 0.3, bounds: CENTRAL });
    expect(ground.current()).toEqual({ alpha: 0.3, bounds: { west: 114.155, south: 22.277, east: 114.167, north: 22.284 } });
    releaseCentral();
    releaseCentral(); // twice is harmless
    expect(ground.current()).toEqual({ alpha: 0.5, bounds: ADMIRALTY });
    releaseAdmiralty();
    expect(ground.current()).toBeNull();
    expect(applied.at(-1)).toBeNull();
    expect(applied).toHaveLength(4);
  });

  it('a hold without a box makes the whole globe translucent', () => {
    expect(combineGroundTranslucency([{ alpha: 0.6, bounds: ADMIRALTY }, { alpha: 0.8 }])).toEqual({ alpha: 0.6, bounds: null });
  });

  it('refuses an alpha outside 0–1 and a box turned inside out, naming the problem', () => {
    const ground = createGroundTranslucency({ apply: () => {} });
    expect(() => ground.hold({ alpha: 1.5 })).toThrow(/alpha must be a number from 0 to 1, got 1.5/);
    expect(() => ground.hold({ alpha: Number.NaN })).toThrow(RangeError);
    expect(() => ground.hold({ alpha: 0.5, bounds: { ...ADMIRALTY, west: 115 } })).toThrow(/west ≤ east/);
    expect(ground.current()).toBeNull();
  });
});
