import { describe, expect, it } from 'vitest';
import { hongKongDate, hongKongMidnight } from '../../core/contracts/sun';
import { moonPhase, moonPhaseName, nightSky, riseSetEvents } from './stargazingAstronomy';

/** The Hong Kong Observatory's headquarters in Tsim Sha Tsui, the place its published times are computed for. */
const HKO = { longitude: 114.1742, latitude: 22.3022 };

/** An HKT wall-clock time as an instant. */
const hkt = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
const minutesBetween = (a: Date, b: Date) => Math.abs(a.getTime() - b.getTime()) / 60_000;

function firstEvent(body: 'sun' | 'moon', rising: boolean, date: string): Date {
  const start = hongKongMidnight(date);
  const events = riseSetEvents(body, start, new Date(start.getTime() + 86_400_000), HKO.longitude, HKO.latitude);
  const event = events.find((candidate) => candidate.rising === rising);
  if (!event) throw new Error(`no ${body} ${rising ? 'rise' : 'set'} on ${date}`);
  return event.time;
}

describe('sun and moon against the Hong Kong Observatory’s published times', () => {
  // HKO press release "Partial solar eclipse on 15 January" (www.hko.gov.hk/en/press/pre20100104e.htm, 4 Jan 2010):
  // sunset at 6pm on 15 January 2010 (given to the minute, "6pm").
  it('sunset on 15 January 2010 within 2 minutes of 6.00pm', () => {
    expect(minutesBetween(firstEvent('sun', false, '2010-01-15'), hkt('2010-01-15', '18:00'))).toBeLessThan(2);
  });

  // HKO press release "Penumbral lunar eclipse in Hong Kong on January 11"
  // (www.info.gov.hk/gia/general/202001/02/P2020010200271.htm, 2 Jan 2020): moonrise 10 Jan 5.28pm,
  // sunrise 11 Jan 7.05am, moonset 11 Jan 7.20am.
  it('moonrise, sunrise and moonset of 10–11 January 2020 within 2 minutes', () => {
    expect(minutesBetween(firstEvent('moon', true, '2020-01-10'), hkt('2020-01-10', '17:28'))).toBeLessThan(2);
    expect(minutesBetween(firstEvent('sun', true, '2020-01-11'), hkt('2020-01-11', '07:05'))).toBeLessThan(2);
    expect(minutesBetween(firstEvent('moon', false, '2020-01-11'), hkt('2020-01-11', '07:20'))).toBeLessThan(2);
  });

  // HKO press release "Moon watching tips for Mid-Autumn Festival"
  // (www.info.gov.hk/gia/general/200809/12/P200809120159_print.htm, 12 Sep 2008): moonrise 13 Sep 5.06pm,
  // 14 Sep 5.41pm, 15 Sep 6.16pm; moonset 14 Sep 4.51am; full moon 15 Sep 2008 at 5.13pm.
  it('the Mid-Autumn moon of 2008: moonrises and a moonset within 2 minutes', () => {
    expect(minutesBetween(firstEvent('moon', true, '2008-09-13'), hkt('2008-09-13', '17:06'))).toBeLessThan(2);
    expect(minutesBetween(firstEvent('moon', true, '2008-09-14'), hkt('2008-09-14', '17:41'))).toBeLessThan(2);
    expect(minutesBetween(firstEvent('moon', true, '2008-09-15'), hkt('2008-09-15', '18:16'))).toBeLessThan(2);
    expect(minutesBetween(firstEvent('moon', false, '2008-09-14'), hkt('2008-09-14', '04:51'))).toBeLessThan(2);
  });

  it('full moon of 15 September 2008 5.13pm HKT: fully lit, elongation 180° within 0.5°', () => {
    const phase = moonPhase(hkt('2008-09-15', '17:13'));
    expect(phase.illuminatedFraction).toBeGreaterThan(0.995);
    expect(Math.abs(phase.elongationDegrees - 180)).toBeLessThan(0.5);
    expect(phase.name).toBe('full-moon');
  });

  // USNO "Phases of the Moon" (aa.usno.navy.mil/data/MoonPhases), 2024: new moon 8 April 18:21 UT (the total
  // solar eclipse of North America).
  it('new moon of 8 April 2024 18:21 UT: dark, elongation 0° within 0.5°', () => {
    const phase = moonPhase(new Date('2024-04-08T18:21:00Z'));
    expect(phase.illuminatedFraction).toBeLessThan(0.002);
    expect(Math.min(phase.elongationDegrees, 360 - phase.elongationDegrees)).toBeLessThan(0.5);
    expect(phase.name).toBe('new-moon');
  });

  it('a week after that new moon the moon is near first quarter, about half lit and waxing', () => {
    const phase = moonPhase(new Date('2024-04-15T19:13:00Z'));
    expect(phase.name).toBe('first-quarter');
    expect(phase.illuminatedFraction).toBeGreaterThan(0.45);
    expect(phase.illuminatedFraction).toBeLessThan(0.55);
  });
});

describe('nightSky', () => {
  it('gives a night’s events in order: sunset, then astronomical dusk 70–90 minutes later', () => {
    const night = nightSky('2024-06-21', HKO.longitude, HKO.latitude);
    expect(night.sunset).not.toBeNull();
    // Sunset around 7.10pm at the June solstice in Hong Kong.
    expect(minutesBetween(night.sunset!, hkt('2024-06-21', '19:11'))).toBeLessThan(5);
    const twilight = (night.astronomicalDusk!.getTime() - night.sunset!.getTime()) / 60_000;
    expect(twilight).toBeGreaterThan(70);
    expect(twilight).toBeLessThan(90);
  });

  it('finds the night’s moonrise of the full moon of 15 September 2008 and calls the night full moon', () => {
    const night = nightSky('2008-09-15', HKO.longitude, HKO.latitude);
    expect(minutesBetween(night.moonrise!, hkt('2008-09-15', '18:16'))).toBeLessThan(2);
    expect(night.moonPhase).toBe('full-moon');
  });
});

describe('phase names and dates', () => {
  it('names the principal phases within 6.1° and the days between after their quarter', () => {
    expect(moonPhaseName(3)).toBe('new-moon');
    expect(moonPhaseName(357)).toBe('new-moon');
    expect(moonPhaseName(45)).toBe('waxing-crescent');
    expect(moonPhaseName(94)).toBe('first-quarter');
    expect(moonPhaseName(130)).toBe('waxing-gibbous');
    expect(moonPhaseName(185)).toBe('full-moon');
    expect(moonPhaseName(220)).toBe('waning-gibbous');
    expect(moonPhaseName(268)).toBe('last-quarter');
    expect(moonPhaseName(300)).toBe('waning-crescent');
  });

  it('reads the Hong Kong calendar date, which turns at 16:00 UTC', () => {
    expect(hongKongDate(new Date('2026-11-26T15:59:00Z'))).toBe('2026-11-26');
    expect(hongKongDate(new Date('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
    expect(hongKongMidnight('2026-11-27').toISOString()).toBe('2026-11-26T16:00:00.000Z');
  });
});
