/** An RGB colour, each channel 0..255. */
export type Rgb = readonly [number, number, number];

/** Colour used when a feed colour is not three numbers (SPEC §5: "default to red"). */
export const FALLBACK_RGB: Rgb = [255, 0, 0];

/**
 * Parses a feed colour such as `_value_1: "255,128,0"` (also accepts an array of three numbers).
 * Anything that is not exactly three finite numbers gives red; channels are clamped to 0..255.
 */
export function parseRgb(value: unknown): Rgb {
  let parts: unknown[];
  if (typeof value === 'string') parts = value.split(',').map((part) => part.trim());
  else if (Array.isArray(value)) parts = value;
  else return FALLBACK_RGB;
  if (parts.length !== 3) return FALLBACK_RGB;
  const numbers = parts.map((part) => (part === '' || part === null ? Number.NaN : Number(part)));
  if (numbers.some((n) => !Number.isFinite(n))) return FALLBACK_RGB;
  const clamp = (n: number) => Math.min(255, Math.max(0, Math.round(n)));
  return [clamp(numbers[0]), clamp(numbers[1]), clamp(numbers[2])];
}

/** `rgb(r, g, b)` for CSS (legend swatches, popup accents). */
export function rgbToCss(rgb: Rgb): string {
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

/** Parses `#rrggbb`, `#rgb` or `rgb(r,g,b)`; anything else gives red. */
export function parseCssColour(css: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(css.trim());
  if (hex) {
    const digits = hex[1].length === 3 ? hex[1].replace(/./g, (d) => d + d) : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const fn = /^rgba?\(([^)]*)\)$/i.exec(css.trim());
  if (fn) return parseRgb(fn[1].split(',').slice(0, 3).join(','));
  return FALLBACK_RGB;
}
