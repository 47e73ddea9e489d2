import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDemSampler } from './dem';
import { RELIEF_STYLE_VERSION, ReliefTileStore } from './relief';

const dataDir = resolve(import.meta.dirname, '../../data');
const cacheDir = mkdtempSync(join(tmpdir(), 'relief-store-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('ReliefTileStore', () => {
  it('renders a tile once, shares concurrent requests, and reuses the disk cache in a new store', async () => {
    const sampler = getDemSampler(dataDir);
    const store = new ReliefTileStore(sampler, cacheDir);
    const [a, b] = await Promise.all([store.get(11, 1673, 892), store.get(11, 1673, 892)]);
    expect(a).toBe(b);
    await store.get(11, 1673, 892);
    expect(store.stats.rendered).toBe(1);
    expect(store.stats.memoryHits).toBe(1);
    const file = join(cacheDir, 'relief', RELIEF_STYLE_VERSION, '11', '1673', '892.png');
    for (let i = 0; i < 50 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(file)).toBe(true);
    const second = new ReliefTileStore(sampler, cacheDir);
    const c = await second.get(11, 1673, 892);
    expect(second.stats.rendered).toBe(0);
    expect(second.stats.diskHits).toBe(1);
    expect(c.equals(a)).toBe(true);
  });
});
