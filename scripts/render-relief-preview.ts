/**
 * Renders a block of shaded-relief tiles around Hong Kong into one PNG, to eyeball the base map style.
 * Usage: npx tsx scripts/render-relief-preview.ts [zoom=10] [out=/tmp/relief-preview.png] [span=3] [lon] [lat]
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDemSampler } from '../server/terrain/dem';
import { encodePng, renderReliefRgba, TILE_SIZE } from '../server/terrain/relief';

const z = Number(process.argv[2] ?? 10);
const out = process.argv[3] ?? '/tmp/relief-preview.png';
const span = Number(process.argv[4] ?? 3);
const centre = { lon: Number(process.argv[5] ?? 114.14), lat: Number(process.argv[6] ?? 22.36) };

const sampler = createDemSampler(resolve(import.meta.dirname, '..', 'data'));
const n = 2 ** z;
const cx = Math.floor(((centre.lon + 180) / 360) * n);
const latR = (centre.lat * Math.PI) / 180;
const cy = Math.floor(((1 - Math.log(Math.tan(latR) + 1 / Math.cos(latR)) / Math.PI) / 2) * n);
const x0 = cx - Math.floor(span / 2);
const y0 = cy - Math.floor(span / 2);
const W = span * TILE_SIZE;
const img = new Uint8Array(W * W * 4);
const t0 = performance.now();
for (let ty = 0; ty < span; ty++) {
  for (let tx = 0; tx < span; tx++) {
    const rgba = renderReliefRgba(sampler, z, x0 + tx, y0 + ty);
    for (let row = 0; row < TILE_SIZE; row++) {
      const src = row * TILE_SIZE * 4;
      const dst = ((ty * TILE_SIZE + row) * W + tx * TILE_SIZE) * 4;
      img.set(rgba.subarray(src, src + TILE_SIZE * 4), dst);
    }
  }
}
const ms = performance.now() - t0;
writeFileSync(out, encodePng(img, W, W));
console.log(
  `z${z} tiles x ${x0}..${x0 + span - 1}, y ${y0}..${y0 + span - 1} -> ${out}; ` +
    `sampler ${sampler.buildMs.toFixed(0)} ms, ${(ms / (span * span)).toFixed(1)} ms/tile`,
);
