import { Cartesian3, Ellipsoid } from 'cesium';
import { describe, expect, it } from 'vitest';
import { ecefToGeodetic, toEcef } from './ecef';

// CesiumJS's own WGS84 conversion is the independent judge of the points converted forward.
const SEMI_MAJOR_AXIS_METRES = Ellipsoid.WGS84.radii.x;
const SEMI_MINOR_AXIS_METRES = Ellipsoid.WGS84.radii.z;

describe('ecefToGeodetic', () => {
  it('puts the point on the equator at the prime meridian at 0°, 0°, 0 m', () => {
    const point = ecefToGeodetic(SEMI_MAJOR_AXIS_METRES, 0, 0);
    expect(point.longitudeDegrees).toBeCloseTo(0, 12);
    expect(point.latitudeDegrees).toBeCloseTo(0, 12);
    expect(point.heightMetres).toBeCloseTo(0, 6);
  });

  it('reads 90° east and a height above the equator', () => {
    const point = ecefToGeodetic(0, SEMI_MAJOR_AXIS_METRES + 1000, 0);
    expect(point.longitudeDegrees).toBeCloseTo(90, 12);
    expect(point.latitudeDegrees).toBeCloseTo(0, 12);
    expect(point.heightMetres).toBeCloseTo(1000, 6);
  });

  it('puts the poles at ±90° with the height above the semi-minor axis', () => {
    const north = ecefToGeodetic(0, 0, SEMI_MINOR_AXIS_METRES + 250);
    expect(north.latitudeDegrees).toBeCloseTo(90, 12);
    expect(north.heightMetres).toBeCloseTo(250, 6);
    const south = ecefToGeodetic(0, 0, -SEMI_MINOR_AXIS_METRES);
    expect(south.latitudeDegrees).toBeCloseTo(-90, 12);
    expect(south.heightMetres).toBeCloseTo(0, 6);
  });

  it('gives back Hong Kong points converted forward by CesiumJS (harbour, Tai Mo Shan, below the ellipsoid)', () => {
    for (const [longitude, latitude, height] of [
      [114.1694, 22.2793, 3.5],
      [114.1244, 22.4106, 957],
      [113.8269, 22.1531, -12.25],
    ]) {
      const { x, y, z } = Cartesian3.fromDegrees(longitude, latitude, height);
      const point = ecefToGeodetic(x, y, z);
      expect(point.longitudeDegrees).toBeCloseTo(longitude, 9);
      expect(point.latitudeDegrees).toBeCloseTo(latitude, 9);
      expect(point.heightMetres).toBeCloseTo(height, 4);
    }
  });

  it('refuses coordinates that are not numbers', () => {
    expect(() => ecefToGeodetic(Number.NaN, 0, 0)).toThrow(RangeError);
  });
});

describe('toEcef', () => {
  it('agrees with CesiumJS and comes back through ecefToGeodetic', () => {
    const [x, y, z] = toEcef(114.1694, 22.3193, 957);
    const cesium = Cartesian3.fromDegrees(114.1694, 22.3193, 957, Ellipsoid.WGS84);
    for (const [ours, theirs] of [[x, cesium.x], [y, cesium.y], [z, cesium.z]]) expect(Math.abs(ours - theirs)).toBeLessThan(1e-6);
    const back = ecefToGeodetic(x, y, z);
    expect(back.longitudeDegrees).toBeCloseTo(114.1694, 9);
    expect(back.latitudeDegrees).toBeCloseTo(22.3193, 9);
    expect(back.heightMetres).toBeCloseTo(957, 4);
  });
});
