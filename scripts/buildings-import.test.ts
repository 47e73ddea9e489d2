import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toHk1980 } from '../core/contracts/hk1980';
import { runBuildingsImport } from './buildings-import';

const folder = mkdtempSync(join(tmpdir(), 'buildings-import-command-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function run(argv: string[]) {
  const out: string[] = [];
  const errors: string[] = [];
  const code = runBuildingsImport(argv, { log: (line) => out.push(line), error: (line) => errors.push(line) }, {
    databasePath: join(folder, 'db'),
    dataDir: resolve(import.meta.dirname, '../data'),
    cacheDir: join(folder, 'cache'),
  });
  return code.then((exitCode) => ({ exitCode, out, errors }));
}

function landsdFeature(csuid: string, topHeight: number) {
  const [e, n] = toHk1980([114.25, 22.35]);
  const ring = [
    [e, n],
    [e + 15, n],
    [e + 15, n + 15],
    [e, n + 15],
    [e, n],
  ];
  return { type: 'Feature', properties: { BUILDINGCSUID: csuid, BASEHEIGHT: 10, TOPHEIGHT: topHeight }, geometry: { type: 'Polygon', coordinates: [ring] } };
}

describe('npm run buildings:import', () => {
  it('exits 0 when every row is imported, 1 when some rows are bad (each named by line), 2 for unusable input or arguments', { timeout: 120_000 }, async () => {
    const good = join(folder, 'good.geojson');
    writeFileSync(good, JSON.stringify({ type: 'FeatureCollection', features: [landsdFeature('G1', 40)] }));
    const ok = await run([good, '--source', 'landsd', '--no-tiles']);
    expect(ok.errors).toEqual([]);
    expect(ok.exitCode).toBe(0);
    expect(ok.out.join('\n')).toMatch(/1 rows read as landsd .*: 1 written/);

    const mixed = join(folder, 'mixed.geojson');
    writeFileSync(mixed, [JSON.stringify(landsdFeature('M1', 40)), JSON.stringify(landsdFeature('M2', 5))].join('\n'));
    const some = await run([mixed, '--no-tiles']);
    expect(some.exitCode).toBe(1);
    expect(some.errors).toEqual([`${mixed}:2: height -5 m is not above 0 (roof 5, base 10)`]);

    const notGeoJson = join(folder, 'array.json');
    writeFileSync(notGeoJson, '[]');
    expect((await run([notGeoJson, '--no-tiles'])).exitCode).toBe(2);
    expect((await run([join(folder, 'missing.geojson')])).exitCode).toBe(2);
    expect((await run([good, '--source', 'shapefile'])).errors[0]).toMatch(/--source must be landsd or osm/);
  });
});
