import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDemSampler } from './dem';

const dataDir = resolve(import.meta.dirname, '../../data');

describe('DEM sampler', () => {
  const dem = getDemSampler(dataDir);

  it('puts Tai Mo Shan at ~950 m', () => {
    const h = dem.heightAt(114.1244, 22.4107);
    expect(h).not.toBeNull();
    expect(h!).toBeGreaterThanOrEqual(930);
    expect(h!).toBeLessThanOrEqual(970);
    expect(dem.sourceAt(114.1244, 22.4107)).toBe('landsd');
  });

  it('puts Victoria Harbour at sea level', () => {
    expect(Math.abs(dem.heightAt(114.17, 22.292)!)).toBeLessThan(1);
  });

  it('raises Lantau Peak above 800 m (summit 22.2490N 113.9200E, from the OSM peak in data/dem)', () => {
    expect(dem.heightAt(113.92, 22.249)!).toBeGreaterThan(800);
    // 22.2536N 113.9197E is ~500 m north of the summit, on its slope.
    expect(dem.heightAt(113.9197, 22.2536)!).toBeGreaterThan(500);
  });

  it('has Victoria Peak near its 552 m', () => {
    const h = dem.heightAt(114.1455, 22.2759)!;
    expect(h).toBeGreaterThan(480);
    expect(h).toBeLessThan(560);
  });

  it('has no data for Shenzhen west of 114E and falls back to SRTM east of it', () => {
    expect(dem.heightAt(113.9, 22.55)).toBeNull();
    expect(dem.sourceAt(113.9, 22.55)).toBeNull();
    expect(dem.sourceAt(114.05, 22.54)).toBe('srtm');
    expect(dem.heightAt(114.926, 22.923)!).toBeGreaterThan(1000); // Huizhou hills, SRTM only
    expect(dem.heightAt(10, 10)).toBeNull();
    expect(dem.heightAt(Number.NaN, 22.3)).toBeNull();
  });

  it('samples 10,000 points quickly', () => {
    const pts: [number, number][] = [];
    for (let i = 0; i < 10_000; i++) pts.push([113.85 + (i % 100) * 0.006, 22.15 + Math.floor(i / 100) * 0.004]);
    const t0 = performance.now();
    const hs = dem.heightsAt(pts);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(hs).toHaveLength(10_000);
  });
});
