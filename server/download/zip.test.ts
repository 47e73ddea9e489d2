import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createZip, readZip } from './zip';

const MODIFIED = new Date(2026, 10, 21, 12, 0, 0);

describe('createZip', () => {
  it('round-trips deflated and stored entries with UTF-8 names', () => {
    const text = Buffer.from('solid\n'.repeat(1000));
    const random = Buffer.from(Array.from({ length: 256 }, (_, index) => (index * 73) % 256));
    const archive = createZip([{ name: 'a/terrain.obj', data: text }, { name: '中文/x.bin', data: random }], MODIFIED);
    expect(archive.length).toBeLessThan(text.length);
    const entries = readZip(archive);
    expect(entries.map((entry) => entry.name)).toEqual(['a/terrain.obj', '中文/x.bin']);
    expect(entries[0].data.equals(text)).toBe(true);
    expect(entries[1].data.equals(random)).toBe(true);
  });

  it('is deterministic for the same content and date', () => {
    const entries = [{ name: 'x.txt', data: Buffer.from('x') }];
    expect(createZip(entries, MODIFIED).equals(createZip(entries, MODIFIED))).toBe(true);
  });

  it('refuses entry names that would escape the extraction folder', () => {
    expect(() => createZip([{ name: '../evil', data: Buffer.alloc(1) }], MODIFIED)).toThrow(/Unsafe/);
    expect(() => createZip([{ name: '/abs', data: Buffer.alloc(1) }], MODIFIED)).toThrow(/Unsafe/);
  });

  it('is accepted by Python zipfile when Python is installed (an independent reader)', () => {
    let python = true;
    try {
      execFileSync('python3', ['--version']);
    } catch {
      python = false;
    }
    if (!python) return;
    const folder = mkdtempSync(join(tmpdir(), 'zip-test-'));
    const path = join(folder, 'test.zip');
    writeFileSync(path, createZip([{ name: 'a.txt', data: Buffer.from('hello '.repeat(50)) }], MODIFIED));
    const listing = execFileSync('python3', ['-c', `import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(z.read('a.txt').decode()[:5])`, path]).toString();
    expect(listing.trim()).toBe('hello');
  });
});
