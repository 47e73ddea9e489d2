/**
 * The sheet-file downloads: the portal's own (no key, after the terms dialog) and the download API in its query
 * and path forms (key required), and the files of a sheet's 3D Tiles tileset served unpacked from its CESIUM
 * package. Every path segment that reaches the file system is a contract enum value or a canonical sheet id (the
 * contracts reject anything else with 400), and the file store checks again; a tileset file name is only
 * compared with the names inside the package.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  downloadApiPathEndpoint,
  downloadApiQueryEndpoint,
  portalFileEndpoint,
  sheetTilesetFileEndpoint,
  type ApiKeyEnvironment,
  type TileDataset,
} from '../../core/contracts/download';
import type { DownloadFormat } from '../../core/contracts/catalogue';
import type { ErrorBody } from '../../core/contracts';
import type { Db } from '../db';
import type { ResolvedSheetFile, SheetFileStore } from '../download/sheetFiles';
import { fileEtag, noneMatch, sendDownload, type AccelRedirectPrefixes } from '../download/stream';
import { entryBesideTileset, locateZipEntry, streamZipEntry, ZipDirectoryCache, ZipFormatError, type LocatedZipEntry } from '../download/zipEntries';
import { registerEndpoint } from '../http/endpoint';
import { seedDevelopmentExampleKey, verifyApiKey } from '../keys/apiKeys';

export interface DownloadRoutesOptions {
  db: Db;
  sheetFiles: SheetFileStore;
  /** The environment this server runs as: only its keys are accepted. */
  keyEnvironment: ApiKeyEnvironment;
  /** Set: nginx sends the bytes (X-Accel-Redirect); see server/download/CONTEXT.md. */
  accelRedirect?: AccelRedirectPrefixes;
}

/** The same answer for every refused key, so probing cannot tell unknown from expired or revoked (SPEC §8). */
const ACCESS_DENIED: ErrorBody = { error: 'Access Denied', message: 'Access Denied' };
const FILE_NOT_FOUND: ErrorBody = { error: 'File Not Found', message: 'File Not Found' };

/** Counted per (name, "dataset/format/sheet", day) in analytics_counts, like the app's events: counts only. */
const ANALYTICS_NAMES = { portal: 'download::portal', api: 'download::api' } as const;

/** Content types of a tileset's files by extension (tilesetFileSchema's list); the rest are opaque tile formats. */
const TILESET_CONTENT_TYPES: Record<string, string> = { json: 'application/json', glb: 'model/gltf-binary' };

export async function downloadRoutes(app: FastifyInstance, options: DownloadRoutesOptions): Promise<void> {
  const { db, sheetFiles, keyEnvironment, accelRedirect } = options;
  // Only a development server knows the documented example key; production and test never store it.
  if (keyEnvironment === 'development') await seedDevelopmentExampleKey(db);

  async function countDownload(name: string, itemId: string): Promise<void> {
    await db
      .query(
        `INSERT INTO analytics_counts (name, item_id, day, count) VALUES ($1, $2, CURRENT_DATE, 1)
         ON CONFLICT (name, item_id, day) DO UPDATE SET count = analytics_counts.count + 1`,
        [name, itemId],
      )
      .catch((error: unknown) => app.log.warn({ err: error }, 'download count not recorded'));
  }

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    file: { dataset: TileDataset; format: DownloadFormat; sheet: string },
    kind: keyof typeof ANALYTICS_NAMES,
  ): Promise<FastifyReply> {
    const resolved = await sheetFiles.resolve(file);
    if (!resolved) return reply.status(404).send(FILE_NOT_FOUND);
    await sendDownload(request, reply, resolved, {
      filename: `${file.sheet}_${file.format}_${file.dataset}.zip`,
      accel: accelRedirect,
      // The API's files are for the key holder; shared caches must not keep them.
      cacheControl: kind === 'api' ? 'private, no-cache' : 'no-cache',
    });
    // A download started from the first byte (not a resume, a HEAD or a 304).
    if (request.method === 'GET' && reply.statusCode === 200 && request.headers.range === undefined) {
      await countDownload(ANALYTICS_NAMES[kind], `${file.dataset}/${file.format}/${file.sheet}`);
    }
    return reply;
  }

  /** The key check runs before anything looks at files; the reason is logged at debug level only. */
  async function keyAccepted(request: FastifyRequest, key: string | undefined): Promise<boolean> {
    const check = await verifyApiKey(db, key, keyEnvironment);
    if (!check.ok) request.log.debug({ reason: check.reason }, 'download API key refused');
    return check.ok;
  }

  /** tileset.json and then the content it names: one directory read per package version. */
  const tilesetDirectories = new ZipDirectoryCache();

  /**
   * Answers GET or HEAD for one file beside the package's tileset.json, streamed out of the zip (inflated on the
   * way), never the whole package in memory. A package or entry this server cannot read is logged and a 404,
   * like a missing file: the client can do nothing about either.
   */
  async function sendTilesetFile(request: FastifyRequest, reply: FastifyReply, sheetPackage: ResolvedSheetFile, file: string): Promise<FastifyReply> {
    let handle: FileHandle | undefined = await open(sheetPackage.path, 'r');
    try {
      // The descriptor's own fstat: the bytes read below always belong to the version the ETag names.
      const info = await handle.stat();
      let located: LocatedZipEntry;
      try {
        const entries = await tilesetDirectories.entries(handle, { path: sheetPackage.path, size: info.size, mtimeMs: info.mtimeMs });
        const entry = entryBesideTileset(entries, file);
        if (!entry) return reply.status(404).send(FILE_NOT_FOUND);
        located = await locateZipEntry(handle, entry, info.size);
      } catch (error) {
        if (!(error instanceof ZipFormatError)) throw error;
        request.log.warn({ package: sheetPackage.relativePath, file, reason: error.message }, 'tileset file not served from the CESIUM package');
        return reply.status(404).send(FILE_NOT_FOUND);
      }

      // The package's own validator plus the entry: a replaced package gives every file a new ETag.
      const etag = `${fileEtag(info.size, info.mtimeMs).slice(0, -1)}-${located.entry.crc32.toString(16)}-${file}"`;
      reply.header('ETag', etag);
      reply.header('Cache-Control', 'no-cache');
      reply.header('X-Content-Type-Options', 'nosniff');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && noneMatch(ifNoneMatch, etag)) return reply.status(304).send();

      reply.header('Content-Type', TILESET_CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream');
      reply.header('Content-Length', String(located.entry.uncompressedSize));
      reply.status(200);
      // HEAD: an empty stream (not an empty body) keeps Fastify from rewriting Content-Length to 0, as in stream.ts.
      if (request.method === 'HEAD') return reply.send(Readable.from([]));
      // The entry stream owns the descriptor from here, and closes it however it ends (a client abort included).
      const body = streamZipEntry(handle, located);
      handle = undefined;
      return reply.send(body);
    } finally {
      await handle?.close();
    }
  }

  registerEndpoint(app, sheetTilesetFileEndpoint, async ({ params }, request, reply) => {
    const sheetPackage = await sheetFiles.resolve({ dataset: params.dataset, format: 'CESIUM', sheet: params.sheet });
    if (!sheetPackage) return reply.status(404).send(FILE_NOT_FOUND);
    return sendTilesetFile(request, reply, sheetPackage, params.file);
  });

  registerEndpoint(app, portalFileEndpoint, async ({ params }, request, reply) =>
    serve(request, reply, { dataset: params.dataset, format: params.format, sheet: params.file }, 'portal'),
  );

  registerEndpoint(app, downloadApiQueryEndpoint, async ({ query }, request, reply) => {
    if (!(await keyAccepted(request, query.key))) return reply.status(401).send(ACCESS_DENIED);
    return serve(request, reply, { dataset: query.dataset ?? 'non-textured', format: query.format, sheet: query.tile_sheet_num }, 'api');
  });

  registerEndpoint(app, downloadApiPathEndpoint, async ({ params, query }, request, reply) => {
    if (!(await keyAccepted(request, query.key))) return reply.status(401).send(ACCESS_DENIED);
    return serve(request, reply, { dataset: query.dataset ?? 'non-textured', format: params.format, sheet: params.file }, 'api');
  });
}
