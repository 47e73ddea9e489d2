import { describe, expect, it } from 'vitest';
import type { GpsMode } from '../../core/store/appStore';
import { GPS_BUTTON_LABELS, GPS_OFF, GPS_OUTSIDE_MESSAGE, GPS_UNAVAILABLE_MESSAGE, gpsTransition, nextGpsMode, type GpsEvent, type GpsFix, type GpsMachineState } from './gpsMachine';

const fix = (longitude: number, latitude: number, accuracyMeters = 10): GpsFix => ({ longitude, latitude, accuracyMeters, timestamp: 0 });
const run = (events: GpsEvent[], from: GpsMachineState = GPS_OFF) =>
  events.reduce<{ state: GpsMachineState; effects: string[][] }>(
    (acc, event) => {
      const next = gpsTransition(acc.state, event);
      return { state: next.state, effects: [...acc.effects, next.effects.map((effect) => (effect.type === 'camera' ? `camera:${effect.how}` : effect.type === 'message' ? `message:${effect.message}` : effect.type))] };
    },
    { state: from, effects: [] },
  );

describe('GPS state machine (SPEC §4)', () => {
  it('the button cycles 0 → 1 → 2 → 0 and is named after its next step', () => {
    const modes: GpsMode[] = [0];
    for (let press = 0; press < 3; press += 1) modes.push(nextGpsMode(modes[modes.length - 1]));
    expect(modes).toEqual([0, 1, 2, 0]);
    expect(modes.slice(0, 3).map((mode) => GPS_BUTTON_LABELS[mode])).toEqual(['gps.tool.enableLocating', 'gps.tool.enableTracking', 'gps.tool.switchOff']);
  });

  it('locating watches, draws each position and centres the camera once', () => {
    const { state, effects } = run([{ type: 'mode', mode: 1 }, { type: 'fix', fix: fix(114.17, 22.3), insideHongKong: true }, { type: 'fix', fix: fix(114.171, 22.301), insideHongKong: true }]);
    expect(effects).toEqual([['watch'], ['draw', 'camera:centre'], ['draw']]);
    expect(state).toEqual({ mode: 1, status: 'shown', fix: fix(114.171, 22.301) });
  });

  it('tracking follows every position; 1 → 2 brings the camera back to the position at once', () => {
    const located = run([{ type: 'mode', mode: 1 }, { type: 'fix', fix: fix(114.17, 22.3), insideHongKong: true }]).state;
    const { state, effects } = run([{ type: 'mode', mode: 2 }, { type: 'fix', fix: fix(114.18, 22.31), insideHongKong: true }], located);
    expect(effects).toEqual([['camera:centre'], ['draw', 'camera:follow']]);
    expect(state.mode).toBe(2);
    const follow = gpsTransition(located, { type: 'fix', fix: fix(1, 1), insideHongKong: true });
    expect(follow.effects.some((effect) => effect.type === 'camera')).toBe(false);
  });

  it('can be set directly to tracking from off, and switched off from any mode', () => {
    const tracking = run([{ type: 'mode', mode: 2 }, { type: 'fix', fix: fix(114.17, 22.3), insideHongKong: true }, { type: 'fix', fix: fix(114.172, 22.3), insideHongKong: true }]);
    expect(tracking.effects).toEqual([['watch'], ['draw', 'camera:centre'], ['draw', 'camera:follow']]);
    const off = gpsTransition(tracking.state, { type: 'mode', mode: 0 });
    expect(off.state).toEqual(GPS_OFF);
    expect(off.effects.map((effect) => effect.type)).toEqual(['unwatch', 'clear']);
    expect(gpsTransition(GPS_OFF, { type: 'mode', mode: 0 }).effects).toEqual([]);
  });

  it('a refused, missing or unsupported location switches off with the SPEC §8 message', () => {
    for (const reason of ['denied', 'unavailable', 'timeout', 'unsupported'] as const) {
      const { state, effects } = run([{ type: 'mode', mode: 1 }, { type: 'failure', reason }]);
      expect(state).toEqual(GPS_OFF);
      expect(effects[1]).toEqual(['unwatch', 'clear', `message:${GPS_UNAVAILABLE_MESSAGE}`, 'switch-off']);
    }
  });

  it('once a position is shown, a lost signal keeps it but a refusal ends it', () => {
    const shown = run([{ type: 'mode', mode: 2 }, { type: 'fix', fix: fix(114.17, 22.3), insideHongKong: true }]).state;
    expect(gpsTransition(shown, { type: 'failure', reason: 'timeout' })).toEqual({ state: shown, effects: [] });
    expect(gpsTransition(shown, { type: 'failure', reason: 'unavailable' }).state).toBe(shown);
    expect(gpsTransition(shown, { type: 'failure', reason: 'denied' }).state).toEqual(GPS_OFF);
  });

  it('a position outside Hong Kong is not drawn and switches off with the SPEC §5 message', () => {
    const { state, effects } = run([{ type: 'mode', mode: 1 }, { type: 'fix', fix: fix(113.9, 22.6), insideHongKong: false }]);
    expect(state).toEqual(GPS_OFF);
    expect(effects[1]).toEqual(['unwatch', 'clear', `message:${GPS_OUTSIDE_MESSAGE}`, 'switch-off']);
  });

  it('an unchecked position (boundary service down) is still drawn; late answers after switching off are ignored', () => {
    expect(run([{ type: 'mode', mode: 1 }, { type: 'fix', fix: fix(114.17, 22.3), insideHongKong: null }]).state.status).toBe('shown');
    expect(gpsTransition(GPS_OFF, { type: 'fix', fix: fix(114.17, 22.3), insideHongKong: true })).toEqual({ state: GPS_OFF, effects: [] });
    expect(gpsTransition(GPS_OFF, { type: 'failure', reason: 'denied' })).toEqual({ state: GPS_OFF, effects: [] });
  });
});
