/**
 * The line burned into every rendered panorama, so nobody takes it for a photograph, wherever the picture ends up.
 * Drawn with the server's pixel font (server/data/pixelFont.ts, capitals only, no dash but '-') three times around
 * the image (ahead, and 120° to each side), a little below the horizon, white on a dark band.
 */
import { drawText, GLYPH_HEIGHT, textWidth } from '../data/pixelFont';

export const RENDERED_NOTICE = 'Rendered from the 3D map - not a photograph';
/** How far below the horizon the line sits, as a share of the image height (0.5 = the nadir). */
const NOTICE_BELOW_HORIZON = 0.1;

/** Pixel scale of the font for an image width: 1 up to 1535 pixels wide, then one more per 1024 pixels. */
export function noticeScale(width: number): number {
  return Math.max(1, Math.round(width / 1024));
}

/** Burns the notice into RGBA pixels of an equirectangular image `width` × `width / 2`. */
export function burnRenderedNotice(rgba: Uint8Array, width: number): void {
  const height = width / 2;
  const scale = noticeScale(width);
  const textPixels = textWidth(RENDERED_NOTICE, scale);
  const padding = 2 * scale;
  const top = Math.round(height * (0.5 + NOTICE_BELOW_HORIZON));
  for (const centre of [width / 2, width / 2 - width / 3, width / 2 + width / 3]) {
    const left = Math.round(centre - textPixels / 2);
    // The band darkens what is under it to 35 %, so the white text reads on sky, wall or road alike.
    for (let y = top - padding; y < top + GLYPH_HEIGHT * scale + padding; y += 1) {
      for (let x = left - padding; x < left + textPixels + padding; x += 1) {
        const offset = (y * width + ((x % width) + width) % width) * 4;
        for (let channel = 0; channel < 3; channel += 1) rgba[offset + channel] = Math.round(rgba[offset + channel] * 0.35);
      }
    }
    drawText(rgba, width, height, RENDERED_NOTICE, left, top, [255, 255, 255], scale);
  }
}
