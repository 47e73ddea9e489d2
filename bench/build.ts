/**
 * Makes sure dist/ holds a production build of the current sources: builds with `npx vite build` when
 * dist/.vite/manifest.json is missing or older than any bundled source.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { onExit } from './cleanup';

export const ROOT = resolve(import.meta.dirname, '..');
export const DIST = join(ROOT, 'dist');
export const VITE_MANIFEST = join(DIST, '.vite', 'manifest.json');

/** What goes into the bundle (tests and markdown do not). */
const SOURCE_DIRS = ['app', 'core', 'plugins', 'locales', 'manifests', 'variants'];
const SOURCE_FILES = ['vite.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$|\.md$/.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is current. */
export function staleReason(): string | null {
  if (!existsSync(VITE_MANIFEST)) return 'dist/.vite/manifest.json is missing';
  const built = statSync(VITE_MANIFEST).mtimeMs;
  for (const name of [...SOURCE_DIRS, ...SOURCE_FILES]) {
    const path = join(ROOT, name);
    if (existsSync(path) && newestMtime(path) > built) return `${name} is newer than dist/`;
  }
  return null;
}

/** Builds when stale; returns the build time in ms (0 when no build was needed). */
export async function ensureBuild(timeoutMs: number): Promise<number> {
  const reason = staleReason();
  if (reason === null) return 0;
  console.log(`building (${reason}): npx vite build`);
  const started = performance.now();
  const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const removeExit = onExit(() => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  });
  try {
    await new Promise<void>((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
        reject(new Error(`vite build took more than ${timeoutMs} ms`));
      }, timeoutMs);
      child.on('error', reject);
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolvePromise();
        else reject(new Error(`vite build exited with ${code}`));
      });
    });
  } finally {
    removeExit();
  }
  return performance.now() - started;
}

/** Builds dist/ when stale, unless DIST_DIR names a build made elsewhere (then the run serves that one). */
export async function ensureBuildUnlessGiven(timeoutMs: number): Promise<void> {
  if (process.env.DIST_DIR) return;
  const buildMs = await ensureBuild(timeoutMs);
  if (buildMs > 0) console.log(`built in ${(buildMs / 1000).toFixed(1)} s`);
}
