import { describe, expect, it } from 'vitest';
import { geodesicDirect } from '../../core/contracts/geodesy';
import { PANORAMA_NEAR_METRES } from '../../core/contracts/panoramas';
import { boostLevelCount, coveredStreets, imageForLevel, nearestPanorama, neighbourToward, streetNeighbours } from './panoramas';
import { indexOf, streetOfPanoramas } from './testing';

describe('nearestPanorama', () => {
  const street = streetOfPanoramas(4);

  it('finds the nearest panorama to a click beside the street', () => {
    const besideThird = geodesicDirect(street[2], 150, 12);
    const near = nearestPanorama(street, besideThird);
    expect(near?.panorama.id).toBe(street[2].id);
    expect(near?.distanceMetres).toBeCloseTo(12, 3);
  });

  it('finds none beyond PANORAMA_NEAR_METRES', () => {
    const farAway = geodesicDirect(street[0], 240, PANORAMA_NEAR_METRES + 5);
    expect(nearestPanorama(street, farAway)).toBeNull();
    const justInside = geodesicDirect(street[0], 240, PANORAMA_NEAR_METRES - 1);
    expect(nearestPanorama(street, justInside)?.panorama.id).toBe(street[0].id);
  });

  it('finds none in an empty index', () => {
    expect(nearestPanorama([], street[0])).toBeNull();
  });
});

describe('streets and steps', () => {
  const street = streetOfPanoramas(4);

  it('lists each covered street once with its first panorama and count', () => {
    const [only, ...rest] = coveredStreets(indexOf([...street].reverse()), 'en-US');
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ name: 'Test Road', setName: 'Kwun Tong (rendered sample)', count: 4 });
    expect(only.first.id).toBe(street[0].id);
  });

  it('gives the neighbours with the direction they lie in', () => {
    const neighbours = streetNeighbours(street, street[1]);
    expect(neighbours.map((neighbour) => neighbour.step)).toEqual(['next', 'previous']);
    expect(neighbours[0].azimuthDegrees).toBeCloseTo(60, 1);
    expect(neighbours[1].azimuthDegrees).toBeCloseTo(240, 1);
    expect(streetNeighbours(street, street[3]).map((neighbour) => neighbour.step)).toEqual(['previous']);
  });

  it('steps toward the neighbour a click points at, and nowhere across the street', () => {
    const neighbours = streetNeighbours(street, street[1]);
    expect(neighbourToward(neighbours, 75)?.step).toBe('next');
    expect(neighbourToward(neighbours, 220)?.step).toBe('previous');
    expect(neighbourToward(neighbours, 150)).toBeNull();
  });
});

describe('boost levels', () => {
  const [panorama] = streetOfPanoramas(1);

  it('chooses the images smallest first, the largest for levels beyond them', () => {
    expect(imageForLevel(panorama, 0).width).toBe(1024);
    expect(imageForLevel(panorama, 1).width).toBe(2048);
    expect(imageForLevel(panorama, 2).width).toBe(4096);
    expect(imageForLevel({ ...panorama, images: panorama.images.slice(0, 1) }, 2).width).toBe(2048);
    expect(boostLevelCount([panorama])).toBe(3);
  });
});
