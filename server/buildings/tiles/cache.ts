/**
 * The building tiles on disk, one complete tileset per store version:
 *
 *     <cacheDir>/3dtiles/buildings/<key>.json     tileset.json of that version
 *     <cacheDir>/3dtiles/buildings/<key>/t….glb   its content (URIs `<key>/t….glb`, relative to the tileset)
 *
 * `<key>` digests the store version, the generator version and the DEM grid, so a changed store, generator or
 * terrain regenerates, and a content URL names bytes that never change (cacheable for good). The content
 * folder is written under a temporary name and renamed, then the tileset file likewise: a tileset file exists
 * only beside complete content, whatever process wrote it. Concurrent requests share one generation.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getDemSampler, type DemSampler } from '../../terrain/dem';
import type { BuildingStore } from '../store';
import { writeBuildingTileset, type BuildingTilesetStats } from './writeTileset';

/** Raise when the tiles' bytes change for the same store (geometry, metadata, tree): old caches then regenerate. */
export const BUILDING_TILES_GENERATOR_VERSION = 2;
/** A version key: 16 hex digits. */
export const TILESET_KEY_PATTERN = /^[0-9a-f]{16}$/;

const demDigests = new WeakMap<DemSampler, string>();
function demDigest(dem: DemSampler): string {
  let digest = demDigests.get(dem);
  if (!digest) {
    const { dm, width, height, lon0, lat0, step } = dem.grid;
    digest = createHash('sha256').update(`${width} ${height} ${lon0} ${lat0} ${step}`).update(new Uint8Array(dm.buffer, dm.byteOffset, dm.byteLength)).digest('hex');
    demDigests.set(dem, digest);
  }
  return digest;
}

export function tilesetKey(storeVersion: string, dem: DemSampler): string {
  return createHash('sha256').update(`${BUILDING_TILES_GENERATOR_VERSION}\n${storeVersion}\n${demDigest(dem)}`).digest('hex').slice(0, 16);
}

export interface CachedTileset {
  key: string;
  /** The tileset.json file; null when the store has no buildings. */
  tilesetPath: string | null;
  /** Set when this call generated the tileset. */
  stats?: BuildingTilesetStats;
}

export class BuildingTileCache {
  private readonly generations = new Map<string, Promise<CachedTileset>>();
  readonly folder: string;

  constructor(
    private readonly store: BuildingStore,
    private readonly dem: () => DemSampler,
    cacheDir: string,
  ) {
    this.folder = join(cacheDir, '3dtiles', 'buildings');
  }

  /** The current store version's tileset, generated first if it is not on disk. */
  async current(): Promise<CachedTileset> {
    const key = tilesetKey(await this.store.version(), this.dem());
    const tilesetPath = join(this.folder, `${key}.json`);
    if (existsSync(tilesetPath)) return { key, tilesetPath };
    let generation = this.generations.get(key);
    if (!generation) {
      generation = this.generate(key).finally(() => this.generations.delete(key));
      this.generations.set(key, generation);
    }
    return generation;
  }

  /** A content file of a version still on disk, or null. `key` and `file` must have passed the contract. */
  async contentPath(key: string, file: string): Promise<string | null> {
    const path = join(this.folder, key, file);
    if (!existsSync(path)) {
      // A request for the version being generated waits for it rather than failing.
      const pending = this.generations.get(key);
      if (!pending) return null;
      await pending;
      if (!existsSync(path)) return null;
    }
    return (await stat(path)).isFile() ? path : null;
  }

  private async generate(key: string): Promise<CachedTileset> {
    const temporary = `.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const contentDir = join(this.folder, key + temporary);
    const tilesetPath = join(this.folder, `${key}.json`);
    try {
      const written = await writeBuildingTileset({ store: this.store, dem: this.dem(), contentDir, contentUriPrefix: key, tilesetVersion: key });
      if (!written) return { key, tilesetPath: null };
      if (existsSync(join(this.folder, key))) {
        // Another process finished the same version first: its bytes are the same; keep them.
        await rm(contentDir, { recursive: true, force: true });
      } else {
        await rename(contentDir, join(this.folder, key));
      }
      await writeFile(tilesetPath + temporary, JSON.stringify(written.tileset));
      await rename(tilesetPath + temporary, tilesetPath);
      await this.removeOlderVersions(key);
      return { key, tilesetPath, stats: written.stats };
    } finally {
      await rm(contentDir, { recursive: true, force: true });
    }
  }

  /**
   * Keeps the new version and the one before it (a viewer that loaded the old tileset a moment ago still gets
   * its content), removes the rest.
   */
  private async removeOlderVersions(current: string): Promise<void> {
    const entries = await readdir(this.folder);
    const versions = await Promise.all(
      entries
        .filter((name) => name.endsWith('.json') && TILESET_KEY_PATTERN.test(name.slice(0, -5)) && name !== `${current}.json`)
        .map(async (name) => ({ key: name.slice(0, -5), modified: (await stat(join(this.folder, name))).mtimeMs })),
    );
    versions.sort((a, b) => b.modified - a.modified);
    for (const { key } of versions.slice(1)) {
      await rm(join(this.folder, `${key}.json`), { force: true });
      await rm(join(this.folder, key), { recursive: true, force: true });
    }
  }
}

/**
 * Regenerates the building tiles for the store's current contents (the importer calls it after an import), so
 * the first viewer after an import does not wait for them. Returns what was generated, or null when the tiles
 * were already on disk or the store is empty.
 */
export async function rebuildBuildingTiles(store: BuildingStore, cacheDir: string, dataDir: string): Promise<BuildingTilesetStats | null> {
  const cached = await new BuildingTileCache(store, () => getDemSampler(dataDir), cacheDir).current();
  return cached.stats ?? null;
}
