/**
 * The sun's position, shared by the server (stargazing's sunset and dusk) and the client (the shadow view's sun
 * light), pure and without Cesium. Written from the NOAA solar calculator's equations (after Meeus, "Astronomical
 * Algorithms", ch. 25, low accuracy: about 0.01° in position, well under a minute in sunrise and sunset).
 * Times are instants (Date); Hong Kong time (HKT) is UTC+8 all year (no daylight saving since 1979).
 * Angles are degrees; azimuth is clockwise from true north (90° = east), elevation above the horizon.
 */

export const RADIANS = Math.PI / 180;
export const DAY_MS = 86_400_000;
/** Hong Kong time is UTC+8 all year. */
export const HONG_KONG_OFFSET_HOURS = 8;
const HONG_KONG_OFFSET_MS = HONG_KONG_OFFSET_HOURS * 3_600_000;

export const sinDegrees = (degrees: number) => Math.sin(degrees * RADIANS);
export const cosDegrees = (degrees: number) => Math.cos(degrees * RADIANS);
export const normaliseDegrees = (degrees: number) => ((degrees % 360) + 360) % 360;

/** Julian day of an instant (Unix epoch = JD 2440587.5). UT is taken as TT: the 69 s between them move the moon under 0.01°. */
export function julianDay(time: Date): number {
  return time.getTime() / DAY_MS + 2440587.5;
}

/** Julian centuries since J2000.0. */
export function julianCenturies(time: Date): number {
  return (julianDay(time) - 2451545) / 36525;
}

/** A body's place on the sky: right ascension and declination, degrees, and its distance, km. */
export interface EquatorialPosition {
  rightAscension: number;
  declination: number;
  distanceKm: number;
  /** Apparent ecliptic longitude, degrees (the moon's phase reads the difference of the sun's and the moon's). */
  eclipticLongitude: number;
}

/** Mean obliquity of the ecliptic, degrees (Meeus 22.2), `t` in Julian centuries. */
export function meanObliquity(t: number): number {
  return 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
}

/** Ecliptic longitude and latitude → right ascension and declination, degrees. */
export function toEquatorial(longitude: number, latitude: number, obliquity: number): { rightAscension: number; declination: number } {
  const rightAscension = normaliseDegrees(
    Math.atan2(sinDegrees(longitude) * cosDegrees(obliquity) - Math.tan(latitude * RADIANS) * sinDegrees(obliquity), cosDegrees(longitude)) / RADIANS,
  );
  const declination = Math.asin(sinDegrees(latitude) * cosDegrees(obliquity) + cosDegrees(latitude) * sinDegrees(obliquity) * sinDegrees(longitude)) / RADIANS;
  return { rightAscension, declination };
}

/** The sun's apparent position (NOAA / Meeus ch. 25). */
export function sunPosition(time: Date): EquatorialPosition {
  const t = julianCenturies(time);
  const meanLongitude = normaliseDegrees(280.46646 + t * (36000.76983 + t * 0.0003032));
  const meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t);
  const eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const centre =
    sinDegrees(meanAnomaly) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    sinDegrees(2 * meanAnomaly) * (0.019993 - 0.000101 * t) +
    sinDegrees(3 * meanAnomaly) * 0.000289;
  const trueLongitude = meanLongitude + centre;
  const trueAnomaly = meanAnomaly + centre;
  const distanceAu = (1.000001018 * (1 - eccentricity * eccentricity)) / (1 + eccentricity * cosDegrees(trueAnomaly));
  const omega = 125.04 - 1934.136 * t;
  const apparentLongitude = trueLongitude - 0.00569 - 0.00478 * sinDegrees(omega);
  const obliquity = meanObliquity(t) + 0.00256 * cosDegrees(omega);
  return { ...toEquatorial(apparentLongitude, 0, obliquity), distanceKm: distanceAu * 149_597_870.7, eclipticLongitude: normaliseDegrees(apparentLongitude) };
}

/** Greenwich mean sidereal time, degrees (Meeus 12.4). */
export function siderealTime(time: Date): number {
  const jd = julianDay(time);
  const t = (jd - 2451545) / 36525;
  return normaliseDegrees(280.46061837 + 360.98564736629 * (jd - 2451545) + t * t * (0.000387933 - t / 38710000));
}

/** Altitude of a body's centre above the horizon, degrees, seen from a place (geocentric; no refraction). */
export function altitude(position: EquatorialPosition, time: Date, longitude: number, latitude: number): number {
  const hourAngle = siderealTime(time) + longitude - position.rightAscension;
  return (
    Math.asin(sinDegrees(latitude) * sinDegrees(position.declination) + cosDegrees(latitude) * cosDegrees(position.declination) * cosDegrees(hourAngle)) /
    RADIANS
  );
}

/**
 * Atmospheric refraction near the horizon, degrees, to add to a true elevation (the NOAA calculator's
 * piecewise formula after Bennett / Saemundsson): 0 above 85°, about 0.48° at the horizon.
 */
export function refractionDegrees(trueElevation: number): number {
  if (trueElevation > 85) return 0;
  const tangent = Math.tan(trueElevation * RADIANS);
  let arcSeconds: number;
  if (trueElevation > 5) arcSeconds = 58.1 / tangent - 0.07 / tangent ** 3 + 0.000086 / tangent ** 5;
  else if (trueElevation > -0.575) arcSeconds = 1735 + trueElevation * (-518.2 + trueElevation * (103.4 + trueElevation * (-12.79 + trueElevation * 0.711)));
  else arcSeconds = -20.772 / tangent;
  return arcSeconds / 3600;
}

/** Where the sun stands seen from a place: degrees; `elevation` is apparent (with refraction), as the NOAA calculator gives it. */
export interface SunHorizontal {
  /** Clockwise from true north, 0–360°. */
  azimuth: number;
  /** Apparent elevation of the sun's centre above the horizon (refraction added), −90…90°. */
  elevation: number;
  /** Elevation without refraction: what the light's geometry uses. */
  trueElevation: number;
}

/** The sun's azimuth and elevation at an instant from a place (longitude east, latitude north, degrees). */
export function sunHorizontal(time: Date, longitude: number, latitude: number): SunHorizontal {
  const sun = sunPosition(time);
  const hourAngle = siderealTime(time) + longitude - sun.rightAscension;
  const trueElevation = altitude(sun, time, longitude, latitude);
  // Azimuth from the hour angle (Meeus 13.5, measured from the south) turned to be clockwise from the north.
  const fromSouth = Math.atan2(
    sinDegrees(hourAngle),
    cosDegrees(hourAngle) * sinDegrees(latitude) - Math.tan(sun.declination * RADIANS) * cosDegrees(latitude),
  );
  return { azimuth: normaliseDegrees(fromSouth / RADIANS + 180), elevation: trueElevation + refractionDegrees(trueElevation), trueElevation };
}

/**
 * Unit vector from the Earth's centre toward the sun in the Earth-fixed frame (ECEF: x through 0°E on the
 * equator, z through the north pole) — the same everywhere on the map, which is what a directional light needs.
 */
export function sunDirectionEarthFixed(time: Date): { x: number; y: number; z: number } {
  const sun = sunPosition(time);
  const greenwichHourAngle = siderealTime(time) - sun.rightAscension;
  // The sun's longitude in the Earth-fixed frame is minus its Greenwich hour angle.
  return {
    x: cosDegrees(sun.declination) * cosDegrees(-greenwichHourAngle),
    y: cosDegrees(sun.declination) * sinDegrees(-greenwichHourAngle),
    z: sinDegrees(sun.declination),
  };
}

/** Standard altitude of the sun at rising and setting: 34′ of refraction and a 16′ semi-diameter below the horizon. */
export const SUN_RISE_SET_ALTITUDE = -0.8333;
/** Astronomical twilight ends when the sun is 18° below the horizon: the sky is as dark as it gets. */
export const ASTRONOMICAL_DUSK_ALTITUDE = -18;

/** A height above a threshold as a function of time; its sign changes are risings and settings. */
export type AltitudeAboveThreshold = (time: Date) => number;

/** Every instant in [start, end) where `height` changes sign: rising (− to +) or setting (+ to −), to the second. */
export function crossings(height: AltitudeAboveThreshold, start: Date, end: Date): Array<{ time: Date; rising: boolean }> {
  // Ten-minute steps: neither the sun nor the moon crosses the same altitude twice within ten minutes at Hong Kong's latitude.
  const stepMs = 10 * 60_000;
  const found: Array<{ time: Date; rising: boolean }> = [];
  let previousTime = start.getTime();
  let previous = height(start);
  for (let time = previousTime + stepMs; time <= end.getTime(); time += stepMs) {
    const current = height(new Date(time));
    if (previous < 0 !== current < 0) {
      let low = previousTime;
      let high = time;
      while (high - low > 1000) {
        const middle = (low + high) / 2;
        if (height(new Date(middle)) < 0 === previous < 0) low = middle;
        else high = middle;
      }
      found.push({ time: new Date(Math.round((low + high) / 2)), rising: previous < 0 });
    }
    previousTime = time;
    previous = current;
  }
  return found;
}

/** Midnight starting the Hong Kong calendar day `date` (YYYY-MM-DD), as an instant. */
export function hongKongMidnight(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day) - HONG_KONG_OFFSET_MS);
}

/** The Hong Kong calendar date of an instant, YYYY-MM-DD. */
export function hongKongDate(now: Date): string {
  return new Date(now.getTime() + HONG_KONG_OFFSET_MS).toISOString().slice(0, 10);
}

/** Sunrise and sunset of a Hong Kong calendar day at a place; null when the sun does not rise or set that day. */
export function sunriseSunset(date: string, longitude: number, latitude: number): { sunrise: Date | null; sunset: Date | null } {
  const start = hongKongMidnight(date);
  const events = crossings((time) => altitude(sunPosition(time), time, longitude, latitude) - SUN_RISE_SET_ALTITUDE, start, new Date(start.getTime() + DAY_MS));
  return { sunrise: events.find((event) => event.rising)?.time ?? null, sunset: events.find((event) => !event.rising)?.time ?? null };
}
