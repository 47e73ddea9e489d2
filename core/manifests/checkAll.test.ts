import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAllManifests } from './checkAll';
import { renderManifestJsonSchema } from './jsonSchema';
import { formatProblem } from './validate';

const name = { 'en-US': 'Temperature', 'zh-HK': '氣溫', 'zh-CN': '气温' };
let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function write(path: string, content: unknown) {
  const full = join(root!, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content));
}

describe('checkAllManifests', () => {
  it('collects schema, JSON and cross-reference problems from every folder', () => {
    root = mkdtempSync(join(tmpdir(), 'manifests-'));
    write('manifests/overlays/temperature.json', {
      $schema: '../manifest.schema.json#/definitions/overlay',
      id: 'temperature',
      mode: 'GEOJSON',
      name,
      url: '/x?timestamp={timestamp}',
    });
    write('manifests/overlays/broken.json', '{ "id": ');
    write('manifests/layer-tree/main.json', {
      $schema: '../manifest.schema.json#/definitions/layer-tree',
      id: 'main',
      groups: [{ id: 'weather', name, overlays: ['temperature', 'aqhi'] }],
    });
    const lines = checkAllManifests(root).problems.map((problem) => formatProblem(problem, true));
    expect(lines).toContain('manifests/layer-tree/main.json: groups[0].overlays[1]: unknown overlay id "aqhi" [error]');
    expect(lines.some((line) => line.startsWith('manifests/overlays/broken.json: (root): not valid JSON'))).toBe(true);
    expect(lines).toHaveLength(2);
  });

  it('the repository manifests and variants have no errors', () => {
    const problems = checkAllManifests(resolve(import.meta.dirname, '../..')).problems;
    expect(problems.filter((problem) => problem.severity === 'error').map((problem) => formatProblem(problem))).toEqual([]);
  });

  it('the committed manifests/manifest.schema.json is up to date', () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../manifests/manifest.schema.json'), 'utf8');
    expect(committed === renderManifestJsonSchema()).toBe(true);
  });
});
