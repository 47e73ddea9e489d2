import { describe, expect, it } from 'vitest';
import { OZP_ZONES, hexToRgbText, ozpZoneOf } from './zoning';

describe('OZP zone codes', () => {
  it('reads a code with or without its sub-zone, in any case and spacing', () => {
    expect(ozpZoneOf('R(A)')?.name['en-US']).toBe('Residential (Group A)');
    expect(ozpZoneOf('R(A)2')?.code).toBe('R(A)');
    expect(ozpZoneOf('G/IC(1)')?.code).toBe('G/IC');
    expect(ozpZoneOf('g/ic (1)')?.code).toBe('G/IC');
    expect(ozpZoneOf('C(1)')?.code).toBe('C');
    expect(ozpZoneOf('CDA(2)')?.code).toBe('CDA');
    expect(ozpZoneOf('OU(Business)')?.code).toBe('OU');
    expect(ozpZoneOf('I(D)')?.code).toBe('I(D)');
  });

  it('tells a longer code from its first letters: OU is not O, CDA not C, I(D) not I', () => {
    expect(ozpZoneOf('OU')?.name['en-US']).toBe('Other Specified Uses');
    expect(ozpZoneOf('O')?.name['en-US']).toBe('Open Space');
    expect(ozpZoneOf('CDA')?.name['en-US']).toBe('Comprehensive Development Area');
    expect(ozpZoneOf('I')?.name['en-US']).toBe('Industrial');
  });

  it('knows nothing of codes outside the notation, blanks and non-text', () => {
    expect(ozpZoneOf('RX')).toBeNull();
    expect(ozpZoneOf('OUT')).toBeNull();
    expect(ozpZoneOf('')).toBeNull();
    expect(ozpZoneOf(null)).toBeNull();
    expect(ozpZoneOf(12)).toBeNull();
  });

  it('has one entry per code, each named in three languages with its own colour', () => {
    expect(new Set(OZP_ZONES.map((zone) => zone.code)).size).toBe(OZP_ZONES.length);
    expect(new Set(OZP_ZONES.map((zone) => zone.colour)).size).toBe(OZP_ZONES.length);
    for (const zone of OZP_ZONES) {
      expect(zone.colour, zone.code).toMatch(/^#[0-9a-f]{6}$/);
      for (const name of Object.values(zone.name)) expect(name.trim(), zone.code).not.toBe('');
    }
  });

  it('writes a colour as the feeds do', () => {
    expect(hexToRgbText('#e8413c')).toBe('232,65,60');
    expect(hexToRgbText('#000000')).toBe('0,0,0');
  });
});
