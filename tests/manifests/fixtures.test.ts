/**
 * Data-driven manifest cases (MapLibre style-spec habit): each folder holds `manifest.json` and the
 * expected `errors.json` (every problem, `[]` for a good case). The kind comes from the folder name prefix.
 * Regenerate expectations after a deliberate change with `UPDATE_MANIFEST_FIXTURES=1 npx vitest run tests/manifests`
 * and review the diff.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST_KINDS, type ManifestKind } from '../../core/manifests/schemas';
import { validateManifests } from '../../core/manifests/validate';

const here = import.meta.dirname;
const cases = readdirSync(here).filter((name) => statSync(join(here, name)).isDirectory()).sort();

function kindOf(caseName: string): ManifestKind {
  const kind = [...MANIFEST_KINDS].sort((a, b) => b.length - a.length).find((candidate) => caseName.startsWith(`${candidate}-`));
  if (!kind) throw new Error(`fixture folder "${caseName}" must start with a manifest kind (${MANIFEST_KINDS.join(', ')})`);
  return kind;
}

describe('manifest fixtures', () => {
  it('has good and bad cases', () => {
    expect(cases.length).toBeGreaterThan(5);
  });

  it.each(cases)('%s', (caseName) => {
    const file = `tests/manifests/${caseName}/manifest.json`;
    const json = JSON.parse(readFileSync(join(here, caseName, 'manifest.json'), 'utf8')) as unknown;
    const { valid, problems } = validateManifests([{ file, json }], kindOf(caseName));
    const actual = problems.map(({ path, message, severity }) => ({ path, message, severity }));
    const expectedFile = join(here, caseName, 'errors.json');
    if (process.env.UPDATE_MANIFEST_FIXTURES) writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as typeof actual;
    expect(actual).toEqual(expected);
    expect(valid.length).toBe(expected.some((problem) => problem.severity === 'error') ? 0 : 1);
  });
});
