import { describe, expect, it } from 'vitest';
import {
  formatAdjustments,
  formatCamera,
  formatLookAt,
  parseAdjustments,
  parseCamera,
  parseIdList,
  parseLookAt,
  parseNumberList,
  parseStyle,
  parseTextured,
} from './shareParams';

describe('share link parameters', () => {
  it('writes a camera to the centimetre and a hundredth of a degree, and reads it back', () => {
    const view = { longitude: 114.1693611, latitude: 22.2939722, heightMeters: 812.345, headingDegrees: 33.333, pitchDegrees: -27.5, rollDegrees: 0.004 };
    const text = formatCamera(view);
    expect(text).toBe('114.1693611,22.2939722,812.35,33.33,-27.5,0');
    expect(parseCamera(text)).toEqual({ ...view, heightMeters: 812.35, headingDegrees: 33.33, rollDegrees: 0 });
  });

  it('keeps pitch, heading and roll in range however the map reports them', () => {
    const text = formatCamera({ longitude: 114.2, latitude: 22.3, heightMeters: 500, headingDegrees: -10, pitchDegrees: -90.0000004, rollDegrees: 359 });
    expect(text).toBe('114.2,22.3,500,350,-90,-1');
    expect(parseCamera(text)).not.toBeNull();
  });

  it('fills heading 0, pitch -90 and roll 0 when a camera gives only its position', () => {
    expect(parseCamera('114.2,22.3,1500')).toEqual({ longitude: 114.2, latitude: 22.3, heightMeters: 1500, headingDegrees: 0, pitchDegrees: -90, rollDegrees: 0 });
  });

  it('refuses malformed and out-of-range cameras rather than guessing', () => {
    for (const text of [
      '',
      '114.2,22.3',
      '114.2,22.3,1500,0,-45,0,9',
      '114.2,,1500',
      '114.2,22.3,1e3',
      '0x72,22.3,1500',
      '114.2,22.3,Infinity',
      '114.2,22.3, 1500',
      '-74.0,40.7,1500', // New York
      '114.2,22.3,5', // under the minimum camera height of 10 m
      '114.2,22.3,500000',
      '114.2,22.3,1500,0,-91',
      '114.2,22.3,1500,0,-45,181',
    ]) {
      expect(parseCamera(text), text).toBeNull();
    }
    expect(parseCamera(null)).toBeNull();
  });

  it('reads number lists strictly: no exponent, blanks or empty parts', () => {
    expect(parseNumberList('1,-2.5,.5,3.', 1, 4)).toEqual([1, -2.5, 0.5, 3]);
    expect(parseNumberList('1,+2', 1, 4)).toBeNull();
    expect(parseNumberList('1,2', 3, 4)).toBeNull();
    expect(parseNumberList('1'.repeat(201), 1, 1)).toBeNull();
  });

  it('writes and reads a look-at place; range defaults to 1500 m', () => {
    expect(parseLookAt('114.1694,22.2935')).toEqual({ longitude: 114.1694, latitude: 22.2935, rangeMeters: 1500 });
    const target = { longitude: 114.1694, latitude: 22.2935, heightMeters: 12.5, rangeMeters: 800 };
    expect(parseLookAt(formatLookAt(target))).toEqual(target);
    for (const text of ['114.1', '114.1,22.3,5,1', '114.1,22.3,99999', '200,22.3', '114.1,22.3,10,800,1']) expect(parseLookAt(text), text).toBeNull();
  });

  it('reads textured mode, styles and adjustments only in their own vocabulary and ranges', () => {
    expect([parseTextured('1'), parseTextured('0'), parseTextured('true')]).toEqual([true, false, null]);
    expect([parseStyle('dark'), parseStyle('DARK'), parseStyle('neon')]).toEqual(['dark', null, null]);
    const adjustments = { brightness: 1.25, contrast: 0.8, hue: -0.2618, saturation: 0 };
    expect(parseAdjustments(formatAdjustments(adjustments))).toEqual(adjustments);
    expect(parseAdjustments('1,1,0')).toBeNull();
    expect(parseAdjustments('3,1,0,1')).toBeNull(); // brightness beyond the slider's 0..2
    expect(parseAdjustments('1,1,3.5,1')).toBeNull(); // hue beyond ±π
  });

  it('reads id lists without duplicates and refuses any entry that is not an id', () => {
    expect(parseIdList('buildings,temperature,buildings')).toEqual(['buildings', 'temperature']);
    expect(parseIdList('buildings,<script>')).toBeNull();
    expect(parseIdList('buildings,')).toBeNull();
    expect(parseIdList('')).toBeNull();
  });
});
