/**
 * The files of rendered panorama sets (the shipped samples): drawn by the renderer (./renderer.ts) on the first
 * request for them and kept under `<cache>/<renderer version>/<set id>/<pose key>/<file>`, so a renderer that draws
 * differently (a new version) never serves an older look, a panorama moved in its manifest (the pose key: a digest
 * of its position, height and heading) is drawn again, and nothing needs to exist under data/panoramas/<set>/.
 * Requests for a file being drawn wait for that one drawing instead of starting another.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PanoramaRenderer } from './renderer';
import type { PanoramaFileEntry } from './sets';

/** A renderer version is a folder name: anything else would let it write outside the cache. */
const SAFE_VERSION = /^[A-Za-z0-9._-]{1,64}$/;

/** A folder name for a pose: the same pose always gives the same name, any change a new one. */
function poseKey(entry: PanoramaFileEntry): string {
  const { longitude, latitude, heightMeters, headingDegrees } = entry.pose;
  return createHash('sha256').update(JSON.stringify([longitude, latitude, heightMeters, headingDegrees])).digest('hex').slice(0, 16);
}

/** Raised when the renderer cannot be made or fails; the route answers 503 with `message`. */
export class PanoramaRenderError extends Error {}

export interface RenderedPanoramaFiles {
  /** The cached file's path, drawn first when absent. Throws PanoramaRenderError when drawing fails. */
  path(setId: string, file: string, entry: PanoramaFileEntry): Promise<string>;
}

export function createRenderedPanoramaFiles(options: {
  /** `<server cache>/panoramas`. */
  cacheDir: string;
  /** Made on the first drawing, not at start-up (it reads the DEM and the buildings). */
  renderer: () => PanoramaRenderer;
}): RenderedPanoramaFiles {
  let renderer: PanoramaRenderer | undefined;
  const drawing = new Map<string, Promise<string>>();

  const draw = async (entry: PanoramaFileEntry, target: string, current: PanoramaRenderer): Promise<void> => {
    const bytes = entry.kind === 'image' ? await current.image(entry.pose, entry.width) : await current.depth(entry.pose, entry.width);
    const expected = entry.kind === 'depth' ? entry.width * (entry.width / 2) * 2 : undefined;
    if (bytes.byteLength === 0 || (expected !== undefined && bytes.byteLength !== expected)) {
      throw new Error(`the renderer returned ${bytes.byteLength} bytes for a ${entry.kind} ${entry.width} wide`);
    }
    await mkdir(dirname(target), { recursive: true });
    // Written beside and renamed over, so a reader never sees half a file and a crash leaves no broken one.
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
  };

  return {
    async path(setId, file, entry) {
      try {
        renderer ??= options.renderer();
      } catch (error) {
        throw new PanoramaRenderError('The panorama renderer could not be started', { cause: error });
      }
      const current = renderer;
      if (!SAFE_VERSION.test(current.version)) throw new PanoramaRenderError('The panorama renderer names no usable version');
      const target = join(options.cacheDir, current.version, setId, poseKey(entry), file);
      if (existsSync(target)) return target;
      let pending = drawing.get(target);
      if (!pending) {
        pending = draw(entry, target, current)
          .then(() => target)
          .catch((error: unknown) => {
            throw new PanoramaRenderError(`Panorama ${setId}/${file} could not be drawn from the 3D scene`, { cause: error });
          })
          .finally(() => drawing.delete(target));
        drawing.set(target, pending);
      }
      return pending;
    },
  };
}
