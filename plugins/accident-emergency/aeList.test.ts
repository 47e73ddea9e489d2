import { describe, expect, it } from 'vitest';
import { dashedSegments, drivingKilometres, drivingMinutes, sortRows, type HospitalRow } from './aeList';

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

  it('cuts an access leg into dashes along the straight line, about one per 15 m', () => {
    const from = [114.17, 22.3] as const;
    const to = [114.171, 22.3] as const;
    // 0.001° of longitude at 22.3° N is about 103 m.
    const length = 103;
    const dashes = dashedSegments(from, to, length);
    expect(dashes).toHaveLength(Math.round(length / 15));
    expect(dashes[0][0]).toEqual(from);
    // Gaps between dashes: each dash ends before the next starts, and the last stops short of the end.
    for (let i = 1; i < dashes.length; i += 1) expect(dashes[i][0][0]).toBeGreaterThan(dashes[i - 1][1][0]);
    expect(dashes.at(-1)![1][0]).toBeLessThan(to[0]);
    expect(dashedSegments(from, from, 0)).toHaveLength(3);
  });
});
