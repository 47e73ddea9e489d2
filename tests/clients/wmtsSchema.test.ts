/**
 * The WMTS documents, and the WFS 2.0 exception report (OWS 1.1 like the WMTS's), against the official OGC schemas (WMTS 1.0.0, OWS 1.1.0, XLink 1.0.0) with xmllint. No npm
 * package ships them; Debian's python3-mapproxy does, for its own tests (`.ci/run` installs it), under
 * /usr/share/python3-mapproxy/test/schemas with the relative imports of schemas.opengis.net, so xmllint reads them
 * offline. GDAL accepts more than the schema allows (it swaps a wrong corner order silently), so this check is
 * what keeps the capabilities exactly as the standard writes them.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireProgram, runProgramAsync, useLiveServer } from './liveServer';

const OGC_SCHEMAS = '/usr/share/python3-mapproxy/test/schemas';
const CAPABILITIES_SCHEMA = join(OGC_SCHEMAS, 'wmts/1.0/wmtsGetCapabilities_response.xsd');
const EXCEPTION_SCHEMA = join(OGC_SCHEMAS, 'ows/1.1.0/owsExceptionReport.xsd');

const live = useLiveServer();
const workDir = mkdtempSync(join(tmpdir(), 'wmts-schema-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function validate(path: string, schema: string, expectedStatus: number): Promise<void> {
  requireProgram('xmllint', 'libxml2-utils');
  if (!existsSync(schema)) throw new Error(`${schema} is missing: install the Debian package python3-mapproxy (.ci/run does)`);
  const response = await fetch(`${live().origin}${path}`);
  expect(response.status).toBe(expectedStatus);
  const file = join(workDir, `${encodeURIComponent(path)}.xml`);
  writeFileSync(file, await response.text());
  const run = await runProgramAsync('xmllint', ['--noout', '--nonet', '--schema', schema, file], 60_000);
  expect(run.stderr.trim(), `${path} against ${schema}`).toBe(`${file} validates`);
  expect(run.status).toBe(0);
}

describe('OGC documents are valid against the OGC schemas', () => {
  it.each([
    '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities',
    '/geoserver/gwc/service/wmts/rest/WMTSCapabilities.xml',
    '/geoserver/gwc/service/wmts/1.0.0/WMTSCapabilities.xml',
  ])('capabilities at %s', (path) => validate(path, CAPABILITIES_SCHEMA, 200));

  it.each([
    ['an unknown request', '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetMap', 501],
    ['an unknown layer', '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=nowhere&STYLE=default&TILEMATRIXSET=EPSG:4326&TILEMATRIX=EPSG:4326:10&TILEROW=1&TILECOL=1&FORMAT=image/png', 400],
    ['an unknown WFS 2.0 operation', '/mapviewer/geopin/pin/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFoo', 400],
  ])('the exception report for %s', (_case, path, status) => validate(path, EXCEPTION_SCHEMA, status));
});
