import { describe, expect, it } from 'vitest';
import { normaliseDegrees } from '../../core/contracts/equirectangular';
import { geodesicInverse } from '../../core/contracts/geodesy';
import { horizontalFieldOfView, VIEW_CONE_METRES, viewConeRing } from './viewCone';

describe('view cone', () => {
  const apex = { longitude: 114.2245, latitude: 22.3113 };

  it('is as wide as the field of view and reaches VIEW_CONE_METRES, centred on the azimuth', () => {
    const ring = viewConeRing(apex, 350, 80);
    expect(ring[0]).toEqual([apex.longitude, apex.latitude]);
    const bearings = ring.slice(1).map(([longitude, latitude]) => {
      const inverse = geodesicInverse(apex, { longitude, latitude });
      return { ...inverse, initialAzimuthDegrees: normaliseDegrees(inverse.initialAzimuthDegrees) };
    });
    for (const bearing of bearings) expect(bearing.distanceMeters).toBeCloseTo(VIEW_CONE_METRES, 3);
    expect(bearings[0].initialAzimuthDegrees).toBeCloseTo(310, 3);
    expect(bearings.at(-1)!.initialAzimuthDegrees).toBeCloseTo(30, 3);
    expect(bearings[bearings.length >> 1].initialAzimuthDegrees).toBeCloseTo(350, 3);
  });

  it('turns the vertical field of view into the horizontal one of the viewer', () => {
    expect(horizontalFieldOfView(60, 1)).toBeCloseTo(60, 6);
    expect(horizontalFieldOfView(60, 2)).toBeCloseTo(98.21, 2);
    expect(horizontalFieldOfView(170, 50)).toBeLessThan(360);
  });
});
