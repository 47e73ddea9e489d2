import { describe, expect, it, vi } from 'vitest';
import { createDeferredSceneClock } from '../../core/map/sceneClock';
import { hongKongDay } from './index';
import { formatTimePlayerParam, parseTimePlayerParam, timePlayerAddress } from './timePlayerAddress';
import { createTimePlayerController } from './timePlayerController';

const start = new Date('2025-09-07T14:43:00Z');
const end = new Date('2025-09-07T16:57:00Z');

function setUp() {
  const clock = createDeferredSceneClock();
  const switches: boolean[] = [];
  const controller = createTimePlayerController(clock, (on) => switches.push(on));
  return { clock, switches, controller };
}

describe('time player controller', () => {
  it('opens the clock on a span, paused, keeps a time already inside it, and switches on once', () => {
    const { clock, switches, controller } = setUp();
    clock.setTime(new Date('2025-09-07T15:00:00Z'));
    const handle = controller.open({ start, end, multiplier: 600, loop: true, stepSeconds: 600, label: 'wind' });
    expect(clock.state()).toMatchObject({ on: true, startTime: start, endTime: end, playMultiplier: 600, isLoop: true, isPlaying: false });
    expect(clock.now().toISOString()).toBe('2025-09-07T15:00:00.000Z');
    expect(controller.holder()).toEqual({ label: 'wind', stepSeconds: 600 });
    expect(switches).toEqual([true]);
    handle.close();
    expect(clock.state().on).toBe(false);
    expect(switches).toEqual([true, false]);
    expect(controller.holder()).toBeNull();
  });

  it('starts at `current`, else at the start when the clock lies outside the span', () => {
    const { clock, controller } = setUp();
    clock.setTime(new Date('2030-01-01T00:00:00Z'));
    controller.open({ start, end, label: 'a' });
    expect(clock.now().toISOString()).toBe(start.toISOString());
    controller.open({ start, end, current: new Date('2025-09-07T16:00:00Z'), label: 'b' });
    expect(clock.now().toISOString()).toBe('2025-09-07T16:00:00.000Z');
  });

  it('hands the player to a later opening: the earlier hears it, and its close no longer closes the player', () => {
    const { clock, controller } = setUp();
    const first = controller.open({ start, end, label: 'shadow' });
    const heard = vi.fn();
    first.onClose(heard);
    const second = controller.open({ start: new Date('2025-12-21T16:00:00Z'), end: new Date('2025-12-22T16:00:00Z'), label: { 'en-US': 'Day', 'zh-HK': '日', 'zh-CN': '日' } });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(first.isOpen()).toBe(false);
    first.close();
    expect(clock.state().on).toBe(true);
    expect(second.isOpen()).toBe(true);
    controller.close();
    expect(second.isOpen()).toBe(false);
  });

  it('closes when someone frees the clock directly', () => {
    const { clock, controller, switches } = setUp();
    const handle = controller.open({ start, end, label: 'a' });
    clock.setRange(null);
    expect(handle.isOpen()).toBe(false);
    expect(switches).toEqual([true, false]);
  });

  it('refuses bad requests with a RangeError naming the field, leaving the player as it was', () => {
    const { clock, controller } = setUp();
    expect(() => controller.open({ start, end, label: '' })).toThrow(/label/);
    expect(() => controller.open({ start: new Date('x'), end, label: 'a' })).toThrow(/start must be a valid Date/);
    expect(() => controller.open({ start: end, end: start, label: 'a' })).toThrow(/end .* is before its start/);
    expect(() => controller.open({ start, end, multiplier: Number.NaN, label: 'a' })).toThrow(/multiplier/);
    expect(() => controller.open({ start, end, stepSeconds: 0, label: 'a' })).toThrow(/stepSeconds/);
    expect(() => controller.open({ start, end, current: new Date('x'), label: 'a' })).toThrow(/current/);
    expect(clock.state().on).toBe(false);
  });
});

describe('time player share link', () => {
  it('writes and reads back the state while on, nothing while off', () => {
    const { clock, controller } = setUp();
    const address = timePlayerAddress(controller, clock);
    expect(address.read()).toBeUndefined();
    controller.open({ start, end, current: new Date('2025-09-07T15:13:00Z'), multiplier: -600, loop: true, label: 'a' });
    const text = address.read()!;
    expect(text).toBe('2025-09-07T15:13:00Z_2025-09-07T14:43:00Z_2025-09-07T16:57:00Z_-600_loop');
    controller.close();
    expect(address.schema.safeParse(text).success).toBe(true);
    address.apply(text);
    expect(clock.state()).toMatchObject({ on: true, startTime: start, endTime: end, playMultiplier: -600, isLoop: true, isPlaying: false });
    expect(clock.now().toISOString()).toBe('2025-09-07T15:13:00.000Z');
    expect(controller.holder()?.label).toBe('timePlayer.label.shared');
  });

  it('names what is wrong with a bad parameter', () => {
    expect(parseTimePlayerParam('2025-09-07T15:13:00Z')).toMatch(/expected <current>/);
    expect(parseTimePlayerParam('soon_2025-09-07T14:43:00Z_2025-09-07T16:57:00Z_60_once')).toMatch(/current must be an ISO 8601 time/);
    expect(parseTimePlayerParam('2025-09-07T15:13:00Z_2025-09-07T16:57:00Z_2025-09-07T14:43:00Z_60_once')).toMatch(/end must be at or after start/);
    expect(parseTimePlayerParam('2025-09-07T15:13:00Z_2025-09-07T14:43:00Z_2025-09-07T16:57:00Z_fast_once')).toMatch(/multiplier must be a number/);
    expect(parseTimePlayerParam('2025-09-07T15:13:00Z_2025-09-07T14:43:00Z_2025-09-07T16:57:00Z_60_twice')).toMatch(/"loop" or "once"/);
    expect(formatTimePlayerParam({ current: start, start, end, multiplier: 1, loop: false })).toBe('2025-09-07T14:43:00Z_2025-09-07T14:43:00Z_2025-09-07T16:57:00Z_1_once');
  });
});

describe('the tool\'s day', () => {
  it('is midnight to midnight Hong Kong time (UTC+8), also just after midnight there', () => {
    expect(hongKongDay(new Date('2025-09-07T15:00:00Z'))).toEqual({ start: new Date('2025-09-06T16:00:00Z'), end: new Date('2025-09-07T16:00:00Z') });
    expect(hongKongDay(new Date('2025-09-07T16:30:00Z'))).toEqual({ start: new Date('2025-09-07T16:00:00Z'), end: new Date('2025-09-08T16:00:00Z') });
  });
});
