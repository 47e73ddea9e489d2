import { describe, expect, it } from 'vitest';
import { createMapHeadingFollower, signedTurnDegrees } from './headingSync';

describe('map heading follower', () => {
  it('turns the panorama by the user\'s turns of the map, across north', () => {
    const follower = createMapHeadingFollower(() => 0);
    expect(follower.cameraChanged(350, false)).toBeNull();
    expect(follower.cameraChanged(20, false)).toBeCloseTo(30, 6);
    expect(follower.cameraChanged(20.2, true)).toBeNull();
    expect(follower.cameraChanged(5, true)).toBeCloseTo(-15, 6);
  });

  it('ignores its own flights until they end, then measures from where they ended', () => {
    let now = 0;
    const follower = createMapHeadingFollower(() => now);
    follower.cameraChanged(90, true);
    follower.ownMoveStarted(800);
    expect(follower.cameraChanged(45, false)).toBeNull();
    expect(follower.cameraChanged(0, true)).toBeNull();
    now = 500;
    expect(follower.cameraChanged(10, false)).toBeCloseTo(10, 6);
  });

  it('lets an own move that never reports its end expire', () => {
    let now = 0;
    const follower = createMapHeadingFollower(() => now);
    follower.cameraChanged(0, true);
    follower.ownMoveStarted(800);
    now = 5000;
    // The first change after the expiry is the new reference, not a turn.
    expect(follower.cameraChanged(40, false)).toBeNull();
    expect(follower.cameraChanged(50, false)).toBeCloseTo(10, 6);
  });

  it('gives the smallest signed turn', () => {
    expect(signedTurnDegrees(10, 350)).toBe(-20);
    expect(signedTurnDegrees(350, 10)).toBe(20);
    expect(signedTurnDegrees(0, 180)).toBe(180);
  });
});
