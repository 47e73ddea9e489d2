import { describe, expect, it, vi } from 'vitest';
import type { CameraState, MapFacade } from '../../core/plugin/types';
import { createCompass, needleRotation, wholeHeading } from './compass';

function fakeMap(headingDegrees = 0) {
  const listeners = new Set<(state: CameraState) => void>();
  const camera = (heading: number): CameraState => ({ longitude: 114.17, latitude: 22.3, heightMeters: 3000, headingDegrees: heading, pitchDegrees: -45, rollDegrees: 0 });
  const map = {
    cameraState: () => camera(headingDegrees),
    onCameraChanged: (listener: (state: CameraState) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    resetNorth: vi.fn(),
  } as unknown as MapFacade;
  return { map, turn: (heading: number) => listeners.forEach((listener) => listener(camera(heading))), listeners };
}

describe('compass', () => {
  it('follows the camera heading in whole degrees and tells its listeners only when that changes', () => {
    const { map, turn } = fakeMap(12.3);
    const compass = createCompass({ map, analytics: { emit: vi.fn() } });
    expect(compass.heading()).toBe(12);
    const listener = vi.fn();
    compass.subscribe(listener);
    turn(12.4);
    expect(listener).not.toHaveBeenCalled();
    turn(271.6);
    expect(compass.heading()).toBe(272);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('resets north through the map and records the click', () => {
    const { map } = fakeMap(90);
    const emit = vi.fn();
    const compass = createCompass({ map, analytics: { emit } });
    compass.resetNorth();
    expect(map.resetNorth).toHaveBeenCalledTimes(1);
    expect(emit).toHaveBeenCalledWith({ name: 'compass::reset-north', id: 'compass' });
  });

  it('stops following the camera when disposed', () => {
    const { map, listeners } = fakeMap();
    createCompass({ map, analytics: { emit: vi.fn() } }).dispose();
    expect(listeners.size).toBe(0);
  });

  it('reads headings as a compass does and turns the needle against the heading', () => {
    expect(wholeHeading(359.6)).toBe(0);
    expect(wholeHeading(-90)).toBe(270);
    expect(wholeHeading(720.2)).toBe(0);
    expect(wholeHeading(Number.NaN)).toBe(0);
    // Facing east, north is a quarter turn to the left.
    expect(needleRotation(90)).toBe(-90);
    expect(needleRotation(0)).toBe(0);
  });
});
