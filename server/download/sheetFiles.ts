/**
 * The per-sheet download files: where the zip for (dataset, format, sheet) is on disk, producing it first when
 * this server can (GLTF, OBJ, CESIUM from the DEM and the building store; see ./generate/) and taking a
 * production file from the storage folder when one is installed there.
 *
 * Layout (every path segment is a validated enum value or a canonical sheet id, never request text):
 *  - storage: <storageDir>/<dataset>/<FORMAT>/<sheet>.zip, e.g. `non-textured/OBJ/11-SW-4D.zip`: real LandsD
 *    files dropped in by an operator; a file there wins over generation, and is the only way the formats this
 *    server cannot produce (DAE, FBX, KML, MAX, VRML, C4D, OSGB) are served.
 *  - cache: <cacheDir>/<key>/<dataset>/<FORMAT>/<sheet>.zip, generated once on first request, written under a
 *    temporary name and renamed so a reader never sees half a file. `<key>` digests the building store's
 *    version and SHEET_PACKAGE_GENERATOR_VERSION, so a changed store or generator gives new files; the folders
 *    of all but the two newest keys are removed when a new key's first file is written.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, opendir, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../core/contracts/catalogue';
import { TILE_DATASETS, type SheetFile, type TileDataset } from '../../core/contracts/download';
import { normaliseSheetId } from '../../core/contracts/mapSheets';
import type { BuildingStore } from '../buildings/store';
import { GENERATED_FORMATS, SHEET_PACKAGE_GENERATOR_VERSION, SheetPackageGenerator, type GeneratedFormat } from './generate/package';
import { createSheetIndex, type SheetIndex } from './sheetIndex';

export interface ResolvedSheetFile {
  /** Absolute path of the zip. */
  path: string;
  size: number;
  mtimeMs: number;
  origin: 'generated' | 'storage';
  /** Path relative to its root (forward slashes), for X-Accel-Redirect. */
  relativePath: string;
  root: 'storage' | 'cache';
}

export interface SheetFileRequest {
  dataset: TileDataset;
  format: DownloadFormat;
  /** Canonical sheet id (sheetIdSchema's output). */
  sheet: string;
}

export interface SheetFileStore {
  /** Which sheets exist (./sheetIndex.ts). */
  readonly index: SheetIndex;
  /** null = no such file (not in the index, or the format neither in storage nor generatable): 404 'File Not Found'. */
  resolve(request: SheetFileRequest): Promise<ResolvedSheetFile | null>;
  /** Every DOWNLOAD_FORMATS entry for the sheet with availability and real byte size (generating the generatable ones on demand). */
  list(sheet: string, dataset: TileDataset): Promise<SheetFile[]>;
  /**
   * The formats a user can download for some sheet of `dataset`: the generated ones (every sheet) and those with
   * at least one production file of an index sheet in storage (`<storageDir>/<dataset>/<FORMAT>/<sheet>.zip`).
   * The catalogue marks the others "on request". Reads at most one folder listing per format, stopping at the
   * first file that counts.
   */
  downloadableFormats(dataset: TileDataset): Promise<DownloadFormat[]>;
  readonly storageDir: string;
  readonly cacheDir: string;
}

export interface SheetFileStoreOptions {
  /** The data folder: DEM, buildings and an optional official sheet index. */
  dataDir: string;
  /** Production files, <storageDir>/<dataset>/<FORMAT>/<sheet>.zip. */
  storageDir: string;
  /** Generated files, <cacheDir>/<key>/<dataset>/<FORMAT>/<sheet>.zip. */
  cacheDir: string;
  /** The one building store (server/buildings): the buildings of the generated files. */
  buildings: BuildingStore;
}

/** A cache key: 16 hex digits. */
const CACHE_KEY_PATTERN = /^[0-9a-f]{16}$/;

/** The cache folder of a building store version: changes with the store and with the generator. */
export function sheetCacheKey(storeVersion: string): string {
  return createHash('sha256').update(`${SHEET_PACKAGE_GENERATOR_VERSION}\n${storeVersion}`).digest('hex').slice(0, 16);
}

/** The file's path segments, or null when any input is not one of the known values. */
function fileSegments({ dataset, format, sheet }: SheetFileRequest): [string, string, string] | null {
  if (!TILE_DATASETS.includes(dataset) || !DOWNLOAD_FORMATS.includes(format) || normaliseSheetId(sheet) !== sheet) return null;
  return [dataset, format, `${sheet}.zip`];
}

/** A regular file at root/segments whose real path stays inside the real root, or null. */
async function fileInside(root: string, segments: string[]): Promise<{ path: string; size: number; mtimeMs: number } | null> {
  const path = join(root, ...segments);
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(path)]);
    if (!realFile.startsWith(realRoot + sep)) return null;
    const info = await stat(realFile);
    return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

export function createSheetFileStore(options: SheetFileStoreOptions): SheetFileStore {
  const { storageDir, cacheDir } = options;
  const index = createSheetIndex(options.dataDir);
  const generator = new SheetPackageGenerator(options.dataDir, options.buildings);
  /** Generations in progress by cache path: concurrent requests for one file share one. */
  const inFlight = new Map<string, Promise<void>>();
  /** Keys whose older siblings were already removed by this process. */
  const pruned = new Set<string>();

  /**
   * Removes the folders of older keys, keeping `key` and the newest other one (a download of the previous version
   * that started a moment ago keeps its file; open files outlive their removal anyway).
   */
  async function pruneOlderKeys(key: string): Promise<void> {
    if (pruned.has(key)) return;
    pruned.add(key);
    const names = (await readdir(cacheDir)).filter((name) => name !== key && CACHE_KEY_PATTERN.test(name));
    const folders = await Promise.all(names.map(async (name) => ({ name, modified: (await stat(join(cacheDir, name))).mtimeMs })));
    folders.sort((a, b) => b.modified - a.modified);
    for (const { name } of folders.slice(1)) await rm(join(cacheDir, name), { recursive: true, force: true });
  }

  async function generate(request: SheetFileRequest, segments: string[], storeVersion: string): Promise<void> {
    const target = join(cacheDir, ...segments);
    let running = inFlight.get(target);
    if (!running) {
      running = (async () => {
        const sheet = index.get(request.sheet);
        if (!sheet) throw new Error(`Sheet ${request.sheet} is not in the index`);
        const zip = await generator.generate(sheet, request.format as GeneratedFormat, request.dataset, storeVersion);
        await mkdir(dirname(target), { recursive: true });
        const temporary = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
        try {
          await writeFile(temporary, zip);
          await rename(temporary, target);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
        await pruneOlderKeys(segments[0]);
      })().finally(() => inFlight.delete(target));
      inFlight.set(target, running);
    }
    await running;
  }

  async function resolve(request: SheetFileRequest): Promise<ResolvedSheetFile | null> {
    const segments = fileSegments(request);
    if (!segments || !index.get(request.sheet)) return null;
    const relativePath = segments.join('/');
    const stored = await fileInside(storageDir, segments);
    if (stored) return { ...stored, origin: 'storage', root: 'storage', relativePath };
    if (!(GENERATED_FORMATS as readonly string[]).includes(request.format)) return null;
    const storeVersion = await options.buildings.version();
    const cacheSegments = [sheetCacheKey(storeVersion), ...segments];
    const cacheRelativePath = cacheSegments.join('/');
    let cached = await fileInside(cacheDir, cacheSegments);
    if (!cached) {
      await generate(request, cacheSegments, storeVersion);
      cached = await fileInside(cacheDir, cacheSegments);
      if (!cached) throw new Error(`Generated ${cacheRelativePath} but cannot find it in ${cacheDir}`);
    }
    return { ...cached, origin: 'generated', root: 'cache', relativePath: cacheRelativePath };
  }

  async function list(sheet: string, dataset: TileDataset): Promise<SheetFile[]> {
    const files: SheetFile[] = [];
    // One after the other: generation is CPU work, and running three at once would only interleave them.
    for (const format of DOWNLOAD_FORMATS) {
      const file = await resolve({ dataset, format, sheet });
      files.push(file ? { format, available: true, size: file.size, origin: file.origin } : { format, available: false, size: null, origin: null });
    }
    return files;
  }

  async function downloadableFormats(dataset: TileDataset): Promise<DownloadFormat[]> {
    const found: DownloadFormat[] = [];
    for (const format of DOWNLOAD_FORMATS) {
      if ((GENERATED_FORMATS as readonly string[]).includes(format) || (await hasStoredSheet(dataset, format))) found.push(format);
    }
    return found;
  }

  async function hasStoredSheet(dataset: TileDataset, format: DownloadFormat): Promise<boolean> {
    let folder: Awaited<ReturnType<typeof opendir>>;
    try {
      folder = await opendir(join(storageDir, dataset, format));
    } catch {
      return false;
    }
    // Leaving the loop early (return) closes the directory, as does reaching its end.
    for await (const entry of folder) {
      if (!entry.name.endsWith('.zip')) continue;
      const sheet = entry.name.slice(0, -'.zip'.length);
      if (index.get(sheet) && (await fileInside(storageDir, [dataset, format, entry.name]))) return true;
    }
    return false;
  }

  return { index, resolve, list, downloadableFormats, storageDir, cacheDir };
}
