/**
 * Sends one download file: strong ETag, Last-Modified, conditional requests (If-None-Match, If-Modified-Since,
 * If-Range), a single byte range (206), HEAD, and a body read in DOWNLOAD_CHUNK_BYTES pieces, so a whole file
 * is never in memory. Or, in X-Accel mode, only the headers and an X-Accel-Redirect for nginx to send the bytes.
 */
import { createReadStream, type ReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOWNLOAD_CHUNK_BYTES } from '../../core/contracts/download';

/** What sendDownload needs of a file (ResolvedSheetFile from ./sheetFiles.ts fits). */
export interface DownloadFile {
  /** Absolute path. */
  path: string;
  size: number;
  mtimeMs: number;
  /** Path under its root, forward slashes (X-Accel mode). */
  relativePath: string;
  root: 'storage' | 'cache';
}

/**
 * nginx `internal` locations that alias the storage and cache folders, e.g. `/_protected/storage/`. Set, the
 * server answers with X-Accel-Redirect and an empty body, and nginx sends the file (sendfile, Range, ETag).
 */
export interface AccelRedirectPrefixes {
  storagePrefix: string;
  cachePrefix: string;
}

export interface SendDownloadOptions {
  /** The name the browser saves the file as (ASCII letters, digits, `-`, `_`, `.`). */
  filename: string;
  accel?: AccelRedirectPrefixes;
  /** Default `no-cache`: caches may keep the file but must revalidate (cheap: ETag, 304). */
  cacheControl?: string;
}

/**
 * The validator of a file's content from its modification time and size, in nginx's own format ("<mtime s hex>-
 * <size hex>"), so an ETag a client got from Node streaming still matches (If-Range, If-None-Match) after the
 * server moves to X-Accel mode, where nginx sends its own.
 */
export function fileEtag(size: number, mtimeMs: number): string {
  return `"${Math.floor(mtimeMs / 1000).toString(16)}-${size.toString(16)}"`;
}

export type RangeAnswer =
  /** No Range (or one to ignore): the whole file, 200. */
  | { kind: 'whole' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * Reads a Range header for a file of `size` bytes. One range only: a request for several ranges gets the whole
 * file (RFC 9110 §14.2 lets a server ignore Range). Download clients resume with one range; answering several
 * with multipart/byteranges would add a second body format for no client we serve, and overlapping or many
 * small ranges are a known way to make a server work hard. An ill-formed header is ignored too (RFC 9110 §14.2).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** If-None-Match: `*` or a list of entity tags, compared weakly (RFC 9110 §13.1.2). */
export function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** If-Range: an entity tag (strong comparison) or a date equal to Last-Modified (RFC 9110 §13.1.5). */
function ifRangeHolds(header: string, etag: string, mtimeMs: number): boolean {
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && date === Math.floor(mtimeMs / 1000) * 1000;
}

function contentDisposition(filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${safe}"`;
}

/**
 * Answers GET or HEAD for one file. The file is opened once and its own fstat gives the validators, so the bytes
 * sent always match the ETag even if the file is replaced (renamed over) meanwhile.
 */
export async function sendDownload(request: FastifyRequest, reply: FastifyReply, file: DownloadFile, options: SendDownloadOptions): Promise<FastifyReply> {
  reply.header('Content-Type', 'application/zip');
  reply.header('Content-Disposition', contentDisposition(options.filename));
  reply.header('Cache-Control', options.cacheControl ?? 'no-cache');
  reply.header('X-Content-Type-Options', 'nosniff');

  if (options.accel) {
    // nginx evaluates Range, If-Range and If-None-Match itself and sends its own ETag and Last-Modified from
    // the same file; it keeps Content-Type and Content-Disposition from this answer.
    const prefix = file.root === 'storage' ? options.accel.storagePrefix : options.accel.cachePrefix;
    const location = prefix + file.relativePath.split('/').map(encodeURIComponent).join('/');
    reply.header('ETag', fileEtag(file.size, file.mtimeMs));
    reply.header('X-Accel-Redirect', location);
    return reply.status(200).send();
  }

  let handle: FileHandle | undefined = await open(file.path, 'r');
  try {
    const info = await handle.stat();
    const size = info.size;
    const etag = fileEtag(size, info.mtimeMs);
    reply.header('ETag', etag);
    reply.header('Last-Modified', new Date(info.mtimeMs).toUTCString());
    reply.header('Accept-Ranges', 'bytes');

    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const notModified =
      ifNoneMatch !== undefined
        ? noneMatch(ifNoneMatch, etag)
        : ifModifiedSince !== undefined && Math.floor(info.mtimeMs / 1000) * 1000 <= Date.parse(ifModifiedSince);
    if (notModified) return reply.status(304).send();

    const ifRange = request.headers['if-range'];
    const rangeApplies = ifRange === undefined || (typeof ifRange === 'string' && ifRangeHolds(ifRange, etag, info.mtimeMs));
    const range = parseRange(rangeApplies ? request.headers.range : undefined, size);
    if (range.kind === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${size}`);
      return reply.status(416).type('application/json').send({ error: 'Range Not Satisfiable', message: `The file has ${size} bytes` });
    }
    const start = range.kind === 'partial' ? range.start : 0;
    const end = range.kind === 'partial' ? range.end : size - 1;
    if (range.kind === 'partial') {
      reply.status(206);
      reply.header('Content-Range', `bytes ${start}-${end}/${size}`);
    } else {
      reply.status(200);
    }
    reply.header('Content-Length', String(end - start + 1));

    // HEAD: the same headers as GET. An empty stream (not an empty body) keeps Fastify's HEAD handling from
    // rewriting Content-Length to 0.
    if (request.method === 'HEAD' || size === 0) return reply.send(Readable.from([]));

    // The stream owns the descriptor from here: it closes it when it ends, fails or is destroyed (Fastify
    // destroys it when the client goes away mid-download).
    const body: ReadStream = createReadStream(file.path, { fd: handle, start, end, highWaterMark: DOWNLOAD_CHUNK_BYTES, autoClose: true });
    handle = undefined;
    return reply.send(body);
  } finally {
    await handle?.close();
  }
}
