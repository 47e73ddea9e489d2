/**
 * Where the first render's JavaScript comes from: the gzip bytes of the entry chunk and its static-import
 * closure plus the chunks app/main.tsx awaits before rendering (the figure bench/bundle.ts judges) attributed to npm packages and source folders through the chunks' source
 * maps. Needs a build with source maps, e.g. `npx vite build --outDir /tmp/dist-x --sourcemap hidden`
 * ("hidden" writes the .map files without changing a byte of the JavaScript, so the totals match
 * bench/bundle.ts on a build without maps).
 *
 * Attribution: every byte of a chunk belongs to the source that the mapping segment covering it names
 * (bytes no segment covers, such as the bundler's glue, go to "(unmapped)"). Gzip does not add up per
 * source, so each group's bytes are gzipped on their own and the figures are scaled so that a chunk's groups
 * sum to the chunk's real gzip size: a group's share is exact in raw bytes and a close estimate in gzip.
 *
 * Vite's JSON plugin gives the modules it makes from .json files an empty source map, which would leave the
 * manifests, variants and message tables bundled as data looking like part of the module before them;
 * {@link buildWithSourceMaps} builds with a map that puts each such module's lines on its .json file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { ROOT } from './build';
import { firstRenderFiles, readViteManifest } from './bundle';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Map([...BASE64].map((character, index) => [character, index]));

/** One decoded mapping segment: generated column and the index of its source (or null for a bare segment). */
interface Segment {
  column: number;
  source: number | null;
}

/** Decodes the `mappings` of a source map (version 3) into the segments of each generated line. */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Segment[] = [];
    let column = 0;
    for (const segmentText of lineText.split(',')) {
      if (segmentText === '') continue;
      const fields = decodeVlq(segmentText);
      column += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        segments.push({ column, source });
      } else {
        segments.push({ column, source: null });
      }
    }
    lines.push(segments);
  }
  return lines;
}

function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of text) {
    const digit = BASE64_VALUES.get(character);
    if (digit === undefined) throw new Error(`invalid base64 digit "${character}" in a source map`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

const projectRoots = new Map<string, string | null>();

/** The nearest folder at or above `folder` with a package.json (the build's project), or null. */
function projectRootOf(folder: string): string | null {
  if (projectRoots.has(folder)) return projectRoots.get(folder)!;
  const parent = dirname(folder);
  const root = existsSync(join(folder, 'package.json')) ? folder : parent === folder ? null : projectRootOf(parent);
  projectRoots.set(folder, root);
  return root;
}

/**
 * The group a source file (absolute path) counts under: `react-dom` / `@floating-ui/react` for a package, the
 * first two folders of the path within its project for the project's own files (`app/components`,
 * `core/manifests`, `locales/en-US`), whichever folder the build was made from.
 */
export function groupOf(path: string): string {
  const parts = path.split(/[\\/]/);
  const packageStart = parts.lastIndexOf('node_modules');
  if (packageStart >= 0) {
    const name = parts[packageStart + 1] ?? '(node_modules)';
    return name.startsWith('@') ? `${name}/${parts[packageStart + 2]}` : name;
  }
  const root = path.includes('\0') ? null : projectRootOf(dirname(path));
  if (root === null) return '(virtual)';
  const inProject = relative(root, path).split(/[\\/]/);
  return inProject.length > 2 ? inProject.slice(0, 2).join('/') : inProject[0];
}

export interface GroupFigures {
  raw: number;
  gzip: number;
}

/** Raw and (scaled) gzip bytes per group of one chunk, from its `.map` file beside it. */
export function attributeChunk(path: string, groupFor: (sourcePath: string) => string = groupOf): Map<string, GroupFigures> {
  const mapPath = `${path}.map`;
  if (!existsSync(mapPath)) throw new Error(`${mapPath} is missing: build with --sourcemap hidden`);
  const code = readFileSync(path, 'utf8');
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; sourceRoot?: string; mappings: string };
  const sourceGroups = map.sources.map((source) => groupFor(resolve(dirname(mapPath), map.sourceRoot ?? '', source)));
  const pieces = new Map<string, string[]>();
  const add = (group: string, text: string) => {
    if (text === '') return;
    const list = pieces.get(group) ?? [];
    list.push(text);
    pieces.set(group, list);
  };
  const lines = code.split('\n');
  const segmentsByLine = decodeMappings(map.mappings);
  lines.forEach((lineText, index) => {
    const segments = segmentsByLine[index] ?? [];
    add('(unmapped)', lineText.slice(0, segments[0]?.column ?? lineText.length));
    segments.forEach((segment, position) => {
      const end = segments[position + 1]?.column ?? lineText.length;
      add(segment.source === null ? '(unmapped)' : sourceGroups[segment.source], lineText.slice(segment.column, end));
    });
    if (index < lines.length - 1) add('(unmapped)', '\n');
  });

  const chunkGzip = gzipSync(code).length;
  const figures = new Map<string, GroupFigures>();
  let gzipSum = 0;
  for (const [group, texts] of pieces) {
    const bytes = Buffer.from(texts.join(''));
    const gzip = gzipSync(bytes).length;
    gzipSum += gzip;
    figures.set(group, { raw: bytes.length, gzip });
  }
  for (const entry of figures.values()) entry.gzip = (entry.gzip * chunkGzip) / gzipSum;
  return figures;
}

/** Groups of the whole first render's JavaScript of the build in `dist`, largest gzip first. */
export function firstRenderBreakdown(dist: string): { groups: Map<string, GroupFigures>; files: string[] } {
  const manifest = readViteManifest(dist);
  const files = firstRenderFiles(manifest);
  const groups = new Map<string, GroupFigures>();
  for (const file of files) {
    for (const [group, figures] of attributeChunk(join(dist, file))) {
      const sum = groups.get(group) ?? { raw: 0, gzip: 0 };
      sum.raw += figures.raw;
      sum.gzip += figures.gzip;
      groups.set(group, sum);
    }
  }
  return { groups: new Map([...groups].sort(([, a], [, b]) => b.gzip - a.gzip)), files };
}

/**
 * Gives the modules Vite makes from .json files a source map that names the file (every generated line starts
 * at the file's start), instead of Vite's empty one, so their bytes are attributed to them. Changes no code.
 */
function jsonSourceMaps(): Plugin {
  return {
    name: 'bench-json-source-maps',
    configResolved(config) {
      const json = config.plugins.find((plugin) => plugin.name === 'vite:json');
      const transform = json?.transform;
      if (!json || !transform || typeof transform === 'function') throw new Error("Vite's JSON plugin has changed shape");
      const handler = transform.handler;
      (transform as { handler: typeof handler }).handler = function (this: ThisParameterType<typeof handler>, ...args: Parameters<typeof handler>) {
        const result = handler.apply(this, args);
        if (!result || typeof result !== 'object' || !('code' in result) || typeof result.code !== 'string') return result;
        const lines = result.code.split('\n').length;
        return { ...result, map: { version: 3, sources: [args[1]], names: [], mappings: new Array(lines).fill('AAAA').join(';') } };
      } as typeof handler;
    },
  };
}

/** Builds the app from vite.config.ts into `outDir` with hidden source maps (JSON modules mapped too). */
export async function buildWithSourceMaps(outDir: string): Promise<void> {
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: 'hidden' },
    plugins: [jsonSourceMaps()],
  });
}
