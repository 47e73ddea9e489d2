import { describe, expect, it } from 'vitest';
import { GLYPH_HEIGHT, textWidth } from '../data/pixelFont';
import { burnRenderedNotice, noticeScale, RENDERED_NOTICE } from './renderLabel';

describe('burnRenderedNotice', () => {
  it('writes the notice three times, below the horizon, larger on larger images', () => {
    expect([1024, 2048, 4096].map(noticeScale)).toEqual([1, 2, 4]);
    const width = 2048;
    const height = width / 2;
    const rgba = new Uint8Array(width * height * 4).fill(128);
    burnRenderedNotice(rgba, width);
    const scale = noticeScale(width);
    const whiteColumns = (row: number) => {
      const columns: number[] = [];
      for (let x = 0; x < width; x += 1) if (rgba[(row * width + x) * 4] === 255) columns.push(x);
      return columns;
    };
    // Above the horizon nothing changed.
    expect(whiteColumns(height / 2 - 1)).toEqual([]);
    const top = Math.round(height * 0.6);
    let written: number[] = [];
    for (let row = top; row < top + GLYPH_HEIGHT * scale; row += 1) written = written.concat(whiteColumns(row));
    const textPixels = textWidth(RENDERED_NOTICE, scale);
    // Three copies, centred ahead (width / 2) and a third of the way round either side.
    for (const centre of [width / 2, width / 6, (5 * width) / 6]) {
      const inCopy = written.filter((x) => Math.abs(x - centre) <= textPixels / 2 + 1);
      expect(inCopy.length).toBeGreaterThan(100);
    }
    // The band under the text is darkened, so the white reads on a light sky or road.
    expect(rgba[((top - 1) * width + width / 2) * 4]).toBeLessThan(60);
  });
});
