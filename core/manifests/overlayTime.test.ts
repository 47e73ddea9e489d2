import { describe, expect, it } from 'vitest';
import { overlayManifestSchema } from './schemas';
import { formatProblem, validateManifests } from './validate';

const base = {
  $schema: '../manifest.schema.json#/definitions/overlay',
  id: 'series',
  mode: 'GEOJSON',
  name: { 'en-US': 'Series', 'zh-HK': '序列', 'zh-CN': '序列' },
  url: '/series.json',
};
const time = { property: 'observedAt', groupProperty: 'stationId', start: '2025-09-07T22:43:00+08:00', end: '2025-09-08T00:57:00+08:00' };

describe('overlay manifest `time` (a time-aware overlay)', () => {
  it('accepts a series and defaults its step to a minute', () => {
    expect(overlayManifestSchema.parse({ ...base, time }).time).toEqual({ ...time, stepSeconds: 60 });
  });

  it('refuses a bad `time` with a message naming the field', () => {
    const problem = (bad: unknown) => {
      const { problems } = validateManifests([{ file: 'manifests/overlays/series.json', json: { ...base, time: bad } }], 'overlay');
      const errors = problems.filter((found) => found.severity === 'error');
      expect(errors.map((error) => formatProblem(error))).toEqual([expect.any(String)]);
      return formatProblem(errors[0]);
    };
    expect(problem({ ...time, start: '2025-09-07 22:43' })).toMatch(/time\.start.*ISO 8601 date-time with a UTC offset/);
    expect(problem({ ...time, end: '2025-09-07T20:00:00+08:00' })).toMatch(/time\.end.*"end" at or after "start"/);
    expect(problem({ ...time, property: '' })).toMatch(/time\.property.*observation time/);
    expect(problem({ ...time, stepSeconds: -5 })).toMatch(/time\.stepSeconds/);
    expect(problem({ ...time, colour: 'red' })).toMatch(/time.*colour/);
  });
});
