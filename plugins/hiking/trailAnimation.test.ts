import { describe, expect, it } from 'vitest';
import type { ProfileSample } from './profileGraph';
import { advanceFlight, CAMERA_ABOVE_METRES, flightCamera, FLIGHT_METRES_PER_SECOND, nextAnimationState, pointAt, type AnimationEvent, type AnimationState } from './trailAnimation';

describe('the trail animation states (SPEC §4)', () => {
  const run = (events: AnimationEvent[]) => events.reduce<AnimationState>((state, event) => nextAnimationState(state, event), 'off');

  it('loads, then plays, pauses, plays, and finishes', () => {
    expect(run(['start'])).toBe('loading');
    expect(run(['start', 'loaded'])).toBe('ready');
    expect(run(['start', 'loaded', 'play', 'pause'])).toBe('paused');
    expect(run(['start', 'loaded', 'play', 'pause', 'play', 'finish'])).toBe('finished');
  });

  it('lets "play now" skip the loading, and "exit" leave from any state', () => {
    expect(run(['start', 'play'])).toBe('playing');
    for (const events of [['start'], ['start', 'loaded'], ['start', 'play'], ['start', 'play', 'pause'], ['start', 'play', 'stop']] as AnimationEvent[][]) {
      expect(run([...events, 'exit'])).toBe('off');
    }
  });

  it('ignores events that do not apply', () => {
    expect(run(['play'])).toBe('off');
    expect(run(['start', 'pause'])).toBe('loading');
    expect(run(['start', 'play', 'stop', 'pause'])).toBe('stopped');
    expect(run(['start', 'play', 'finish', 'play'])).toBe('playing');
  });
});

describe('the flight', () => {
  // A straight 1 km trail due north, climbing 100 m.
  const samples: ProfileSample[] = [
    [0, 114.2, 22.3, 100],
    [500, 114.2, 22.3045, 150],
    [1000, 114.2, 22.309, 200],
  ];

  it('covers its speed times the base speed each second and stops at the end', () => {
    expect(advanceFlight(0, 1, 2, 10_000)).toEqual({ distanceMetres: 2 * FLIGHT_METRES_PER_SECOND, finished: false });
    expect(advanceFlight(900, 1, 4, 1000)).toEqual({ distanceMetres: 1000, finished: true });
    expect(advanceFlight(100, -3, 1, 1000).distanceMetres).toBe(100);
  });

  it('interpolates the point at a distance', () => {
    expect(pointAt(samples, 250)).toEqual({ longitude: 114.2, latitude: 22.30225, heightMetres: 125 });
    expect(pointAt(samples, -1).heightMetres).toBe(100);
    expect(pointAt(samples, 5000).heightMetres).toBe(200);
  });

  it('follows from behind, heading along the trail, above the ground and looking down at the point', () => {
    const camera = flightCamera(samples, 500);
    expect(camera.headingDegrees).toBeCloseTo(0, 6);
    expect(camera.latitude).toBeLessThan(22.3045);
    expect(camera.longitude).toBeCloseTo(114.2, 9);
    // The highest trail ground within reach is the end, 200 m.
    expect(camera.heightMeters).toBe(200 + CAMERA_ABOVE_METRES);
    expect(camera.pitchDegrees).toBeLessThan(-20);
    expect(camera.pitchDegrees).toBeGreaterThan(-60);
  });

  it('keeps the heading at the very end, looking on from just before it', () => {
    expect(flightCamera(samples, 1000).headingDegrees).toBeCloseTo(0, 6);
  });
});
