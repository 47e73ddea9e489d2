/**
 * The two validators the 3D outputs are checked with, for tests: CesiumGS's 3d-tiles-validator (a tool beside the
 * repository, ../shared/tools/3d-tiles-validator, built from source on first use) and the Khronos glTF validator
 * (npm gltf-validator). Both answer with the validator's own messages, so a failing test shows what it found.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { validateBytes } from 'gltf-validator';
import { ROOT_DIR } from '../app';

export const TILES_VALIDATOR = resolve(ROOT_DIR, '..', 'shared', 'tools', '3d-tiles-validator', 'validate');

/**
 * The first run builds the validator (npm ci and tsc, about a minute, several on two busy cores); test files
 * that run at the same time (vitest's workers, the PostgreSQL pass) must not build it into the same folder
 * together, so the build is taken under a lock every process on the machine shares.
 */
export const TILES_VALIDATOR_BUILD_TIMEOUT_MS = 300_000;
const BUILD_LOCK = join(tmpdir(), '3d-tiles-validator-build.lock');

/** One issue of a 3d-tiles-validator report; a glTF content's issues come as `causes`. */
interface TilesIssue {
  type: string;
  path: string;
  message: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  causes?: TilesIssue[];
}

export interface TilesValidation {
  numErrors: number;
  numWarnings: number;
  /**
   * Every error and warning, issue and cause, one line each: `ERROR CONTENT_VALIDATION_ERROR /root/content: …`.
   * Infos are left out (such as the glTF extensions the embedded glTF validator cannot check).
   */
  problems: string[];
}

function flatten(issues: readonly TilesIssue[], depth = 0): { severity: TilesIssue['severity']; line: string }[] {
  return issues.flatMap((issue) => [
    { severity: issue.severity, line: `${'  '.repeat(depth)}${issue.severity} ${issue.type} ${issue.path}: ${issue.message}` },
    ...flatten(issue.causes ?? [], depth + 1),
  ]);
}

/** Builds the validator if it is not built yet; throws with npm's or tsc's own output when that fails. */
export function buildTilesValidator(): void {
  if (!existsSync(TILES_VALIDATOR)) {
    throw new Error(`The 3D Tiles validator is missing: expected ${TILES_VALIDATOR} (../shared/tools/3d-tiles-validator beside the repository)`);
  }
  // Without a tileset the script builds itself, then prints its usage and exits 2.
  const run = spawnSync('flock', [BUILD_LOCK, TILES_VALIDATOR], { encoding: 'utf8', timeout: TILES_VALIDATOR_BUILD_TIMEOUT_MS - 10_000 });
  if (run.error) {
    const missing = (run.error as NodeJS.ErrnoException).code === 'ENOENT' ? ' (flock is missing: install the Debian package util-linux)' : '';
    throw new Error(`The 3D Tiles validator could not be built: ${run.error.message}${missing}`);
  }
  if (run.stderr.includes('usage:')) return;
  // "npm ci failed, see <log>" / "build failed, see <log>": the log says why.
  const log = /see (\S+)/.exec(run.stderr)?.[1];
  const detail = log && existsSync(log) ? readFileSync(log, 'utf8').slice(-4000) : '';
  throw new Error(`The 3D Tiles validator could not be built (exit ${run.status}): ${run.stderr.trim()}\n${detail}`);
}

/** Runs the 3d-tiles-validator on a tileset file (its content is read from beside it). */
export function validateTilesetFile(tilesetFile: string): TilesValidation {
  const run = spawnSync(TILES_VALIDATOR, [tilesetFile], { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw new Error(`The 3D Tiles validator could not run: ${run.error.message}`);
  const start = run.stdout.indexOf('{');
  if (run.status === 2 || start < 0) throw new Error(`The 3D Tiles validator gave no report (exit ${run.status}): ${run.stderr}${run.stdout}`);
  const report = JSON.parse(run.stdout.slice(start)) as { numErrors: number; numWarnings: number; issues?: TilesIssue[] };
  const problems = flatten(report.issues ?? [])
    .filter(({ severity }) => severity !== 'INFO')
    .map(({ line }) => line);
  return { numErrors: report.numErrors, numWarnings: report.numWarnings, problems };
}

/** The Khronos glTF validator's errors and warnings for one .glb or .gltf, one line each (infos and hints left out). */
export async function gltfProblems(bytes: Uint8Array, uri: string): Promise<string[]> {
  const report = await validateBytes(bytes, { uri, maxIssues: 100 });
  return report.issues.messages
    .filter((message) => message.severity <= 1)
    .map((message) => `${message.severity === 0 ? 'ERROR' : 'WARNING'} ${message.code} ${message.pointer ?? ''}: ${message.message}`);
}
