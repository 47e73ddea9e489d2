/**
 * The trail animation (SPEC §4): its states and transitions, and the camera along the trail (pure).
 * loading → ready ("Play now" or "Exit"; Play now also skips the loading) → playing ⇄ paused → stopped or finished;
 * exit from any state turns it off.
 */
import type { CameraView } from '../../core/plugin/types';
import type { ProfileSample } from './profileGraph';

export type AnimationState = 'off' | 'loading' | 'ready' | 'playing' | 'paused' | 'stopped' | 'finished';
export type AnimationEvent = 'start' | 'loaded' | 'play' | 'pause' | 'stop' | 'finish' | 'exit';

/** The speed choices: multiples of {@link FLIGHT_METRES_PER_SECOND}. */
export const ANIMATION_SPEEDS = [1, 2, 4] as const;
export type AnimationSpeed = (typeof ANIMATION_SPEEDS)[number];
/** Ground covered per second at 1x: a 10 km stage takes about a minute. */
export const FLIGHT_METRES_PER_SECOND = 160;
/** The camera follows this far behind the point it looks at, metres along the ground, and this high above it. */
export const CAMERA_BEHIND_METRES = 700;
export const CAMERA_ABOVE_METRES = 380;
/** The camera heads toward the trail this far ahead, so each bend turns it smoothly, metres. */
const LOOK_AHEAD_METRES = 400;

const TRANSITIONS: Readonly<Record<AnimationState, Partial<Record<AnimationEvent, AnimationState>>>> = {
  off: { start: 'loading' },
  loading: { loaded: 'ready', play: 'playing', exit: 'off' },
  ready: { play: 'playing', exit: 'off' },
  playing: { pause: 'paused', stop: 'stopped', finish: 'finished', exit: 'off' },
  paused: { play: 'playing', stop: 'stopped', exit: 'off' },
  stopped: { play: 'playing', exit: 'off' },
  finished: { play: 'playing', exit: 'off' },
};

/** The state after `event`; an event that does not apply leaves the state as it is. */
export function nextAnimationState(state: AnimationState, event: AnimationEvent): AnimationState {
  return TRANSITIONS[state][event] ?? state;
}

/** The distance flown after `seconds` at `speed`, and whether the end was reached. */
export function advanceFlight(distanceMetres: number, seconds: number, speed: AnimationSpeed, lengthMetres: number): { distanceMetres: number; finished: boolean } {
  const next = distanceMetres + Math.max(0, seconds) * speed * FLIGHT_METRES_PER_SECOND;
  return next >= lengthMetres ? { distanceMetres: lengthMetres, finished: true } : { distanceMetres: next, finished: false };
}

/** Where on the trail a distance is: interpolated between the samples around it. */
export function pointAt(samples: readonly ProfileSample[], distanceMetres: number): { longitude: number; latitude: number; heightMetres: number } {
  const last = samples[samples.length - 1];
  if (distanceMetres <= samples[0][0]) return { longitude: samples[0][1], latitude: samples[0][2], heightMetres: samples[0][3] };
  if (distanceMetres >= last[0]) return { longitude: last[1], latitude: last[2], heightMetres: last[3] };
  let low = 0;
  let high = samples.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (samples[middle][0] <= distanceMetres) low = middle;
    else high = middle;
  }
  const [d0, lon0, lat0, h0] = samples[low];
  const [d1, lon1, lat1, h1] = samples[high];
  const t = d1 > d0 ? (distanceMetres - d0) / (d1 - d0) : 0;
  return { longitude: lon0 + (lon1 - lon0) * t, latitude: lat0 + (lat1 - lat0) * t, heightMetres: h0 + (h1 - h0) * t };
}

const METRES_PER_DEGREE_LATITUDE = 110_574;
const metresPerDegreeLongitude = (latitude: number) => 111_320 * Math.cos((latitude * Math.PI) / 180);

/**
 * The camera for a point of the flight: behind the trail point at `distanceMetres` (opposite the direction to the
 * point {@link LOOK_AHEAD_METRES} further on), above the highest ground between it and the point, pitched down
 * to look at the point. Heights are the profile's (metres above HKPD; the ellipsoid lies within a few metres).
 */
export function flightCamera(samples: readonly ProfileSample[], distanceMetres: number): CameraView {
  const lengthMetres = samples[samples.length - 1][0];
  const here = pointAt(samples, distanceMetres);
  // Near the end, look back from a little before it along the same line.
  const ahead = pointAt(samples, Math.min(lengthMetres, distanceMetres + LOOK_AHEAD_METRES));
  const behind = pointAt(samples, Math.max(0, distanceMetres - LOOK_AHEAD_METRES));
  const [fromPoint, toPoint] = ahead.longitude === here.longitude && ahead.latitude === here.latitude ? [behind, here] : [here, ahead];
  const east = (toPoint.longitude - fromPoint.longitude) * metresPerDegreeLongitude(here.latitude);
  const north = (toPoint.latitude - fromPoint.latitude) * METRES_PER_DEGREE_LATITUDE;
  const heading = east === 0 && north === 0 ? 0 : Math.atan2(east, north);
  const cameraLongitude = here.longitude - (Math.sin(heading) * CAMERA_BEHIND_METRES) / metresPerDegreeLongitude(here.latitude);
  const cameraLatitude = here.latitude - (Math.cos(heading) * CAMERA_BEHIND_METRES) / METRES_PER_DEGREE_LATITUDE;
  // The highest trail ground within the camera's reach, so a ridge just walked over does not hide the point.
  let groundBelow = here.heightMetres;
  for (const sample of samples) {
    if (Math.abs(sample[0] - distanceMetres) <= CAMERA_BEHIND_METRES) groundBelow = Math.max(groundBelow, sample[3]);
  }
  const heightMeters = groundBelow + CAMERA_ABOVE_METRES;
  const pitchDegrees = -(Math.atan2(heightMeters - here.heightMetres, CAMERA_BEHIND_METRES) * 180) / Math.PI;
  return {
    longitude: cameraLongitude,
    latitude: cameraLatitude,
    heightMeters,
    headingDegrees: ((heading * 180) / Math.PI + 360) % 360,
    pitchDegrees,
    rollDegrees: 0,
  };
}
