import { describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createMapLighting, type LightingBackend } from '../../core/map/lighting';
import { createDeferredSceneClock } from '../../core/map/sceneClock';
import type { TimePlayerRequest } from '../time-player/api';
import { createShadowController } from './shadowController';

function setUp({ supported = true, timePlayer = true } = {}) {
  const clock = createDeferredSceneClock();
  clock.setTime(new Date('2026-12-21T09:00:00+08:00'));
  const backendCalls: string[] = [];
  const backend: LightingBackend = {
    shadowsSupported: () => supported,
    setLight: (towardSun) => void backendCalls.push(towardSun ? 'light:sun' : 'light:engine'),
    setShadows: (on) => void backendCalls.push(`shadows:${on}`),
  };
  const lighting = createMapLighting(backend, clock);
  const map = createNoopMapFacade({ clock: () => clock, lighting: () => lighting });
  const requests: TimePlayerRequest[] = [];
  const close = vi.fn();
  const controller = createShadowController({
    map,
    timePlayerAvailable: () => timePlayer,
    openTimePlayer: (request) => {
      requests.push(request);
      return { isOpen: () => true, close, onClose: () => () => {} };
    },
  });
  return { controller, clock, backendCalls, requests, close };
}

describe('the shadow view controller', () => {
  it('lights the map with our sun and draws shadows while on, and gives the scene back when off', async () => {
    const { controller, backendCalls } = setUp();
    controller.setOn(true);
    expect(backendCalls.slice(0, 2)).toEqual(['light:sun', 'shadows:true']);
    await Promise.resolve();
    expect(controller.getState().support).toBe('drawn');
    controller.setOn(false);
    expect(backendCalls.slice(-2)).toEqual(['shadows:false', 'light:engine']);
    expect(controller.getState().on).toBe(false);
  });

  it('says shadows cannot be drawn where the map has no depth texture', async () => {
    const { controller } = setUp({ supported: false });
    controller.setOn(true);
    await Promise.resolve();
    expect(controller.getState().support).toBe('unsupported');
  });

  it('moves the scene clock to the chosen HKT time and follows the clock when something else moves it', () => {
    const { controller, clock } = setUp();
    controller.setOn(true);
    controller.setTime({ date: '2026-06-21', minutes: 15 * 60 });
    expect(clock.now().toISOString()).toBe('2026-06-21T07:00:00.000Z');
    expect(controller.getState().sun.azimuth).toBeGreaterThan(250);
    // The time player (or a share link) moves the clock: the panel shows that time, on the 15-minute grid.
    clock.setTime(new Date('2026-06-21T09:31:00+08:00'));
    expect(controller.getState().time).toEqual({ date: '2026-06-21', minutes: 9 * 60 + 30 });
    expect(controller.getState().sun.up).toBe(true);
    clock.setTime(new Date('2026-06-21T22:00:00+08:00'));
    expect(controller.getState().sun.up).toBe(false);
  });

  it('plays the shown day from sunrise to sunset with the one time player, and closes it when turned off', () => {
    const { controller, requests, close } = setUp();
    controller.setOn(true);
    controller.setTime({ date: '2026-12-21', minutes: 10 * 60 });
    expect(controller.playDay()).toBe(true);
    const [request] = requests;
    expect(request.start).toEqual(controller.getState().sun.sunrise);
    expect(request.end).toEqual(controller.getState().sun.sunset);
    expect(request.current?.toISOString()).toBe('2026-12-21T02:00:00.000Z');
    expect(request.label).toBe('shadow.timePlayer.label');
    expect(controller.getState().playingDay).toBe(true);
    controller.setOn(false);
    expect(close).toHaveBeenCalled();
  });

  it('offers no play button without the time player', () => {
    const { controller } = setUp({ timePlayer: false });
    controller.setOn(true);
    expect(controller.canPlayDay()).toBe(false);
    expect(controller.playDay()).toBe(false);
  });
});
