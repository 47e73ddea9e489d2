import { describe, expect, it } from 'vitest';
import { drivingKilometres, drivingMinutes, sortRows, type HospitalRow } from './aeList';

const row = (key: string, waitMinutes: number | null, arrivalAt: number | null): HospitalRow => ({
  key,
  name: { 'en-US': key, 'zh-HK': key, 'zh-CN': key },
  waitMinutes,
  resuscitationInProgress: false,
  drivingMetres: arrivalAt === null ? null : 1000,
  drivingSeconds: arrivalAt === null ? null : 60,
  arrivalAt,
  reach: arrivalAt === null ? 'unreachable' : 'reached',
});

describe('A&E list', () => {
  it('sorts by estimated arrival or by waiting time, rows without the figure last', () => {
    const rows = [row('b', 30, 5000), row('a', 200, 2000), row('c', null, null), row('d', 10, 9000)];
    expect(sortRows(rows, 'arrival').map((r) => r.key)).toEqual(['a', 'b', 'd', 'c']);
    expect(sortRows(rows, 'wait').map((r) => r.key)).toEqual(['d', 'b', 'a', 'c']);
  });

  it('rounds drives for display', () => {
    expect(drivingMinutes(20)).toBe(1);
    expect(drivingMinutes(150)).toBe(3);
    expect(drivingKilometres(870)).toBe('0.9');
    expect(drivingKilometres(18_542)).toBe('19');
  });

});
