import { describe, expect, it } from 'vitest';
import {
  decodeDepthMap,
  depthAlong,
  directionToImagePoint,
  encodeDepthMap,
  imagePointToDirection,
  projectToCamera,
  unprojectFromCamera,
  type PanoramaPose,
} from './equirectangular';
import { geodesicInverse } from './geodesy';

const pose: PanoramaPose = { longitude: 114.2244, latitude: 22.3121, heightMeters: 12.5, headingDegrees: 60 };

describe('equirectangular convention', () => {
  it('puts the heading in the middle column, the horizon in the middle row and azimuth growing to the right', () => {
    expect(imagePointToDirection({ x: 1024, y: 512 }, 2048, 1024, 60)).toEqual({ azimuthDegrees: 60, elevationDegrees: 0 });
    expect(imagePointToDirection({ x: 1536, y: 0 }, 2048, 1024, 60)).toEqual({ azimuthDegrees: 150, elevationDegrees: 90 });
    expect(imagePointToDirection({ x: 0, y: 1024 }, 2048, 1024, 60).azimuthDegrees).toBeCloseTo(240, 9);
  });

  it('turns image points into directions and back', () => {
    for (const point of [{ x: 3.5, y: 100.25 }, { x: 2047.5, y: 900 }, { x: 1000, y: 512 }]) {
      const back = directionToImagePoint(imagePointToDirection(point, 2048, 1024, 60), 2048, 1024, 60);
      expect(back.x).toBeCloseTo(point.x, 6);
      expect(back.y).toBeCloseTo(point.y, 6);
    }
  });

  it('unprojects a ray to the WGS84 point at that distance and projects it back', () => {
    const direction = { azimuthDegrees: 90, elevationDegrees: 30 };
    const point = unprojectFromCamera(pose, direction, 100);
    expect(point.heightMeters).toBeCloseTo(12.5 + 50, 2);
    const ground = geodesicInverse(pose, point);
    expect(ground.distanceMeters).toBeCloseTo(100 * Math.cos(Math.PI / 6), 2);
    expect(ground.initialAzimuthDegrees).toBeCloseTo(90, 3);
    const back = projectToCamera(pose, point);
    expect(back.distanceMeters).toBeCloseTo(100, 6);
    expect(back.azimuthDegrees).toBeCloseTo(90, 6);
    expect(back.elevationDegrees).toBeCloseTo(30, 6);
  });

  it('round-trips a depth map and samples it by direction', () => {
    const metres = [Number.NaN, 12.345, 700, 0.004];
    const decoded = decodeDepthMap(encodeDepthMap(metres, 2, 2), 2, 2);
    expect(Number.isNaN(decoded.metres[0])).toBe(true);
    expect(decoded.metres[1]).toBeCloseTo(12.35, 5);
    expect(decoded.metres[2]).toBe(Number.POSITIVE_INFINITY);
    expect(decoded.metres[3]).toBeCloseTo(0.01, 5);
    expect(depthAlong(decoded, { azimuthDegrees: 60 + 90, elevationDegrees: 45 }, 60)).toBeCloseTo(12.35, 5);
    expect(() => decodeDepthMap(new Uint8Array(6), 2, 2)).toThrow(/has 8 bytes, not 6/);
  });
});
