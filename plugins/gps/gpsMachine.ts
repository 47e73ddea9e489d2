/**
 * The GPS tool's state machine (SPEC §4 "GPS: 0 off, 1 on, 2 on with tracking; cycles 0 to 1 to 2 to 0, or is set
 * directly"), pure: every event gives the next state and the effects the controller carries out (watching the
 * device's position, drawing the marker, moving the camera, telling the user). No timers, no DOM, no map here.
 */
import type { MessageId } from '../../core/plugin/types';
import type { GpsMode } from '../../core/store/appStore';

/** The tool's id (button, analytics `gps::on|off`, temporary graphics owner). */
export const GPS_TOOL = 'gps';

/** SPEC §4 button labels: what the next press does in each mode. */
export const GPS_BUTTON_LABELS: Readonly<Record<GpsMode, MessageId>> = {
  0: 'gps.tool.enableLocating',
  1: 'gps.tool.enableTracking',
  2: 'gps.tool.switchOff',
};

/** SPEC §8 'Please make sure your device/browser has allowed access to your location.' */
export const GPS_UNAVAILABLE_MESSAGE = 'gps.error.unavailable';
/** SPEC §5 'Input location falls outside Hong Kong.' */
export const GPS_OUTSIDE_MESSAGE = 'gps.error.outsideHongKong';

/** 0 → 1 → 2 → 0 (the button). */
export function nextGpsMode(mode: GpsMode): GpsMode {
  return ((mode + 1) % 3) as GpsMode;
}

/** One position the device reported (W3C Geolocation), WGS84 degrees. */
export interface GpsFix {
  longitude: number;
  latitude: number;
  /** Radius of the 95 % confidence circle, metres (GeolocationCoordinates.accuracy). */
  accuracyMeters: number;
  /** When the device took it, ms since the epoch. */
  timestamp: number;
}

/** Why no position came: refused by the user or the browser, none found, too slow, or no Geolocation API. */
export type GpsFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export interface GpsMachineState {
  mode: GpsMode;
  /** `waiting`: on, no position yet; `shown`: the last position is drawn. */
  status: 'off' | 'waiting' | 'shown';
  /** The position drawn, null while off or waiting. */
  fix: GpsFix | null;
}

export type GpsEvent =
  /** The store's GPS mode changed (the button, or set directly). */
  | { type: 'mode'; mode: GpsMode }
  /** A position arrived, with whether it lies in Hong Kong (null: that could not be checked). */
  | { type: 'fix'; fix: GpsFix; insideHongKong: boolean | null }
  | { type: 'failure'; reason: GpsFailure };

export type GpsEffect =
  | { type: 'watch' }
  | { type: 'unwatch' }
  | { type: 'draw'; fix: GpsFix }
  | { type: 'clear' }
  /** `centre`: bring the camera to the position (first fix, or tracking switched on); `follow`: move with it. */
  | { type: 'camera'; how: 'centre' | 'follow'; fix: GpsFix; previous: GpsFix | null }
  | { type: 'message'; message: MessageId }
  /** The machine switched itself off: the store's mode must become 0 too. */
  | { type: 'switch-off' };

export interface GpsTransition {
  state: GpsMachineState;
  effects: GpsEffect[];
}

export const GPS_OFF: GpsMachineState = { mode: 0, status: 'off', fix: null };

const off = (message: MessageId): GpsTransition => ({
  state: GPS_OFF,
  effects: [{ type: 'unwatch' }, { type: 'clear' }, { type: 'message', message }, { type: 'switch-off' }],
});

export function gpsTransition(state: GpsMachineState, event: GpsEvent): GpsTransition {
  switch (event.type) {
    case 'mode': {
      const mode = event.mode;
      if (mode === state.mode) return { state, effects: [] };
      if (mode === 0) return { state: GPS_OFF, effects: [{ type: 'unwatch' }, { type: 'clear' }] };
      if (state.mode === 0) return { state: { mode, status: 'waiting', fix: null }, effects: [{ type: 'watch' }] };
      // 1 → 2 brings the camera to the position at once; 2 → 1 leaves the camera where it is.
      const effects: GpsEffect[] = mode === 2 && state.fix ? [{ type: 'camera', how: 'centre', fix: state.fix, previous: null }] : [];
      return { state: { ...state, mode }, effects };
    }
    case 'fix': {
      // A late answer for a watch already stopped.
      if (state.mode === 0) return { state, effects: [] };
      if (event.insideHongKong === false) return off(GPS_OUTSIDE_MESSAGE);
      const previous = state.fix;
      const effects: GpsEffect[] = [{ type: 'draw', fix: event.fix }];
      // Locating centres once, on the first position; tracking follows every one.
      if (!previous) effects.push({ type: 'camera', how: 'centre', fix: event.fix, previous: null });
      else if (state.mode === 2) effects.push({ type: 'camera', how: 'follow', fix: event.fix, previous });
      return { state: { mode: state.mode, status: 'shown', fix: event.fix }, effects };
    }
    case 'failure': {
      if (state.mode === 0) return { state, effects: [] };
      // Once a position is shown, a slow or lost signal keeps the last one; a refusal always ends it.
      if (state.fix && (event.reason === 'timeout' || event.reason === 'unavailable')) return { state, effects: [] };
      return off(GPS_UNAVAILABLE_MESSAGE);
    }
  }
}
