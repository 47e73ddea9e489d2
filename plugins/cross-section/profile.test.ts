import { describe, expect, it } from 'vitest';
import { buildingName, formatLine, lineProblem, loadProfile, parseLine, profileUrl, type FetchProfile } from './profile';
import { syntheticProfile } from './testProfile';

const answer = (status: number, body: unknown): FetchProfile => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the line as text', () => {
  it('writes and reads lon,lat;lon,lat', () => {
    const points = [
      { longitude: 114.1234567, latitude: 22.4102 },
      { longitude: 114.13, latitude: 22.42 },
    ];
    expect(formatLine(points)).toBe('114.123457,22.410200;114.130000,22.420000');
    expect(parseLine(formatLine(points))).toEqual([
      { longitude: 114.123457, latitude: 22.4102 },
      { longitude: 114.13, latitude: 22.42 },
    ]);
  });

  it.each(['114,22', '114,22;', '114,22;abc,22', '114,22;114,95', '114,22;114', ''])('refuses %j', (text) => {
    expect(parseLine(text)).toBeNull();
  });

  it('builds the request under the API base', () => {
    expect(profileUrl('/mapviewer/api/', [{ longitude: 114, latitude: 22 }, { longitude: 114.01, latitude: 22 }])).toBe(
      '/mapviewer/api/analysis/profile?line=114.000000%2C22.000000%3B114.010000%2C22.000000&spacing=5',
    );
  });
});

describe('line problems before asking', () => {
  it('needs 2 to 100 points at different places, at most 20 km long', () => {
    const many = Array.from({ length: 101 }, (_, index) => ({ longitude: 114 + index * 0.0001, latitude: 22.3 }));
    expect(lineProblem(many)).toEqual({ id: 'cross-section.problem.tooManyPoints', values: { count: 101, limit: 100 } });
    expect(lineProblem([{ longitude: 114, latitude: 22.3 }])?.id).toBe('cross-section.problem.tooFewPoints');
    expect(lineProblem([{ longitude: 114, latitude: 22.3 }, { longitude: 114, latitude: 22.3 }])?.id).toBe('cross-section.problem.zeroLength');
    // 0.2° of longitude at 22.3° N is about 20.6 km.
    expect(lineProblem([{ longitude: 114, latitude: 22.3 }, { longitude: 114.2, latitude: 22.3 }])).toEqual({
      id: 'cross-section.problem.tooLong',
      values: { length: '20.6', limit: 20 },
    });
    expect(lineProblem([{ longitude: 114, latitude: 22.3 }, { longitude: 114.19, latitude: 22.3 }])).toBeNull();
  });
});

describe('loading the profile', () => {
  it('gives the profile the engine answers', async () => {
    expect(await loadProfile(answer(200, syntheticProfile()), '/x')).toEqual({ profile: syntheticProfile() });
  });

  it("shows the endpoint's own sentence for a refused line", async () => {
    const outcome = await loadProfile(answer(400, { error: 'Bad Request', field: 'line', message: 'line: at most 20000 m long (got 25000 m)' }), '/x');
    expect(outcome).toEqual({ problem: { id: 'cross-section.problem.rejected', values: { message: 'line: at most 20000 m long (got 25000 m)' } } });
  });

  it('says the service failed, is missing or did not answer', async () => {
    expect(await loadProfile(answer(500, { error: 'Internal Server Error', message: 'x' }), '/x')).toEqual({ problem: { id: 'cross-section.problem.server', values: { status: 500 } } });
    expect(await loadProfile(answer(404, { error: 'Not Found', message: 'x' }), '/x')).toEqual({ problem: { id: 'cross-section.problem.unavailable' } });
    expect(await loadProfile(answer(503, { error: 'Service Unavailable', message: 'The DTM is not installed' }), '/x')).toEqual({ problem: { id: 'cross-section.problem.unavailable' } });
    expect(await loadProfile(answer(200, { lengthMetres: 'far' }), '/x')).toEqual({ problem: { id: 'cross-section.problem.server', values: { status: 200 } } });
    const offline: FetchProfile = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await loadProfile(offline, '/x')).toEqual({ problem: { id: 'cross-section.problem.network' } });
  });

  it('says so when no sample has a height (out at sea, beyond the DEM)', async () => {
    const profile = syntheticProfile();
    profile.samples = profile.samples.map((sample) => ({ ...sample, groundMetres: null, roofMetres: null }));
    expect(await loadProfile(answer(200, profile), '/x')).toEqual({ problem: { id: 'cross-section.problem.noData' } });
  });

  it('passes an abort on', async () => {
    const aborted: FetchProfile = async () => {
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(loadProfile(aborted, '/x')).rejects.toThrow('aborted');
  });
});

describe('building names', () => {
  it('reads the page language first, then the other', () => {
    expect(buildingName({ en: 'Bank of China Tower', zh: '中銀大廈' }, 'en-US')).toBe('Bank of China Tower');
    expect(buildingName({ en: 'Bank of China Tower', zh: '中銀大廈' }, 'zh-CN')).toBe('中銀大廈');
    expect(buildingName({ en: null, zh: '中銀大廈' }, 'en-US')).toBe('中銀大廈');
    expect(buildingName({ en: 'Bank of China Tower', zh: ' ' }, 'zh-HK')).toBe('Bank of China Tower');
    expect(buildingName(null, 'en-US')).toBeNull();
    expect(buildingName({ en: null, zh: null }, 'en-US')).toBeNull();
  });
});
