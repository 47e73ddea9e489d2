import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createZip } from './zip';
import { entryBesideTileset, locateZipEntry, readZipDirectory, streamZipEntry, ZipDirectoryCache, ZipFormatError, type ZipEntryInfo } from './zipEntries';

const folder = mkdtempSync(join(tmpdir(), 'zip-entries-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const MODIFIED = new Date(2020, 0, 1);
/** Compresses well: createZip deflates it. */
const TEXT = Buffer.from('{"asset":{"version":"1.1"}}\n'.repeat(2000));
/** Does not compress (a chain of SHA-256 digests, the same on every run): createZip stores it. */
const NOISE = Buffer.concat(Array.from({ length: 100_000 }, (_, index) => createHash('sha256').update(String(index)).digest())).subarray(0, 3 * 1024 * 1024 + 17);

let fileCount = 0;
async function openArchive(bytes: Buffer): Promise<{ path: string; handle: FileHandle; size: number; mtimeMs: number }> {
  fileCount += 1;
  const path = join(folder, `archive-${fileCount}.zip`);
  writeFileSync(path, bytes);
  const handle = await open(path, 'r');
  const { size, mtimeMs } = await handle.stat();
  return { path, handle, size, mtimeMs };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Reads one entry through a handle of its own, as the route does (the stream closes the handle). */
async function readEntry(path: string, entry: ZipEntryInfo): Promise<Buffer> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  return collect(streamZipEntry(handle, await locateZipEntry(handle, entry, size)));
}

const descriptorsOf = (path: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false;
    }
  }).length;

const archive = createZip(
  [
    { name: 'sheet/tileset.json', data: TEXT },
    { name: 'sheet/noise.bin', data: NOISE },
    { name: 'sheet/empty.txt', data: Buffer.alloc(0) },
  ],
  MODIFIED,
);

describe('readZipDirectory and streamZipEntry', () => {
  it('lists a stored and a deflated entry and streams both byte-identical', async () => {
    const { path, handle, size } = await openArchive(archive);
    const entries = await readZipDirectory(handle, size);
    await handle.close();
    expect(entries.map(({ name, method, uncompressedSize }) => ({ name, method, uncompressedSize }))).toEqual([
      { name: 'sheet/tileset.json', method: 8, uncompressedSize: TEXT.length },
      { name: 'sheet/noise.bin', method: 0, uncompressedSize: NOISE.length },
      { name: 'sheet/empty.txt', method: 0, uncompressedSize: 0 },
    ]);
    expect(entries[0].compressedSize).toBeLessThan(TEXT.length);
    expect((await readEntry(path, entries[0])).equals(TEXT)).toBe(true);
    expect((await readEntry(path, entries[1])).equals(NOISE)).toBe(true);
    expect((await readEntry(path, entries[2])).length).toBe(0);
    expect(descriptorsOf(path)).toBe(0);
  });

  it('finds the end record behind an archive comment', async () => {
    const withComment = Buffer.from(archive);
    const comment = Buffer.from('PK\u0005\u0006 a comment that holds the end signature');
    withComment.writeUInt16LE(comment.length, withComment.length - 2);
    const { handle, size } = await openArchive(Buffer.concat([withComment, comment]));
    const entries = await readZipDirectory(handle, size);
    await handle.close();
    expect(entries).toHaveLength(3);
  });

  it('rejects garbage, a truncated archive and a cut-off start with a clear error', async () => {
    const cases: Array<[Buffer, RegExp]> = [
      [Buffer.from('not a zip'), /Not a ZIP archive/],
      [Buffer.from(NOISE.subarray(0, 100_000)), /Not a ZIP archive: no end of central directory/],
      [archive.subarray(0, archive.length - 30), /Not a ZIP archive: no end of central directory/],
      [archive.subarray(1000), /Damaged ZIP archive/],
    ];
    for (const [bytes, message] of cases) {
      const { handle, size } = await openArchive(bytes);
      await expect(readZipDirectory(handle, size)).rejects.toThrow(message);
      await expect(readZipDirectory(handle, size)).rejects.toBeInstanceOf(ZipFormatError);
      await handle.close();
    }
  });

  it('rejects ZIP64 archives and entries, and compression methods other than stored and deflate', async () => {
    const endRecord = archive.length - 22;
    const zip64Archive = Buffer.from(archive);
    zip64Archive.writeUInt32LE(0xffffffff, endRecord + 16);
    const { handle, size } = await openArchive(zip64Archive);
    await expect(readZipDirectory(handle, size)).rejects.toThrow(/ZIP64 archives are not supported/);
    await handle.close();

    const directoryStart = archive.readUInt32LE(endRecord + 16);
    const patched = Buffer.from(archive);
    patched.writeUInt32LE(0xffffffff, directoryStart + 20); // first entry: compressed size
    patched.writeUInt16LE(12, directoryStart + 46 + 'sheet/tileset.json'.length + 10); // second entry: bzip2
    const opened = await openArchive(patched);
    const [zip64Entry, bzip2Entry] = await readZipDirectory(opened.handle, opened.size);
    await expect(locateZipEntry(opened.handle, zip64Entry, opened.size)).rejects.toThrow(/'sheet\/tileset.json' uses ZIP64 sizes/);
    await expect(locateZipEntry(opened.handle, bzip2Entry, opened.size)).rejects.toThrow(/compression method 12; only 0 \(stored\) and 8 \(deflate\)/);
    await opened.handle.close();
  });

  it('fails the stream (instead of sending wrong bytes) when the CRC does not match', async () => {
    const directoryStart = archive.readUInt32LE(archive.length - 22 + 16);
    const patched = Buffer.from(archive);
    patched.writeUInt32LE(patched.readUInt32LE(directoryStart + 16) ^ 1, directoryStart + 16);
    const { path, handle, size } = await openArchive(patched);
    const [entry] = await readZipDirectory(handle, size);
    await handle.close();
    await expect(readEntry(path, entry)).rejects.toThrow(/CRC mismatch in ZIP entry 'sheet\/tileset.json'/);
  });

  it('closes the file when the reader destroys the stream early', async () => {
    const { path, handle, size } = await openArchive(archive);
    const [, noise] = await readZipDirectory(handle, size);
    const stream = streamZipEntry(handle, await locateZipEntry(handle, noise, size));
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    for (let attempt = 0; attempt < 50 && descriptorsOf(path) > 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(descriptorsOf(path)).toBe(0);
  });
});

describe('ZipDirectoryCache', () => {
  it('reads a directory once per path, size and mtime', async () => {
    const cache = new ZipDirectoryCache(2);
    const { path, handle, size, mtimeMs } = await openArchive(archive);
    const first = await cache.entries(handle, { path, size, mtimeMs });
    await handle.close();
    // A closed handle cannot be read: only the cache can answer.
    expect(await cache.entries(handle, { path, size, mtimeMs })).toBe(first);
    await expect(cache.entries(handle, { path, size, mtimeMs: mtimeMs + 1 })).rejects.toThrow();
  });
});

describe('entryBesideTileset', () => {
  const entry = (name: string): ZipEntryInfo => ({ name, method: 0, compressedSize: 0, uncompressedSize: 0, localHeaderOffset: 0, crc32: 0, flags: 0 });
  const entries = ['a/b/tileset.json', 'a/b/x.glb', 'a/tileset.json', 'a/x.glb', 'a/README.txt', 'x.glb', 'a/mytileset.json'].map(entry);

  it('looks the file up beside the tileset.json with the fewest path segments', () => {
    expect(entryBesideTileset(entries, 'x.glb')?.name).toBe('a/x.glb');
    expect(entryBesideTileset(entries, 'tileset.json')?.name).toBe('a/tileset.json');
    expect(entryBesideTileset(entries, 'b.glb')).toBeUndefined();
  });

  it('uses the root when tileset.json is there, and finds nothing without a tileset', () => {
    expect(entryBesideTileset([...entries, entry('tileset.json')], 'x.glb')?.name).toBe('x.glb');
    expect(entryBesideTileset([entry('a/mytileset.json'), entry('a/x.glb')], 'x.glb')).toBeUndefined();
  });
});
