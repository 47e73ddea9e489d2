import { describe, expect, it } from 'vitest';
import { applyHaze, facadeColour, footShade, skyColour, wallShade } from './renderLook';

describe('the look of rendered panoramas', () => {
  it('lights walls from the north-west, as the 3D city does', () => {
    const northWest = wallShade(-Math.SQRT1_2, Math.SQRT1_2);
    const southEast = wallShade(Math.SQRT1_2, -Math.SQRT1_2);
    expect(northWest).toBeGreaterThan(0.75);
    expect(southEast).toBe(0.5);
    expect(wallShade(0, 1)).toBeGreaterThan(wallShade(1, 0));
  });

  it('draws windows and floor slabs near by and a plain wall where a pixel spans several storeys', () => {
    const base = [0.8, 0.6, 0.4];
    const colour = new Float32Array(3);
    // Mid-storey, mid-bay: glass, darker and bluer than the wall.
    facadeColour(base, 1, 3.5, 1.6, 0.05, 0.05, colour);
    expect(colour[0]).toBeLessThan(base[0] * 0.75);
    // Between two bays (the pier): the wall's own colour.
    facadeColour(base, 1, 3.5, 0.1, 0.05, 0.05, colour);
    expect([...colour].map((channel) => Math.round(channel * 1000))).toEqual(base.map((channel) => Math.round(channel * 1000)));
    // Far away (a pixel covers a storey): no pattern, the wall's colour times its shade.
    for (const along of [0.1, 1.6, 2.9]) {
      facadeColour(base, 0.7, 3.5, along, 1, 0.05, colour);
      expect(colour[1]).toBeCloseTo(0.6 * 0.7, 6);
      facadeColour(base, 0.7, 3.5, along, 0.05, 1, colour);
      expect(colour[1]).toBeCloseTo(0.6 * 0.7, 6);
    }
  });

  it('fades distant surfaces into the horizon haze and darkens wall feet', () => {
    const near = new Float32Array([0, 0, 0]);
    const far = new Float32Array([0, 0, 0]);
    applyHaze(10, near);
    applyHaze(3000, far);
    const horizon = new Float32Array(3);
    skyColour(0, horizon);
    expect(near[2]).toBeLessThan(0.01);
    expect(far[2]).toBeGreaterThan(horizon[2] * 0.6);
    expect(far[2]).toBeLessThan(horizon[2]);
    expect(footShade(0)).toBeLessThan(footShade(0.75));
    expect(footShade(2)).toBe(1);
  });

  it('draws a deeper sky towards the zenith', () => {
    const horizon = new Float32Array(3);
    const zenith = new Float32Array(3);
    skyColour(0, horizon);
    skyColour(Math.PI / 2, zenith);
    expect(zenith[0]).toBeLessThan(horizon[0]);
    expect(zenith[2]).toBeGreaterThan(zenith[0]);
  });
});
