/**
 * Bundle benchmark: gzip size of the JavaScript the browser needs before Cesium is requested against the
 * baseline of the Cesium chunk(s) that the dynamic `import('cesium')` of core/map/mapHost.ts loads. The goal
 * (≤ 150 kB, issue 13 point 6) judges the first render: the entry chunk of dist/index.html and its static-import
 * closure (from dist/.vite/manifest.json) plus the chunks app/main.tsx awaits before rendering, since the page
 * shows nothing until those have arrived too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST } from './build';
import { heading, kilobytes, line, ratio } from './format';

export interface ManifestChunk {
  file: string;
  src?: string;
  /** The chunk's name (a manual chunk, vite.config.ts, has no `src`). */
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** Goal for the JavaScript of the first render, gzip, kB (1,000 bytes). */
export const FIRST_RENDER_GOAL_KB = 150;

/**
 * The chunks app/main.tsx waits for, besides the entry, before the first render of an en-US page: the validated
 * variant (a key of .vite/manifest.json, relative to app/) and the shell's en-US messages (a chunk named in
 * vite.config.ts, app/i18n/messageParts.ts). Keep it to exactly what main.tsx awaits.
 */
export const AWAITED_BEFORE_FIRST_RENDER = ['startup.ts', 'messages-en-US'];

/** A manifest key, or the key of the chunk with that name (a manual chunk has no source module to key it). */
function manifestKey(manifest: ViteManifest, keyOrChunkName: string): string | undefined {
  if (manifest[keyOrChunkName]) return keyOrChunkName;
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key].name === keyOrChunkName);
}

/** The manifest keys of `start` and everything it imports statically. */
export function staticClosure(manifest: ViteManifest, start: ReadonlyArray<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    queue.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

export function gzipBytes(dist: string, file: string): { raw: number; gzip: number } {
  const content = readFileSync(join(dist, file));
  return { raw: content.length, gzip: gzipSync(content).length };
}

function total(dist: string, manifest: ViteManifest, keys: Iterable<string>): { raw: number; gzip: number; files: string[] } {
  let raw = 0;
  let gzip = 0;
  const files: string[] = [];
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const size = gzipBytes(dist, file);
    raw += size.raw;
    gzip += size.gzip;
    files.push(file);
  }
  return { raw, gzip, files };
}

export function readViteManifest(dist: string): ViteManifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
}

/** The manifest keys of the entry chunk(s) and everything they import statically: what the first paint needs. */
export function firstPaintKeys(manifest: ViteManifest): Set<string> {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error('.vite/manifest.json has no entry chunk');
  return staticClosure(manifest, entries);
}

/** The manifest keys of {@link AWAITED_BEFORE_FIRST_RENDER} and their static imports, less the entry's. */
export function awaitedBeforeFirstRenderKeys(manifest: ViteManifest): Set<string> {
  const keys = AWAITED_BEFORE_FIRST_RENDER.map((name) => manifestKey(manifest, name));
  const missing = AWAITED_BEFORE_FIRST_RENDER.filter((_, index) => !keys[index]);
  if (missing.length > 0) throw new Error(`.vite/manifest.json lacks ${missing.join(', ')}: update AWAITED_BEFORE_FIRST_RENDER to what app/main.tsx awaits`);
  const entryKeys = firstPaintKeys(manifest);
  return new Set([...staticClosure(manifest, keys as string[])].filter((key) => !entryKeys.has(key)));
}

/** The JavaScript files of the first render (the entry's and the awaited chunks), relative to the build folder. */
export function firstRenderFiles(manifest: ViteManifest): string[] {
  return [...firstPaintKeys(manifest), ...awaitedBeforeFirstRenderKeys(manifest)].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

export interface BundleFigures {
  entryGzip: number;
  /** The entry plus the chunks awaited before the first render: what the goal judges. */
  firstRenderGzip: number;
  cesiumGzip: number;
}

/** `dist`: the build to measure; another folder than dist/ lets a private build be measured beside the shared one. */
export function benchBundle(dist: string = DIST): BundleFigures {
  heading('1. Bundle: JavaScript before Cesium is requested (gzip, zlib level 6)');
  const manifest = readViteManifest(dist);
  const entryKeys = firstPaintKeys(manifest);

  const cesiumRoots = Object.keys(manifest).filter((key) => /node_modules\/cesium\//.test(manifest[key].src ?? key));
  if (cesiumRoots.length === 0) throw new Error("no chunk for import('cesium') in dist/.vite/manifest.json");
  const awaitedKeys = awaitedBeforeFirstRenderKeys(manifest);
  // Chunks the first render already loaded are not requested again with Cesium.
  const cesiumKeys = [...staticClosure(manifest, cesiumRoots)].filter((key) => !entryKeys.has(key) && !awaitedKeys.has(key));

  const entry = total(dist, manifest, entryKeys);
  const awaited = total(dist, manifest, awaitedKeys);
  const firstRender = entry.gzip + awaited.gzip;
  const cesium = total(dist, manifest, cesiumKeys);
  const lazyKeys = Object.keys(manifest).filter((key) => !entryKeys.has(key) && !awaitedKeys.has(key) && !cesiumKeys.includes(key));
  const lazy = total(dist, manifest, lazyKeys);

  line('entry + static imports', `${kilobytes(entry.gzip)} gzip (${kilobytes(entry.raw)} raw, ${entry.files.length} file(s): ${entry.files.join(', ')})`);
  line('then awaited before first render', `${kilobytes(awaited.gzip)} gzip in ${awaited.files.length} chunk(s) asked for at once (${AWAITED_BEFORE_FIRST_RENDER.join(', ')})`);
  line('first render in all (en-US)', `${kilobytes(firstRender)} gzip`);
  line('baseline: Cesium chunk(s)', `${kilobytes(cesium.gzip)} gzip (${kilobytes(cesium.raw)} raw, ${cesium.files.join(', ')})`);
  line('ratio first render / Cesium', ratio(firstRender, cesium.gzip));
  line('goal (first render)', `≤ ${FIRST_RENDER_GOAL_KB} kB gzip: ${firstRender <= FIRST_RENDER_GOAL_KB * 1000 ? 'met' : `not met (${kilobytes(firstRender - FIRST_RENDER_GOAL_KB * 1000)} over)`}`);
  line('other lazy chunks', `${kilobytes(lazy.gzip)} gzip in ${lazy.files.length} file(s) (routes, plugins), not counted above`);
  return { entryGzip: entry.gzip, firstRenderGzip: firstRender, cesiumGzip: cesium.gzip };
}
