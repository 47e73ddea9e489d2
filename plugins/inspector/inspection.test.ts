import { describe, expect, it } from 'vitest';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { cameraRows, normaliseHeading, pointRows } from './inspection';

const value = (rows: ReturnType<typeof pointRows>, id: string) => rows.find((row) => row.id === id)!.value;

describe('inspector values', () => {
  it('gives HK 1980 Grid coordinates that convert back to the clicked WGS84 point within a centimetre', () => {
    const point = { longitude: 114.1694, latitude: 22.3193, heightMeters: 12.345, surface: 'terrain' as const };
    const rows = pointRows(point);
    const [longitude, latitude] = fromHk1980([Number(value(rows, 'easting')), Number(value(rows, 'northing'))]);
    // 1e-7 degrees is about 1 cm.
    expect(Math.abs(longitude - point.longitude)).toBeLessThan(1e-7);
    expect(Math.abs(latitude - point.latitude)).toBeLessThan(1e-7);
    expect(value(rows, 'longitude')).toBe('114.1694000');
    expect(value(rows, 'heightAboveHkpd')).toBe('12.35');
    expect(value(rows, 'ellipsoidalHeight')).toBe('12.35');
    // Mong Kok on the HK 1980 Grid: about 835.5 km E, 820.0 km N.
    expect(Number(value(rows, 'easting'))).toBeCloseTo(835_500, -3);
    expect(Number(value(rows, 'northing'))).toBeCloseTo(820_000, -3);
  });

  it('names the UTM square as the server does, in the zone of the longitude', () => {
    expect(value(pointRows({ longitude: 114.1694, latitude: 22.3193, heightMeters: 0, surface: 'terrain' }), 'utm')).toMatch(/^50Q KK \d\d \d\d$/);
    expect(value(pointRows({ longitude: 113.94, latitude: 22.28, heightMeters: 0, surface: 'terrain' }), 'utm')).toMatch(/^49Q /);
  });

  it('writes the camera heading in 0–360 degrees and the pitch as given', () => {
    expect(normaliseHeading(-90)).toBe(270);
    expect(normaliseHeading(359.99)).toBe(0);
    expect(normaliseHeading(720.5)).toBeCloseTo(0.5);
    const rows = cameraRows({ longitude: 114.16, latitude: 22.28, heightMeters: 2817.04, headingDegrees: -0.0, pitchDegrees: -35, rollDegrees: 0 });
    expect(rows.map((row) => row.value)).toEqual(['114.1600000', '22.2800000', '2817.0', '0.0', '-35.0']);
  });
});
