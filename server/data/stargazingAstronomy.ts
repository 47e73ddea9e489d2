/**
 * Sun and moon for the stargazing drawer: sunset, astronomical dusk, moonrise, moonset and the moon's phase for a
 * place and a date, written from the standard published algorithms rather than taken from a library:
 * - the sun: core/contracts/sun.ts (the NOAA solar calculator's equations, shared with the shadow view);
 * - the moon: Meeus ch. 47 with the largest periodic terms of tables 47.A and 47.B (longitude terms over
 *   1,000 µdeg, latitude over 500 µdeg, distance over 1,000 km), which keeps the position within about 0.1°,
 *   about half a minute of moonrise;
 * - rising and setting: the altitude of the body's centre crosses h0, found by stepping through the day and
 *   bisecting (sun h0 = −0.833°: refraction 34′ and the semi-diameter; moon h0 = 0.7275 × parallax − 0.5667°,
 *   Meeus ch. 15, which allows for its parallax; astronomical dusk: sun at −18°);
 * - the illuminated fraction from the phase angle (Meeus ch. 48, eq. 48.1–48.3).
 * Times are instants (Date); the caller shows them in Hong Kong time (UTC+8, no daylight saving since 1979).
 */

import {
  ASTRONOMICAL_DUSK_ALTITUDE,
  DAY_MS,
  RADIANS,
  SUN_RISE_SET_ALTITUDE,
  altitude,
  cosDegrees as cos,
  crossings,
  hongKongMidnight,
  julianCenturies as centuries,
  meanObliquity,
  normaliseDegrees as normalise,
  sinDegrees as sin,
  sunPosition,
  toEquatorial,
  type EquatorialPosition,
} from '../../core/contracts/sun';

// Meeus table 47.A: multiples of D, M, M', F and the coefficients of Σl (µdeg) and Σr (m), largest terms.
const LONGITUDE_DISTANCE_TERMS: ReadonlyArray<readonly [number, number, number, number, number, number]> = [
  [0, 0, 1, 0, 6288774, -20905355],
  [2, 0, -1, 0, 1274027, -3699111],
  [2, 0, 0, 0, 658314, -2955968],
  [0, 0, 2, 0, 213618, -569925],
  [0, 1, 0, 0, -185116, 48888],
  [0, 0, 0, 2, -114332, -3149],
  [2, 0, -2, 0, 58793, 246158],
  [2, -1, -1, 0, 57066, -152138],
  [2, 0, 1, 0, 53322, -170733],
  [2, -1, 0, 0, 45758, -204586],
  [0, 1, -1, 0, -40923, -129620],
  [1, 0, 0, 0, -34720, 108743],
  [0, 1, 1, 0, -30383, 104755],
  [2, 0, 0, -2, 15327, 10321],
  [0, 0, 1, 2, -12528, 0],
  [0, 0, 1, -2, 10980, 79661],
  [4, 0, -1, 0, 10675, -34782],
  [0, 0, 3, 0, 10034, -23210],
  [4, 0, -2, 0, 8548, -21636],
  [2, 1, -1, 0, -7888, 24208],
  [2, 1, 0, 0, -6766, 30824],
  [1, 0, -1, 0, -5163, -8379],
  [1, 1, 0, 0, 4987, -16675],
  [2, -1, 1, 0, 4036, -12831],
  [2, 0, 2, 0, 3994, -10445],
  [4, 0, 0, 0, 3861, -11650],
  [2, 0, -3, 0, 3665, 14403],
  [0, 1, -2, 0, -2689, -7003],
  [2, 0, -1, 2, -2602, 0],
  [2, -1, -2, 0, 2390, 10056],
  [1, 0, 1, 0, -2348, 6322],
  [2, -2, 0, 0, 2236, -9884],
  [0, 1, 2, 0, -2120, 5751],
  [0, 2, 0, 0, -2069, 0],
  [2, -2, -1, 0, 2048, -4950],
  [2, 0, 1, -2, -1773, 4130],
  [2, 0, 0, 2, -1595, 0],
  [4, -1, -1, 0, 1215, -3958],
  [0, 0, 2, 2, -1110, 0],
  [3, 0, -1, 0, -892, 3258],
  [2, 1, 1, 0, -810, 2616],
  [4, -1, -2, 0, 759, -1897],
  [0, 2, -1, 0, -713, -2117],
  [2, 2, -1, 0, -700, 2354],
];

// Meeus table 47.B: multiples of D, M, M', F and the coefficient of Σb (µdeg), largest terms.
const LATITUDE_TERMS: ReadonlyArray<readonly [number, number, number, number, number]> = [
  [0, 0, 0, 1, 5128122],
  [0, 0, 1, 1, 280602],
  [0, 0, 1, -1, 277693],
  [2, 0, 0, -1, 173237],
  [2, 0, -1, 1, 55413],
  [2, 0, -1, -1, 46271],
  [2, 0, 0, 1, 32573],
  [0, 0, 2, 1, 17198],
  [2, 0, 1, -1, 9266],
  [0, 0, 2, -1, 8822],
  [2, -1, 0, -1, 8216],
  [2, 0, -2, -1, 4324],
  [2, 0, 1, 1, 4200],
  [2, 1, 0, -1, -3359],
  [2, -1, -1, 1, 2463],
  [2, -1, 0, 1, 2211],
  [2, -1, -1, -1, 2065],
  [0, 1, -1, -1, -1870],
  [4, 0, -1, -1, 1828],
  [0, 1, 0, 1, -1794],
  [0, 0, 0, 3, -1749],
  [0, 1, -1, 1, -1565],
  [1, 0, 0, 1, -1491],
  [0, 1, 1, 1, -1475],
  [0, 1, 1, -1, -1410],
  [0, 1, 0, -1, -1344],
  [1, 0, 0, -1, -1335],
  [0, 0, 3, 1, 1107],
  [4, 0, 0, -1, 1021],
  [4, 0, -1, 1, 833],
  [0, 0, 1, -3, 777],
  [4, 0, -2, 1, 671],
  [2, 0, 0, -3, 607],
  [2, 0, 2, -1, 596],
  [2, -1, 1, -1, 491],
  [2, 0, -2, 1, -451],
  [0, 0, 3, -1, 439],
  [2, 0, 2, 1, 422],
  [2, 0, -3, -1, 421],
  [2, 1, -1, 1, -366],
  [2, 1, 0, 1, -351],
  [4, 0, 0, 1, 331],
  [2, -1, 1, 1, 315],
  [2, -2, 0, -1, 302],
  [0, 0, 1, 3, -283],
  [2, 1, 1, -1, -229],
  [1, 1, 0, -1, 223],
  [1, 1, 0, 1, 223],
  [0, 1, -2, -1, -220],
  [2, 1, -1, -1, -220],
  [1, 0, 1, 1, -185],
  [2, -1, -2, -1, 181],
  [0, 1, 2, 1, -177],
  [4, 0, -2, -1, 176],
  [4, -1, -1, -1, 166],
  [1, 0, 1, -1, -164],
  [4, 0, 1, -1, 132],
  [1, 0, -1, -1, -119],
  [4, -1, 0, -1, 115],
  [2, -2, 0, 1, 107],
];

/** The moon's geocentric apparent position (Meeus ch. 47, main terms; nutation in longitude approximated). */
export function moonPosition(time: Date): EquatorialPosition {
  const t = centuries(time);
  const meanLongitude = normalise(218.3164477 + 481267.88123421 * t - 0.0015786 * t * t);
  const elongation = normalise(297.8501921 + 445267.1114034 * t - 0.0018819 * t * t);
  const sunAnomaly = normalise(357.5291092 + 35999.0502909 * t - 0.0001536 * t * t);
  const moonAnomaly = normalise(134.9633964 + 477198.8675055 * t + 0.0087414 * t * t);
  const argumentOfLatitude = normalise(93.272095 + 483202.0175233 * t - 0.0036539 * t * t);
  const a1 = normalise(119.75 + 131.849 * t);
  const a2 = normalise(53.09 + 479264.29 * t);
  const a3 = normalise(313.45 + 481266.484 * t);
  // The sun's eccentricity decreases; terms with M are scaled by E (Meeus 47.6).
  const e = 1 - 0.002516 * t - 0.0000074 * t * t;
  const scale = (m: number) => (Math.abs(m) === 1 ? e : Math.abs(m) === 2 ? e * e : 1);

  let sumLongitude = 0;
  let sumDistance = 0;
  for (const [d, m, mp, f, l, r] of LONGITUDE_DISTANCE_TERMS) {
    const angle = d * elongation + m * sunAnomaly + mp * moonAnomaly + f * argumentOfLatitude;
    sumLongitude += l * scale(m) * sin(angle);
    sumDistance += r * scale(m) * cos(angle);
  }
  let sumLatitude = 0;
  for (const [d, m, mp, f, b] of LATITUDE_TERMS) {
    sumLatitude += b * scale(m) * sin(d * elongation + m * sunAnomaly + mp * moonAnomaly + f * argumentOfLatitude);
  }
  sumLongitude += 3958 * sin(a1) + 1962 * sin(meanLongitude - argumentOfLatitude) + 318 * sin(a2);
  sumLatitude +=
    -2235 * sin(meanLongitude) + 382 * sin(a3) + 175 * sin(a1 - argumentOfLatitude) + 175 * sin(a1 + argumentOfLatitude) + 127 * sin(meanLongitude - moonAnomaly) - 115 * sin(meanLongitude + moonAnomaly);

  const omega = 125.04452 - 1934.136261 * t;
  const nutationLongitude = (-17.2 * sin(omega) - 1.32 * sin(2 * (280.4665 + 36000.7698 * t)) - 0.23 * sin(2 * meanLongitude) + 0.21 * sin(2 * omega)) / 3600;
  const nutationObliquity = (9.2 * cos(omega) + 0.57 * cos(2 * (280.4665 + 36000.7698 * t)) + 0.1 * cos(2 * meanLongitude) - 0.09 * cos(2 * omega)) / 3600;
  const longitude = normalise(meanLongitude + sumLongitude / 1e6 + nutationLongitude);
  const latitude = sumLatitude / 1e6;
  const distanceKm = 385000.56 + sumDistance / 1000;
  return { ...toEquatorial(longitude, latitude, meanObliquity(t) + nutationObliquity), distanceKm, eclipticLongitude: longitude };
}

/** The moon's standard altitude at an instant (Meeus 15: 0.7275 × horizontal parallax − 0.5667°). */
function moonRiseSetAltitude(position: EquatorialPosition): number {
  const parallax = Math.asin(6378.14 / position.distanceKm) / RADIANS;
  return 0.7275 * parallax - 0.5667;
}

export type MoonPhaseName =
  | 'new-moon'
  | 'waxing-crescent'
  | 'first-quarter'
  | 'waxing-gibbous'
  | 'full-moon'
  | 'waning-gibbous'
  | 'last-quarter'
  | 'waning-crescent';

/**
 * The phase's name from the moon's elongation in longitude east of the sun, degrees. The four principal phases
 * are instants; a day is named after one when the moon is within 6.1° of it (half the 12.2° the moon gains on
 * the sun in a day), the days between after the quarter they lie in.
 */
export function moonPhaseName(elongationDegrees: number): MoonPhaseName {
  const angle = normalise(elongationDegrees);
  const near = (target: number) => Math.abs(((angle - target + 540) % 360) - 180) <= 6.1;
  if (near(0)) return 'new-moon';
  if (near(90)) return 'first-quarter';
  if (near(180)) return 'full-moon';
  if (near(270)) return 'last-quarter';
  if (angle < 90) return 'waxing-crescent';
  if (angle < 180) return 'waxing-gibbous';
  if (angle < 270) return 'waning-gibbous';
  return 'waning-crescent';
}

/** The moon at an instant: illuminated fraction (0–1, Meeus 48.1–48.3), elongation east of the sun, phase name. */
export function moonPhase(time: Date): { illuminatedFraction: number; elongationDegrees: number; name: MoonPhaseName } {
  const sun = sunPosition(time);
  const moon = moonPosition(time);
  const cosElongation =
    sin(sun.declination) * sin(moon.declination) + cos(sun.declination) * cos(moon.declination) * cos(sun.rightAscension - moon.rightAscension);
  const elongation = Math.acos(Math.max(-1, Math.min(1, cosElongation))) / RADIANS;
  const phaseAngle = Math.atan2(sun.distanceKm * sin(elongation), moon.distanceKm - sun.distanceKm * cos(elongation)) / RADIANS;
  const elongationInLongitude = normalise(moon.eclipticLongitude - sun.eclipticLongitude);
  return { illuminatedFraction: (1 + cos(phaseAngle)) / 2, elongationDegrees: elongationInLongitude, name: moonPhaseName(elongationInLongitude) };
}

/** What the stargazing drawer shows for a place and a night. Null: the event does not happen in the window. */
export interface NightSky {
  /** The Hong Kong calendar date the night begins on. */
  date: string;
  sunset: Date | null;
  /** End of astronomical twilight after that sunset. */
  astronomicalDusk: Date | null;
  /** The first moonrise and moonset from noon of `date` to noon of the next day (the night's moon). */
  moonrise: Date | null;
  moonset: Date | null;
  /** The moon at astronomical dusk (or at sunset + 90 min when the sun never gets that low, which Hong Kong never sees). */
  moonIlluminatedFraction: number;
  moonPhase: MoonPhaseName;
}

/** Tonight's sky at a place: `date` is the Hong Kong calendar day whose evening it is. */
export function nightSky(date: string, longitude: number, latitude: number): NightSky {
  const midnight = hongKongMidnight(date);
  const noon = new Date(midnight.getTime() + DAY_MS / 2);
  const nextNoon = new Date(noon.getTime() + DAY_MS);
  const sunHeight = (threshold: number) => (time: Date) => altitude(sunPosition(time), time, longitude, latitude) - threshold;
  const sunset = crossings(sunHeight(SUN_RISE_SET_ALTITUDE), noon, nextNoon).find((crossing) => !crossing.rising)?.time ?? null;
  const dusk = crossings(sunHeight(ASTRONOMICAL_DUSK_ALTITUDE), noon, nextNoon).find((crossing) => !crossing.rising)?.time ?? null;
  const moonHeight = (time: Date) => {
    const moon = moonPosition(time);
    return altitude(moon, time, longitude, latitude) - moonRiseSetAltitude(moon);
  };
  const moonEvents = crossings(moonHeight, noon, nextNoon);
  const phaseTime = dusk ?? (sunset ? new Date(sunset.getTime() + 90 * 60_000) : noon);
  const phase = moonPhase(phaseTime);
  return {
    date,
    sunset,
    astronomicalDusk: dusk,
    moonrise: moonEvents.find((event) => event.rising)?.time ?? null,
    moonset: moonEvents.find((event) => !event.rising)?.time ?? null,
    moonIlluminatedFraction: phase.illuminatedFraction,
    moonPhase: phase.name,
  };
}

/** Rising and setting of the sun or the moon within a window (tests compare them with published tables). */
export function riseSetEvents(body: 'sun' | 'moon', start: Date, end: Date, longitude: number, latitude: number): Array<{ time: Date; rising: boolean }> {
  if (body === 'sun') return crossings((time) => altitude(sunPosition(time), time, longitude, latitude) - SUN_RISE_SET_ALTITUDE, start, end);
  return crossings(
    (time) => {
      const moon = moonPosition(time);
      return altitude(moon, time, longitude, latitude) - moonRiseSetAltitude(moon);
    },
    start,
    end,
  );
}
