/**
 * GET /mapviewer/api/panoramas and /mapviewer/api/panoramas/files/{setId}/{file} (issue 18, Streetscape 360): the
 * panorama sets of data/panoramas and PANORAMA_DIR (server/panoramas/sets.ts) and their files. Only a file a
 * set's manifest names is served; a rendered set's missing file is drawn on first request and cached
 * (server/panoramas/renderedFiles.ts). Depth maps go out gzipped where the client accepts it (about a third of
 * their size: neighbouring pixels hold close distances).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../core/contracts';
import { panoramaFileEndpoint, panoramaIndexEndpoint } from '../../core/contracts/panoramas';
import type { BuildingStore } from '../buildings/store';
import { fileEtag, noneMatch } from '../download/stream';
import { registerEndpoint } from '../http/endpoint';
import { createPanoramaRenderer, type PanoramaRenderer } from '../panoramas/renderer';
import { createRenderedPanoramaFiles, PanoramaRenderError } from '../panoramas/renderedFiles';
import { createPanoramaCatalogueReader, panoramaFolders } from '../panoramas/sets';

const gzipAsync = promisify(gzip);

export interface PanoramaRoutesOptions {
  /** The data folder: the shipped sets are in <dataDir>/panoramas, and the renderer reads the DEM there. */
  dataDir: string;
  /** The server's cache folder; rendered files go to `<cacheDir>/panoramas/<renderer version>/<set id>/<file>`. */
  cacheDir: string;
  /** The building store the renderer draws the buildings of. */
  buildings: BuildingStore;
  /** Where PANORAMA_DIR is read from; default process.env. */
  env?: Record<string, string | undefined>;
  /** Makes the renderer (tests give a fake); default server/panoramas/renderer.ts over dataDir and buildings. */
  createRenderer?: () => PanoramaRenderer;
}

const NO_SUCH_FILE: ErrorBody = { error: 'Not Found', message: 'No such set or file' };
/**
 * A week, then revalidated by ETag: long, but not `immutable`, because a file's URL names neither the renderer's
 * version nor a photographed file's date, so a replaced file must reach browsers in time.
 */
const FILE_CACHE_CONTROL = 'public, max-age=604800';

function contentTypeOf(file: string, kind: 'image' | 'depth'): string {
  if (kind === 'depth') return 'application/octet-stream';
  if (/\.png$/i.test(file)) return 'image/png';
  if (/\.jpe?g$/i.test(file)) return 'image/jpeg';
  if (/\.webp$/i.test(file)) return 'image/webp';
  return 'application/octet-stream';
}

async function sendFile(request: FastifyRequest, reply: FastifyReply, path: string, contentType: string, compressible: boolean): Promise<FastifyReply> {
  const stats = await stat(path);
  const etag = fileEtag(stats.size, stats.mtimeMs);
  reply.header('ETag', etag).header('Cache-Control', FILE_CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff');
  if (compressible) reply.header('Vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && noneMatch(ifNoneMatch, etag)) return reply.status(304).send();
  const bytes = await readFile(path);
  reply.type(contentType);
  if (compressible && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('Content-Encoding', 'gzip').send(await gzipAsync(bytes));
  }
  return reply.send(bytes);
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

export async function panoramaRoutes(app: FastifyInstance, options: PanoramaRoutesOptions): Promise<void> {
  const catalogue = createPanoramaCatalogueReader(panoramaFolders(options.dataDir, options.env ?? process.env));
  const rendered = createRenderedPanoramaFiles({
    cacheDir: join(options.cacheDir, 'panoramas'),
    renderer: options.createRenderer ?? (() => createPanoramaRenderer({ dataDir: options.dataDir, buildings: options.buildings })),
  });

  registerEndpoint(app, panoramaIndexEndpoint, (_input, _request, reply) => {
    // The index changes when a set is added, so it is revalidated rather than kept.
    reply.header('Cache-Control', 'no-cache');
    return catalogue().index;
  });

  // The file is a path with slashes, which Fastify hands over as the wildcard `*`; the contract names it `file`.
  app.addHook('preValidation', async (request) => {
    const params = request.params as Record<string, string> | undefined;
    if (params && '*' in params) {
      const { '*': file, ...rest } = params;
      request.params = { ...rest, file };
    }
  });

  registerEndpoint(app, panoramaFileEndpoint, async ({ params }, request, reply) => {
    const set = catalogue().sets.get(params.setId);
    const entry = set?.files.get(params.file);
    if (!set || !entry) return reply.status(404).send(NO_SUCH_FILE);
    const contentType = contentTypeOf(params.file, entry.kind);
    const compressible = entry.kind === 'depth';
    const own = join(set.folder, params.file);
    if (await isFile(own)) return sendFile(request, reply, own, contentType, compressible);
    if (set.manifest.source !== 'rendered') return reply.status(404).send(NO_SUCH_FILE);
    try {
      return await sendFile(request, reply, await rendered.path(set.manifest.id, params.file, entry), contentType, compressible);
    } catch (error) {
      if (!(error instanceof PanoramaRenderError)) throw error;
      request.log.error({ err: error.cause ?? error }, error.message);
      const body: ErrorBody = { error: 'Service Unavailable', message: `${error.message}; please retry later` };
      return reply.status(503).send(body);
    }
  });
}
