/**
 * The panorama sets the data service knows (issue 18, Streetscape 360): every `*.json` panorama-set manifest
 * (core/manifests/schemas.ts `panorama-set`) of the shipped folder data/panoramas and of the folder PANORAMA_DIR
 * names, validated, turned into the index the viewer reads (core/contracts/panoramas.ts) and into the list of
 * files each set may serve. A set that fails is skipped and listed with what was wrong, by file name only (a
 * server path tells a visitor nothing and shows the server's layout).
 *
 * The folders are read again whenever a manifest in them is added, removed or changed (one directory listing and
 * a stat per manifest per call), so a set dropped into PANORAMA_DIR shows without a restart.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PanoramaPose } from '../../core/contracts/equirectangular';
import { DEPTH_ENCODING } from '../../core/contracts/equirectangular';
import type { PanoramaIndex, PanoramaSummary } from '../../core/contracts/panoramas';
import { validateManifests } from '../../core/manifests/validate';
import type { PanoramaSetManifest } from '../../core/manifests/schemas';

/** The shipped sets' folder under the data folder. */
export const SHIPPED_PANORAMA_FOLDER = 'panoramas';
/** The environment variable naming a folder of more sets (same layout as data/panoramas). */
export const PANORAMA_DIR_VARIABLE = 'PANORAMA_DIR';
/** Where a set's files are served from (the contract's file endpoint, with the set id and file appended). */
export const PANORAMA_FILES_URL = '/mapviewer/api/panoramas/files';
/** The widths the renderer draws (server/panoramas/renderer.ts): a rendered set may name no other. */
const RENDERED_WIDTH = { min: 256, max: 8192 };

/** One file a set may serve: what it is, of which panorama. */
export interface PanoramaFileEntry {
  kind: 'image' | 'depth';
  /** Pixels; the height is width / 2. */
  width: number;
  pose: PanoramaPose;
}

export interface LoadedPanoramaSet {
  manifest: PanoramaSetManifest;
  /** The set's own folder, `<panorama folder>/<set id>`: its files are read from here when present. */
  folder: string;
  /** Every file the manifest names, by its path inside the set folder: nothing else is served. */
  files: ReadonlyMap<string, PanoramaFileEntry>;
}

export interface PanoramaCatalogue {
  index: PanoramaIndex;
  sets: ReadonlyMap<string, LoadedPanoramaSet>;
}

/** The folders sets are read from, in order: data/panoramas, then PANORAMA_DIR when set (a later duplicate id loses). */
export function panoramaFolders(dataDir: string, env: Record<string, string | undefined> = process.env): string[] {
  const extra = env[PANORAMA_DIR_VARIABLE]?.trim();
  return [join(dataDir, SHIPPED_PANORAMA_FOLDER), ...(extra ? [resolve(extra)] : [])];
}

/** The URL of a file of a set; set ids and file paths hold only URL-safe characters (their schemas say so). */
export function panoramaFileUrl(setId: string, file: string): string {
  return `${PANORAMA_FILES_URL}/${setId}/${file}`;
}

function manifestNames(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/** Problems the schema cannot see: names that clash inside the set, sizes and files the set cannot serve. */
function setProblems(manifest: PanoramaSetManifest, folder: string): string[] {
  const problems: string[] = [];
  const panoramaIds = new Set<string>();
  const files = new Set<string>();
  const rendered = manifest.source === 'rendered';
  manifest.panoramas.forEach((panorama, index) => {
    const at = `panoramas[${index}]`;
    if (panoramaIds.has(panorama.id)) problems.push(`${at}.id: panorama id "${panorama.id}" is used twice`);
    panoramaIds.add(panorama.id);
    const named = [
      ...panorama.images.map((image, imageIndex) => ({ path: `${at}.images[${imageIndex}]`, file: image.file, width: image.width, image: true })),
      ...(panorama.depth ? [{ path: `${at}.depth`, file: panorama.depth.file, width: panorama.depth.width, image: false }] : []),
    ];
    for (const { path, file, width, image } of named) {
      if (files.has(file)) problems.push(`${path}.file: "${file}" is named twice`);
      files.add(file);
      if (width % 2 !== 0) problems.push(`${path}.width: ${width} is odd (an equirectangular image is twice as wide as it is high)`);
      if (rendered) {
        if (width < RENDERED_WIDTH.min || width > RENDERED_WIDTH.max) {
          problems.push(`${path}.width: a rendered set is drawn ${RENDERED_WIDTH.min}–${RENDERED_WIDTH.max} pixels wide, not ${width}`);
        }
        if (image && !/\.jpe?g$/i.test(file)) problems.push(`${path}.file: a rendered set's images are JPEG, so "${file}" must end in .jpg`);
      } else if (!existsSync(join(folder, file))) {
        problems.push(`${path}.file: "${file}" is not in the set's folder ${manifest.id}/`);
      }
    }
    if (panorama.depth && panorama.depth.height * 2 !== panorama.depth.width) {
      problems.push(`${at}.depth: a depth map is twice as wide as it is high, not ${panorama.depth.width} × ${panorama.depth.height}`);
    }
  });
  return problems;
}

function summaries(manifest: PanoramaSetManifest): PanoramaSummary[] {
  const sample = manifest.source === 'rendered';
  const byId = (panoramaId: string) => `${manifest.id}/${panoramaId}`;
  // Neighbours along each street: ascending `order`, ties by id so the chain is the same on every read.
  const neighbours = new Map<string, { previousId: string | null; nextId: string | null }>();
  const streets = new Map<string, Array<{ id: string; order: number }>>();
  for (const panorama of manifest.panoramas) {
    if (!panorama.street) continue;
    const list = streets.get(panorama.street.id) ?? [];
    list.push({ id: panorama.id, order: panorama.street.order });
    streets.set(panorama.street.id, list);
  }
  for (const list of streets.values()) {
    list.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
    list.forEach((entry, index) => {
      neighbours.set(entry.id, {
        previousId: index > 0 ? byId(list[index - 1].id) : null,
        nextId: index < list.length - 1 ? byId(list[index + 1].id) : null,
      });
    });
  }
  return manifest.panoramas.map((panorama) => ({
    id: byId(panorama.id),
    setId: manifest.id,
    longitude: panorama.longitude,
    latitude: panorama.latitude,
    heightMeters: panorama.heightMeters,
    headingDegrees: panorama.headingDegrees,
    capturedAt: panorama.capturedAt,
    source: manifest.source,
    sample,
    street: panorama.street ? { id: panorama.street.id, name: panorama.street.name, order: panorama.street.order } : null,
    images: [...panorama.images]
      .sort((a, b) => a.width - b.width)
      .map((image) => ({ width: image.width, height: image.width / 2, url: panoramaFileUrl(manifest.id, image.file) })),
    depth: panorama.depth
      ? { url: panoramaFileUrl(manifest.id, panorama.depth.file), width: panorama.depth.width, height: panorama.depth.height, encoding: DEPTH_ENCODING }
      : null,
    previousId: neighbours.get(panorama.id)?.previousId ?? null,
    nextId: neighbours.get(panorama.id)?.nextId ?? null,
  }));
}

function fileEntries(manifest: PanoramaSetManifest): Map<string, PanoramaFileEntry> {
  const files = new Map<string, PanoramaFileEntry>();
  for (const panorama of manifest.panoramas) {
    const pose: PanoramaPose = {
      longitude: panorama.longitude,
      latitude: panorama.latitude,
      heightMeters: panorama.heightMeters,
      headingDegrees: panorama.headingDegrees,
    };
    for (const image of panorama.images) files.set(image.file, { kind: 'image', width: image.width, pose });
    if (panorama.depth) files.set(panorama.depth.file, { kind: 'depth', width: panorama.depth.width, pose });
  }
  return files;
}

/** Reads and validates every set of `folders` (see the file comment). Never throws for a bad manifest. */
export function loadPanoramaCatalogue(folders: readonly string[]): PanoramaCatalogue {
  const sets = new Map<string, LoadedPanoramaSet>();
  const setFiles = new Map<string, string>();
  const index: PanoramaIndex = { sets: [], panoramas: [], skipped: [] };
  folders.forEach((folder, folderIndex) => {
    if (!existsSync(folder)) {
      // The shipped folder may be absent in a trimmed install; a PANORAMA_DIR that names nothing is a mistake to show.
      if (folderIndex > 0) index.skipped.push({ file: PANORAMA_DIR_VARIABLE, problem: `the folder ${PANORAMA_DIR_VARIABLE} names does not exist` });
      return;
    }
    for (const name of manifestNames(folder)) {
      const skip = (problem: string) => index.skipped.push({ file: name, problem });
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(join(folder, name), 'utf8'));
      } catch (error) {
        skip(`not valid JSON: ${error instanceof SyntaxError ? error.message : 'unreadable'}`);
        continue;
      }
      const { valid, problems } = validateManifests([{ file: name, json }], 'panorama-set');
      const errors = problems.filter((problem) => problem.severity === 'error');
      if (errors.length > 0 || valid.length === 0) {
        skip(errors.map((problem) => `${problem.path}: ${problem.message}`).join('; ') || 'not a panorama set');
        continue;
      }
      const manifest = valid[0].manifest;
      const earlier = setFiles.get(manifest.id);
      if (earlier !== undefined) {
        skip(`set id "${manifest.id}" is already used by ${earlier}`);
        continue;
      }
      const setFolder = join(folder, manifest.id);
      const wrong = setProblems(manifest, setFolder);
      if (wrong.length > 0) {
        skip(wrong.join('; '));
        continue;
      }
      setFiles.set(manifest.id, name);
      sets.set(manifest.id, { manifest, folder: setFolder, files: fileEntries(manifest) });
      const sample = manifest.source === 'rendered';
      index.sets.push({ id: manifest.id, name: manifest.name, source: manifest.source, sample, attribution: manifest.attribution, panoramaCount: manifest.panoramas.length });
      index.panoramas.push(...summaries(manifest));
    }
  });
  return { index, sets };
}

/** What identifies the folders' manifests as they are now: names, sizes and modification times. */
function folderSignature(folders: readonly string[]): string {
  return folders
    .map((folder) => {
      if (!existsSync(folder)) return `${folder}:absent`;
      return `${folder}:${manifestNames(folder)
        .map((name) => {
          const stats = statSync(join(folder, name), { throwIfNoEntry: false });
          return `${name}@${stats?.size}/${stats?.mtimeMs}`;
        })
        .join(',')}`;
    })
    .join('\n');
}

/**
 * The catalogue of `folders`, read again when a manifest changed. A photographed set's files are checked when
 * its manifest is read; a file deleted later is answered 404 by the file route.
 */
export function createPanoramaCatalogueReader(folders: readonly string[]): () => PanoramaCatalogue {
  let cached: { signature: string; catalogue: PanoramaCatalogue } | undefined;
  return () => {
    const signature = folderSignature(folders);
    if (cached?.signature !== signature) cached = { signature, catalogue: loadPanoramaCatalogue(folders) };
    return cached.catalogue;
  };
}

