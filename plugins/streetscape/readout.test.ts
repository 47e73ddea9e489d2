import { describe, expect, it } from 'vitest';
import { compassPoint, paddedDegrees } from './readout';

describe('heading readout', () => {
  it('names the nearest of eight compass points', () => {
    expect([0, 22, 23, 45, 90, 135, 180, 225, 270, 315, 337, 338, -10].map(compassPoint)).toEqual(
      ['N', 'N', 'NE', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW', 'NW', 'N', 'N'],
    );
  });

  it('writes three digits', () => {
    expect(paddedDegrees(45)).toBe('045');
    expect(paddedDegrees(359.7)).toBe('000');
    expect(paddedDegrees(-90)).toBe('270');
  });
});
