/**
 * The sheet-file downloads: the portal's own (no key, after the terms dialog) and the download API in its query
 * and path forms (key required). Every path segment that reaches the file system is a contract enum value or a
 * canonical sheet id (the contracts reject anything else with 400), and the file store checks again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  downloadApiPathEndpoint,
  downloadApiQueryEndpoint,
  portalFileEndpoint,
  type ApiKeyEnvironment,
  type TileDataset,
} from '../../core/contracts/download';
import type { DownloadFormat } from '../../core/contracts/catalogue';
import type { ErrorBody } from '../../core/contracts';
import type { Db } from '../db';
import type { SheetFileStore } from '../download/sheetFiles';
import { sendDownload, type AccelRedirectPrefixes } from '../download/stream';
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
