/**
 * The OpenAPI documents as served (GET /mapviewer/api/openapi.json, whole and per API of the explorer), checked by
 * the two linters an API team points at them: Spectral with its `spectral:oas` ruleset (operation descriptions and
 * the info contact raised to errors: tests/clients/openapi/spectral.yaml) and Redocly CLI with its `recommended`
 * ruleset (tests/clients/openapi/redocly.yaml). Both are the installed devDependencies, run as programs on the
 * files written from the HTTP answers, bounded in time and kept off the network (Redocly's usage data and update
 * check switched off by their environment variables; Spectral sends nothing and the documents have no remote $ref).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCUMENT_IDS } from '../../core/contracts/apiDocuments';
import { runProgram, useLiveServer } from './liveServer';

const ROOT = resolve(import.meta.dirname, '../..');
const SPECTRAL = join(ROOT, 'node_modules/.bin/spectral');
const REDOCLY = join(ROOT, 'node_modules/.bin/redocly');
const SPECTRAL_RULESET = join(ROOT, 'tests/clients/openapi/spectral.yaml');
const REDOCLY_CONFIG = join(ROOT, 'tests/clients/openapi/redocly.yaml');
/** Redocly CLI's documented switches: no usage data (REDOCLY_TELEMETRY) and no npm version check. */
const REDOCLY_OFFLINE = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
/** Each linter reads all five documents in one run: a few seconds, much longer on two busy cores. */
const LINT_TIME_LIMIT_MS = 120_000;
const LINT_TEST_TIMEOUT_MS = LINT_TIME_LIMIT_MS + 10_000;

/** The served documents: the whole service and each API document the explorer shows. */
const DOCUMENT_QUERIES: Array<[string, string]> = [['whole', ''], ...API_DOCUMENT_IDS.map((id): [string, string] => [id, `?api=${id}`])];

const folder = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const live = useLiveServer();
const files: string[] = [];

beforeAll(async () => {
  for (const [name, query] of DOCUMENT_QUERIES) {
    const response = await fetch(`${live().origin}/mapviewer/api/openapi.json${query}`);
    if (response.status !== 200) throw new Error(`GET /mapviewer/api/openapi.json${query}: ${response.status}`);
    const file = join(folder, `openapi-${name}.json`);
    writeFileSync(file, await response.text());
    files.push(file);
  }
});

/** The linter's own report, to read in the assertion when it fails. */
function report(run: { status: number | null; stdout: string; stderr: string }): string {
  return `exit status ${run.status}\n${run.stdout}\n${run.stderr}`;
}

describe('/mapviewer/api/openapi.json under the OpenAPI linters', () => {
  it(
    "Spectral's spectral:oas ruleset finds no error (missing operation descriptions and info contact count as errors)",
    () => {
      const run = runProgram(SPECTRAL, ['lint', '--ruleset', SPECTRAL_RULESET, '--format', 'stylish', '--fail-severity', 'error', ...files], LINT_TIME_LIMIT_MS);
      expect(run.status, report(run)).toBe(0);
      // Spectral says "No results with a severity of 'error' found!" when it read the documents and found nothing.
      expect(run.stdout + run.stderr, report(run)).toMatch(/No results with a severity of 'error'/);
    },
    LINT_TEST_TIMEOUT_MS,
  );

  it(
    "Redocly CLI's recommended ruleset finds no error",
    () => {
      const run = runProgram(REDOCLY, ['lint', '--config', REDOCLY_CONFIG, '--format', 'stylish', ...files], LINT_TIME_LIMIT_MS, REDOCLY_OFFLINE);
      expect(run.status, report(run)).toBe(0);
      // One verdict per document: a run that read fewer than all of them would not say it five times.
      expect((run.stdout + run.stderr).match(/: validated in /g)?.length, report(run)).toBe(files.length);
    },
    LINT_TEST_TIMEOUT_MS,
  );
});
