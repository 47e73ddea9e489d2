import { describe, expect, it } from 'vitest';
import { hongKongDate, hongKongMidnight, sunDirectionEarthFixed, sunHorizontal, sunriseSunset } from './sun';

/** The Hong Kong Observatory's headquarters in Tsim Sha Tsui, the place its published times are computed for. */
const HKO = { longitude: 114.1742, latitude: 22.3022 };
/** An HKT wall-clock time as an instant. */
const hkt = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
const minutesBetween = (a: Date | null, b: Date) => (a ? Math.abs(a.getTime() - b.getTime()) / 60_000 : Number.POSITIVE_INFINITY);
const at = (date: string, time: string) => sunHorizontal(hkt(date, time), HKO.longitude, HKO.latitude);

describe('sun azimuth and elevation against published values for Hong Kong', () => {
  // HKO press release "Partial solar eclipse in Hong Kong on June 21" (www.info.gov.hk/gia/general/202006/11/
  // P2020061100465.htm, 11 Jun 2020): the sun at 2.37pm elevation 60°, azimuth 279°; 4.08pm 39°, 283°;
  // 5.25pm 22°, 287° (whole degrees, so within 1°).
  it.each([
    ['14:37', 60, 279],
    ['16:08', 39, 283],
    ['17:25', 22, 287],
  ])('21 June 2020 %s HKT: elevation %i°, azimuth %i° within 1°', (time, elevation, azimuth) => {
    const sun = at('2020-06-21', time);
    expect(Math.abs(sun.elevation - elevation)).toBeLessThan(1);
    expect(Math.abs(sun.azimuth - azimuth)).toBeLessThan(1);
  });

  // At the solstices the sun's declination is ±ε (23.44° in 2026), so at its transit it stands at 90° − |φ − δ|:
  // 88.9° almost overhead, to the north, on 21 June and 44.3° to the south on 21 December at 22.30°N.
  it('culminates at 90° − |φ − δ| at the solstices of 2026: 88.9° to the north in June, 44.3° to the south in December', () => {
    const highest = (date: string) => {
      const samples = Array.from({ length: 24 * 60 }, (_, minute) => sunHorizontal(new Date(hongKongMidnight(date).getTime() + minute * 60_000), HKO.longitude, HKO.latitude));
      return samples.reduce((best, sample) => (sample.trueElevation > best.trueElevation ? sample : best));
    };
    const june = highest('2026-06-21');
    expect(Math.abs(june.trueElevation - (90 - Math.abs(22.3022 - 23.436)))).toBeLessThan(0.05);
    expect(Math.min(june.azimuth, 360 - june.azimuth)).toBeLessThan(10);
    const december = highest('2026-12-21');
    expect(Math.abs(december.trueElevation - (90 - 22.3022 - 23.436))).toBeLessThan(0.05);
    expect(Math.abs(december.azimuth - 180)).toBeLessThan(1);
  });

  it('rises in the east-northeast and sets in the west-northwest in June, the reverse tilt in December', () => {
    expect(at('2026-06-21', '06:00').azimuth).toBeGreaterThan(60);
    expect(at('2026-06-21', '06:00').azimuth).toBeLessThan(70);
    expect(at('2026-12-21', '17:30').azimuth).toBeGreaterThan(240);
    expect(at('2026-12-21', '17:30').azimuth).toBeLessThan(250);
    // Below the horizon at midnight, morning sun in the east, afternoon sun in the west.
    expect(at('2026-12-21', '00:00').elevation).toBeLessThan(-40);
    expect(at('2026-12-21', '09:00').azimuth).toBeLessThan(180);
    expect(at('2026-12-21', '15:00').azimuth).toBeGreaterThan(180);
  });

  it('points the Earth-fixed sun direction where the local azimuth and elevation say', () => {
    const time = hkt('2026-12-21', '15:00');
    const direction = sunDirectionEarthFixed(time);
    expect(Math.hypot(direction.x, direction.y, direction.z)).toBeCloseTo(1, 9);
    // East-north-up at Hong Kong from the Earth-fixed vector gives back the same azimuth and (geocentric) elevation.
    const lon = (HKO.longitude * Math.PI) / 180;
    const lat = (HKO.latitude * Math.PI) / 180;
    const east = -Math.sin(lon) * direction.x + Math.cos(lon) * direction.y;
    const north = -Math.sin(lat) * Math.cos(lon) * direction.x - Math.sin(lat) * Math.sin(lon) * direction.y + Math.cos(lat) * direction.z;
    const up = Math.cos(lat) * Math.cos(lon) * direction.x + Math.cos(lat) * Math.sin(lon) * direction.y + Math.sin(lat) * direction.z;
    const local = sunHorizontal(time, HKO.longitude, HKO.latitude);
    expect((((Math.atan2(east, north) * 180) / Math.PI + 360) % 360) - local.azimuth).toBeCloseTo(0, 3);
    expect((Math.asin(up) * 180) / Math.PI - local.trueElevation).toBeCloseTo(0, 3);
  });
});

describe('sunrise and sunset against published times', () => {
  // HKO press release "Penumbral lunar eclipse in Hong Kong on January 11" (www.info.gov.hk/gia/general/202001/02/
  // P2020010200271.htm): sunrise 11 January 2020 at 7.05am.
  it('sunrise of 11 January 2020 within 2 minutes of 7.05am', () => {
    expect(minutesBetween(sunriseSunset('2020-01-11', HKO.longitude, HKO.latitude).sunrise, hkt('2020-01-11', '07:05'))).toBeLessThan(2);
  });

  // HKO press release "Partial solar eclipse on 15 January" (www.hko.gov.hk/en/press/pre20100104e.htm): sunset 6pm.
  it('sunset of 15 January 2010 within 2 minutes of 6.00pm', () => {
    expect(minutesBetween(sunriseSunset('2010-01-15', HKO.longitude, HKO.latitude).sunset, hkt('2010-01-15', '18:00'))).toBeLessThan(2);
  });

  // Hong Kong (22.32°N, 114.17°E) sunrise and sunset on the 1st of each month, whattime.city/hong-kong/sun (a
  // third-party almanac, read in 2026; the HKO publishes its own tables in its yearly Almanac; on a given date the
  // times move by under a minute from one year to the next): 1 June 05:40 and 19:04, 1 December 06:47 and 17:39.
  it.each([
    ['2026-06-01', '05:40', '19:04'],
    ['2026-12-01', '06:47', '17:39'],
  ])('%s: sunrise %s and sunset %s within 2 minutes', (date, sunrise, sunset) => {
    const day = sunriseSunset(date, 114.17, 22.32);
    expect(minutesBetween(day.sunrise, hkt(date, sunrise))).toBeLessThan(2);
    expect(minutesBetween(day.sunset, hkt(date, sunset))).toBeLessThan(2);
  });

  it('gives the Hong Kong calendar date of an instant across UTC midnight', () => {
    expect(hongKongDate(new Date('2026-06-20T16:30:00Z'))).toBe('2026-06-21');
    expect(hongKongMidnight('2026-06-21').toISOString()).toBe('2026-06-20T16:00:00.000Z');
  });
});
