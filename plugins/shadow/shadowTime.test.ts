import { describe, expect, it } from 'vitest';
import { formatHongKongClock, formatLinkTime, fromInstant, isCalendarDate, linkTimeSchema, sunReport, toInstant } from './shadowTime';

describe('Hong Kong time for the shadow view', () => {
  it('names the instant of an HKT date and time (UTC+8)', () => {
    expect(toInstant({ date: '2026-06-21', minutes: 9 * 60 }).toISOString()).toBe('2026-06-21T01:00:00.000Z');
    expect(toInstant({ date: '2026-12-21', minutes: 15 * 60 + 45 }).toISOString()).toBe('2026-12-21T07:45:00.000Z');
  });

  it('reads an instant back as an HKT date and time on the 15-minute grid, across midnight', () => {
    expect(fromInstant(new Date('2026-06-21T01:08:00Z'))).toEqual({ date: '2026-06-21', minutes: 9 * 60 + 15 });
    expect(fromInstant(new Date('2026-06-21T15:53:00Z'))).toEqual({ date: '2026-06-22', minutes: 0 });
    expect(fromInstant(new Date('2026-06-20T16:05:00Z'))).toEqual({ date: '2026-06-21', minutes: 0 });
  });

  it('formats HKT clock times whatever the machine’s time zone', () => {
    expect(formatHongKongClock(new Date('2026-06-20T21:39:40Z'))).toBe('05:40');
  });

  it('refuses dates that do not exist', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
  });
});

describe('the share-link time', () => {
  it('round-trips through its text', () => {
    const time = { date: '2026-12-21', minutes: 15 * 60 };
    expect(linkTimeSchema.parse(formatLinkTime(time))).toEqual(time);
    expect(formatLinkTime({ date: '2026-06-21', minutes: 9 * 60 })).toBe('2026-06-21T09:00');
  });

  it.each([
    ['2026-06-21 09:00', 'YYYY-MM-DDTHH:MM'],
    ['2026-02-30T09:00', 'not a calendar date'],
    ['2026-06-21T24:00', 'not a time of day'],
    ['2026-06-21T09:10', 'multiple of 15'],
  ])('refuses %s, saying %s', (text, message) => {
    const result = linkTimeSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});

describe('the sun the panel shows', () => {
  it('is up with its morning azimuth at 9:00 and down at 21:00 on the winter solstice', () => {
    const morning = sunReport({ date: '2026-12-21', minutes: 9 * 60 });
    expect(morning.up).toBe(true);
    expect(morning.azimuth).toBeGreaterThan(120);
    expect(morning.azimuth).toBeLessThan(150);
    const evening = sunReport({ date: '2026-12-21', minutes: 21 * 60 });
    expect(evening.up).toBe(false);
    expect(evening.elevation).toBeLessThan(0);
    expect(formatHongKongClock(evening.sunrise!)).toMatch(/^(06:5\d|07:0\d)$/);
    expect(formatHongKongClock(evening.sunset!)).toMatch(/^17:4\d$/);
  });
});
