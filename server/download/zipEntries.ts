/**
 * Reads single entries out of a ZIP package on disk without reading the package: positional reads of its end
 * record and central directory, then a stream of one entry's bytes (inflated when deflated). Production packages
 * in the storage folder can be gigabytes, so nothing here ever holds more than the directory and a read chunk.
 * Plain ZIP only (PKWARE APPNOTE 6.3: stored or deflate, one disk, no ZIP64, no encryption), which is what
 * ./zip.ts writes and what sheet packages of a few hundred entries need.
 */
import type { FileHandle } from 'node:fs/promises';
import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import { DOWNLOAD_CHUNK_BYTES } from '../../core/contracts/download';
import { LruCache } from '../terrain/lru';

/** One file of the archive, as its central directory describes it. */
export interface ZipEntryInfo {
  /** Path inside the archive, forward slashes, e.g. `11-SW-4D/tileset.json`. */
  name: string;
  /** 0 stored, 8 deflate; anything else cannot be streamed. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts, bytes from the start of the archive. */
  localHeaderOffset: number;
  /** CRC-32 of the uncompressed bytes. */
  crc32: number;
  /** General-purpose bit flags (bit 0: encrypted). */
  flags: number;
}

/** The archive is not one this reader serves (damaged, ZIP64, split, encrypted, an unknown method); the message says which. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const END_RECORD_BYTES = 22;
const ZIP64_LOCATOR_BYTES = 20;
/** The end record's comment is at most 65,535 bytes, so the record starts within this many bytes of the end. */
const END_SEARCH_BYTES = 0xffff + END_RECORD_BYTES;
const CENTRAL_HEADER_BYTES = 46;
const LOCAL_HEADER_BYTES = 30;
const ZIP64_MARKER_32 = 0xffffffff;
const ZIP64_MARKER_16 = 0xffff;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const FLAG_ENCRYPTED = 1;
const FLAG_UTF8_NAMES = 1 << 11;
/**
 * A directory larger than this is refused rather than read: about 500,000 entries, far beyond any sheet
 * package, and it bounds what one request can make the server hold.
 */
const MAX_CENTRAL_DIRECTORY_BYTES = 32 * 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) throw new ZipFormatError(`Truncated ZIP archive: ${length} bytes expected at offset ${position}, the file ends first`);
    filled += bytesRead;
  }
  return buffer;
}

/** The end record's offset in `tail` (the archive's last bytes): the last signature whose comment fits in what follows. */
function findEndRecord(tail: Buffer): number {
  for (let offset = tail.length - END_RECORD_BYTES; offset >= 0; offset -= 1) {
    if (tail.readUInt32LE(offset) !== END_OF_CENTRAL_DIRECTORY) continue;
    if (offset + END_RECORD_BYTES + tail.readUInt16LE(offset + 20) <= tail.length) return offset;
  }
  return -1;
}

/**
 * Lists the archive's entries from its central directory (directories, whose names end in `/`, left out).
 * `size` is the archive's byte size, from an fstat of the same descriptor.
 */
export async function readZipDirectory(handle: FileHandle, size: number): Promise<ZipEntryInfo[]> {
  if (size < END_RECORD_BYTES) throw new ZipFormatError(`Not a ZIP archive: ${size} bytes, shorter than an end record`);
  const tailStart = Math.max(0, size - END_SEARCH_BYTES);
  const tail = await readAt(handle, tailStart, size - tailStart);
  const end = findEndRecord(tail);
  if (end < 0) throw new ZipFormatError('Not a ZIP archive: no end of central directory record');

  const diskNumber = tail.readUInt16LE(end + 4);
  const directoryDisk = tail.readUInt16LE(end + 6);
  const entriesOnDisk = tail.readUInt16LE(end + 8);
  const entryCount = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  const hasZip64Locator = end >= ZIP64_LOCATOR_BYTES && tail.readUInt32LE(end - ZIP64_LOCATOR_BYTES) === ZIP64_END_LOCATOR;
  if (hasZip64Locator || directorySize === ZIP64_MARKER_32 || directoryOffset === ZIP64_MARKER_32 || entryCount === ZIP64_MARKER_16) {
    throw new ZipFormatError('ZIP64 archives are not supported (the package is over 4 GiB or has over 65,534 entries)');
  }
  if (diskNumber !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) throw new ZipFormatError('Split (multi-disk) ZIP archives are not supported');
  const endPosition = tailStart + end;
  if (directoryOffset + directorySize > endPosition) throw new ZipFormatError('Damaged ZIP archive: the central directory runs past the end record');
  if (directorySize > MAX_CENTRAL_DIRECTORY_BYTES) throw new ZipFormatError(`ZIP central directory of ${directorySize} bytes is over the ${MAX_CENTRAL_DIRECTORY_BYTES}-byte limit`);

  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries: ZipEntryInfo[] = [];
  let cursor = 0;
  for (let index = 0; index < entryCount; index += 1) {
    if (cursor + CENTRAL_HEADER_BYTES > directory.length || directory.readUInt32LE(cursor) !== CENTRAL_HEADER) {
      throw new ZipFormatError(`Damaged ZIP archive: central directory entry ${index} is missing or broken`);
    }
    const flags = directory.readUInt16LE(cursor + 8);
    const nameLength = directory.readUInt16LE(cursor + 28);
    const next = cursor + CENTRAL_HEADER_BYTES + nameLength + directory.readUInt16LE(cursor + 30) + directory.readUInt16LE(cursor + 32);
    if (next > directory.length) throw new ZipFormatError(`Damaged ZIP archive: central directory entry ${index} runs past the directory`);
    const rawName = directory.subarray(cursor + CENTRAL_HEADER_BYTES, cursor + CENTRAL_HEADER_BYTES + nameLength);
    // Names without the UTF-8 flag are CP437; only their ASCII part can ever match a request's file name.
    // Some Windows tools write backslashes, which APPNOTE forbids; read them as the folder separators they mean.
    const name = rawName.toString(flags & FLAG_UTF8_NAMES ? 'utf8' : 'latin1').replaceAll('\\', '/');
    if (!name.endsWith('/')) {
      entries.push({
        name,
        method: directory.readUInt16LE(cursor + 10),
        crc32: directory.readUInt32LE(cursor + 16),
        compressedSize: directory.readUInt32LE(cursor + 20),
        uncompressedSize: directory.readUInt32LE(cursor + 24),
        localHeaderOffset: directory.readUInt32LE(cursor + 42),
        flags,
      });
    }
    cursor = next;
  }
  return entries;
}

/** Where the archive file is, and which version of it (a replaced file has another size or mtime). */
export interface ZipFileIdentity {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * The parsed directories of the last few archives, so tileset.json and then the content it names cost one
 * directory read, not two. Keyed by path, size and mtime: a package replaced on disk is read afresh.
 */
export class ZipDirectoryCache {
  private readonly directories: LruCache<string, ZipEntryInfo[]>;

  /** @param capacity archives kept (default 32; a sheet package's directory is a few entries, a production one up to thousands). */
  constructor(capacity = 32) {
    this.directories = new LruCache(capacity);
  }

  /** The entries of the archive open on `handle`, whose identity the caller took from an fstat of that handle. */
  async entries(handle: FileHandle, file: ZipFileIdentity): Promise<ZipEntryInfo[]> {
    const key = `${file.path}\0${file.size}\0${file.mtimeMs}`;
    let entries = this.directories.get(key);
    if (!entries) {
      entries = await readZipDirectory(handle, file.size);
      this.directories.set(key, entries);
    }
    return entries;
  }
}

/**
 * The entry `file` beside the archive's tileset.json: the tileset folder is that of the `tileset.json` with the
 * fewest path segments (the root tileset; deeper ones are external tilesets it may point to), and `file` is
 * looked up as `<folder>/<file>`, or `<file>` when the tileset is at the root. `file` is only ever compared with
 * entry names, never joined into a path on disk.
 */
export function entryBesideTileset(entries: readonly ZipEntryInfo[], file: string): ZipEntryInfo | undefined {
  let folder: string[] | undefined;
  for (const entry of entries) {
    const segments = entry.name.split('/');
    if (segments.at(-1) !== 'tileset.json') continue;
    if (!folder || segments.length - 1 < folder.length) folder = segments.slice(0, -1);
  }
  if (!folder) return undefined;
  const name = [...folder, file].join('/');
  return entries.find((entry) => entry.name === name);
}

/** An entry checked as streamable, with where its stored bytes start. */
export interface LocatedZipEntry {
  entry: ZipEntryInfo;
  dataStart: number;
}

/**
 * Checks that the entry can be streamed (stored or deflate, not encrypted, no ZIP64 sizes) and reads its local
 * header to find where its bytes start. `archiveSize` is the archive's byte size.
 */
export async function locateZipEntry(handle: FileHandle, entry: ZipEntryInfo, archiveSize: number): Promise<LocatedZipEntry> {
  const { name, method, compressedSize, uncompressedSize, localHeaderOffset } = entry;
  if (compressedSize === ZIP64_MARKER_32 || uncompressedSize === ZIP64_MARKER_32 || localHeaderOffset === ZIP64_MARKER_32) {
    throw new ZipFormatError(`ZIP entry '${name}' uses ZIP64 sizes, which are not supported`);
  }
  if (entry.flags & FLAG_ENCRYPTED) throw new ZipFormatError(`ZIP entry '${name}' is encrypted`);
  if (method !== METHOD_STORED && method !== METHOD_DEFLATE) {
    throw new ZipFormatError(`ZIP entry '${name}' uses compression method ${method}; only 0 (stored) and 8 (deflate) are supported`);
  }
  if (method === METHOD_STORED && compressedSize !== uncompressedSize) throw new ZipFormatError(`Damaged ZIP entry '${name}': stored, but its sizes differ`);
  if (method === METHOD_DEFLATE && compressedSize === 0) throw new ZipFormatError(`Damaged ZIP entry '${name}': an empty deflate stream`);
  const header = await readAt(handle, localHeaderOffset, LOCAL_HEADER_BYTES);
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipFormatError(`Damaged ZIP entry '${name}': no local header at offset ${localHeaderOffset}`);
  const dataStart = localHeaderOffset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (dataStart + compressedSize > archiveSize) throw new ZipFormatError(`Damaged ZIP entry '${name}': its data runs past the end of the archive`);
  return { entry, dataStart };
}

/**
 * Fails the stream unless exactly the directory's uncompressed size comes out with the directory's CRC-32: a
 * damaged package then ends in an aborted answer instead of wrong bytes under a matching Content-Length, and a
 * deflate stream that expands beyond its declared size is cut off as soon as it does.
 */
function checkedOutput(entry: ZipEntryInfo): Transform {
  let length = 0;
  let checksum = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      length += chunk.length;
      if (length > entry.uncompressedSize) return callback(new ZipFormatError(`ZIP entry '${entry.name}' inflates beyond its ${entry.uncompressedSize} bytes`));
      checksum = crc32(chunk, checksum);
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (length !== entry.uncompressedSize) return callback(new ZipFormatError(`ZIP entry '${entry.name}' has ${length} bytes, not ${entry.uncompressedSize}`));
      if (checksum !== entry.crc32) return callback(new ZipFormatError(`CRC mismatch in ZIP entry '${entry.name}'`));
      callback();
    },
  });
}

/**
 * The entry's uncompressed bytes, read in DOWNLOAD_CHUNK_BYTES pieces from the descriptor. The returned stream
 * owns the handle: it is closed when the stream ends, fails or is destroyed (destroying the returned stream, as
 * Fastify does when the client goes away, destroys the file stream under it too).
 */
export function streamZipEntry(handle: FileHandle, { entry, dataStart }: LocatedZipEntry): Readable {
  if (entry.compressedSize === 0) {
    // An empty stored file (locateZipEntry refuses an empty deflate stream): nothing to read.
    handle.close().catch(() => undefined);
    return Readable.from([]);
  }
  const source = handle.createReadStream({ start: dataStart, end: dataStart + entry.compressedSize - 1, highWaterMark: DOWNLOAD_CHUNK_BYTES, autoClose: true });
  const output = checkedOutput(entry);
  // pipeline destroys every stream when any of them fails or is destroyed early, so the descriptor is closed
  // either way; an error reaches the reader of `output`, which it destroys with that error.
  if (entry.method === METHOD_DEFLATE) pipeline(source, createInflateRaw(), output, () => {});
  else pipeline(source, output, () => {});
  return output;
}
