import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { stargazingResponseSchema } from '../../core/contracts/stargazing';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/stargazing/viewpoints', () => {
  it('lists eight viewpoints best first, each with the night’s sky in Hong Kong time', async () => {
    const response = await get('/mapviewer/api/stargazing/viewpoints?date=2008-09-15');
    expect(response.statusCode).toBe(200);
    const answer = stargazingResponseSchema.parse(response.json());
    expect(answer.date).toBe('2008-09-15');
    expect(answer.viewpoints).toHaveLength(8);
    const scores = answer.viewpoints.map((viewpoint) => viewpoint.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const viewpoint of answer.viewpoints) {
      expect(viewpoint.sky.sunset).toMatch(/^2008-09-15T18:[2-3]\d:00\+08:00$/);
      // The full moon of 15 September 2008 (HKO: 5.13pm) rose at about 6.16pm at the Observatory.
      expect(viewpoint.sky.moonrise).toMatch(/^2008-09-15T18:1\d:00\+08:00$/);
      expect(viewpoint.sky.moonPhase).toBe('full-moon');
      expect(viewpoint.sky.moonIlluminationPercent).toBeGreaterThan(99);
    }
    expect(answer.method).toContain('road junctions');
  });

  it('defaults to today in Hong Kong', async () => {
    const answer = stargazingResponseSchema.parse((await get('/mapviewer/api/stargazing/viewpoints')).json());
    expect(answer.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(answer.viewpoints.length).toBeGreaterThan(0);
  });

  it('answers a date that is not a day of the calendar with a 400 naming the parameter', async () => {
    for (const date of ['2026-02-30', '26-11-2026', '1800-01-01']) {
      const response = await get(`/mapviewer/api/stargazing/viewpoints?date=${date}`);
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json()).message).toMatch(/date/);
    }
  });
});
