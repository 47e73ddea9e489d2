import { describe, expect, it } from 'vitest';
import { formatProblem, hasErrors, validateManifests } from './validate';
import { overlayManifestSchema } from './schemas';

const schemaRef = '../manifest.schema.json#/definitions/overlay';

function temperature(overrides: Record<string, unknown> = {}) {
  return {
    $schema: schemaRef,
    id: 'temperature',
    mode: 'GEOJSON',
    name: { 'en-US': 'Temperature', 'zh-HK': '氣溫', 'zh-CN': '气温' },
    url: '/mapviewer/api/realtime/temperature?timestamp={timestamp}',
    realtime: { enabled: true, intervalMs: 120000, redraw: true },
    ...overrides,
  };
}

describe('overlayManifestSchema', () => {
  it('applies the documented defaults', () => {
    const parsed = overlayManifestSchema.parse(temperature({ cluster: { enabled: true } }));
    expect(parsed.show).toBe(false);
    expect(parsed.minimiseDrawer).toBe(false);
    expect(parsed.hasDisclaimer).toBe(false);
    expect(parsed.subLayers).toEqual([]);
    expect(parsed.cluster).toEqual({ enabled: true, pixelRange: 75, minimumClusterSize: 3, flyToMaximumHeightMeters: 3230 });
  });

  it('accepts a URL builder id instead of a template', () => {
    expect(overlayManifestSchema.safeParse(temperature({ url: { builder: 'uav-zones' } })).success).toBe(true);
  });
});

describe('validateManifests', () => {
  it('returns the valid manifests and collects every problem of every file', () => {
    const result = validateManifests(
      [
        { file: 'manifests/overlays/temperature.json', json: temperature() },
        {
          file: 'manifests/overlays/aqhi.json',
          json: temperature({ id: 'aqhi', realtime: { intervalMs: 10 }, colour: 'red', mode: 'KML' }),
        },
        { file: 'manifests/overlays/broken.json', json: 'not an object' },
      ],
      'overlay',
    );
    expect(result.valid.map((entry) => entry.manifest.id)).toEqual(['temperature']);
    const lines = result.problems.map((problem) => formatProblem(problem));
    expect(lines).toContain('manifests/overlays/aqhi.json: realtime.intervalMs: expected number ≥ 1000');
    expect(lines).toContain('manifests/overlays/aqhi.json: colour: unknown key');
    expect(lines.some((line) => line.startsWith('manifests/overlays/aqhi.json: mode: '))).toBe(true);
    expect(lines).toContain('manifests/overlays/broken.json: (root): expected a JSON object');
    expect(hasErrors(result.problems)).toBe(true);
  });

  it('reports a duplicate id against the later file', () => {
    const result = validateManifests(
      [
        { file: 'a/temperature.json', json: temperature() },
        { file: 'b/temperature.json', json: temperature() },
      ],
      'overlay',
    );
    expect(result.valid).toHaveLength(1);
    expect(result.problems).toEqual([
      { file: 'b/temperature.json', path: 'id', message: 'duplicate id "temperature" (already defined in a/temperature.json)', severity: 'error' },
    ]);
  });

  it('warns (but keeps the manifest) when $schema is missing or unknown', () => {
    const { $schema: _unused, ...withoutSchema } = temperature();
    void _unused;
    const result = validateManifests(
      [
        { file: 'temperature.json', json: withoutSchema },
        { file: 'humidity.json', json: temperature({ id: 'humidity', $schema: 'https://example.org/other.json' }) },
      ],
      'overlay',
    );
    expect(result.valid).toHaveLength(2);
    expect(result.problems.map((problem) => [problem.file, problem.path, problem.severity])).toEqual([
      ['temperature.json', '$schema', 'warning'],
      ['humidity.json', '$schema', 'warning'],
    ]);
    expect(hasErrors(result.problems)).toBe(false);
  });

  it('formats problems with severity for the CLI', () => {
    expect(formatProblem({ file: 'f.json', path: 'a.b[0]', message: 'm', severity: 'warning' }, true)).toBe('f.json: a.b[0]: m [warning]');
  });
});
