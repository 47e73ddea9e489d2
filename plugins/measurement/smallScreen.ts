import { isTouchDevice } from '../../core/map/views';

/** Screens at most this many CSS pixels wide count as small (SPEC §5 "mobile and small screens"). */
export const SMALL_SCREEN_MAX_WIDTH_PX = 600;

/** What the check reads of the page (a parameter so tests can say what device they are). */
export interface DeviceEnvironment {
  navigator?: { maxTouchPoints?: number };
  window?: object;
  matchMedia?: (query: string) => { matches: boolean };
}

/** SPEC §5: phones and tablets (touch support, SPEC §9's mobile check) and small screens get no measurement. */
export function onPhoneOrSmallScreen(env: DeviceEnvironment = globalThis as DeviceEnvironment): boolean {
  const small = typeof env.matchMedia === 'function' && env.matchMedia(`(max-width: ${SMALL_SCREEN_MAX_WIDTH_PX}px)`).matches;
  return isTouchDevice(env) || small;
}
