/**
 * Built-in marker symbols (manifest `display.symbol`: circle, square, arrow, camera) and cluster discs, each
 * drawn once per look on a canvas and shared through Cesium's texture atlas by image id. Symbols are drawn
 * pointing north (up) so a billboard's rotation turns them to a bearing.
 */
import type { Rgb } from './colour';

export type SymbolName = 'circle' | 'square' | 'arrow' | 'camera';

export interface SymbolImage {
  /** Texture-atlas id: equal looks share one image. */
  id: string;
  canvas: HTMLCanvasElement;
}

/** Canvas pixels per CSS pixel: symbols stay sharp on high-density screens. */
const PIXEL_RATIO = 2;
/** Room around the shape for the outline, canvas pixels. */
const MARGIN = 4;

const cache = new Map<string, HTMLCanvasElement>();

const css = (rgb: Rgb) => `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;

function cached(id: string, size: number, draw: (context: CanvasRenderingContext2D, size: number) => void): SymbolImage {
  const hit = cache.get(id);
  if (hit) return { id, canvas: hit };
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (context) draw(context, size);
  cache.set(id, canvas);
  return { id, canvas };
}

/** Traces the symbol's outline as one path centred in a `size` square, shape `extent` canvas pixels across. */
function tracePath(context: CanvasRenderingContext2D, symbol: SymbolName, size: number, extent: number): void {
  const centre = size / 2;
  const half = extent / 2;
  context.beginPath();
  switch (symbol) {
    case 'circle':
      context.arc(centre, centre, half, 0, Math.PI * 2);
      break;
    case 'square':
      context.rect(centre - half, centre - half, extent, extent);
      break;
    case 'arrow':
      // Points up (north): head from the tip to 45% down, a shaft to the bottom.
      context.moveTo(centre, centre - half);
      context.lineTo(centre + half * 0.8, centre - half * 0.1);
      context.lineTo(centre + half * 0.28, centre - half * 0.1);
      context.lineTo(centre + half * 0.28, centre + half);
      context.lineTo(centre - half * 0.28, centre + half);
      context.lineTo(centre - half * 0.28, centre - half * 0.1);
      context.lineTo(centre - half * 0.8, centre - half * 0.1);
      context.closePath();
      break;
    case 'camera': {
      // A body with a viewfinder bump on top; the lens is cut out by the caller's second fill.
      const bodyTop = centre - half * 0.5;
      context.rect(centre - half, bodyTop, extent, half * 1.4);
      context.rect(centre - half * 0.35, centre - half * 0.8, half * 0.7, half * 0.3);
      break;
    }
  }
}

/** A symbol in `fill` with an outline (dark grey when the manifest gives none), `sizePixels` CSS pixels across. */
export function symbolImage(symbol: SymbolName, fill: Rgb, sizePixels: number, outline: Rgb | null): SymbolImage {
  const stroke: Rgb = outline ?? [40, 40, 40];
  const id = `overlay-symbol|${symbol}|${fill.join(',')}|${sizePixels}|${stroke.join(',')}`;
  const extent = sizePixels * PIXEL_RATIO;
  return cached(id, Math.ceil(extent) + MARGIN * 2, (context, size) => {
    tracePath(context, symbol, size, extent);
    context.fillStyle = css(fill);
    context.fill();
    context.lineWidth = PIXEL_RATIO * 1.5;
    context.lineJoin = 'round';
    context.strokeStyle = css(stroke);
    context.stroke();
    if (symbol === 'camera') {
      context.beginPath();
      context.arc(size / 2, size / 2 + extent * 0.1, extent * 0.22, 0, Math.PI * 2);
      context.fillStyle = css(stroke);
      context.fill();
    }
  });
}

/** Cluster disc colour and outline. */
const CLUSTER_FILL: Rgb = [24, 92, 160];
const CLUSTER_OUTLINE: Rgb = [255, 255, 255];

/** Diameter of a cluster disc, CSS pixels: wide enough for a label of `labelLength` characters. */
export function clusterDiameterPixels(labelLength: number): number {
  return 26 + Math.max(0, labelLength - 2) * 7;
}

/** A cluster's disc for a label of `labelLength` characters (the label itself is a Cesium label on top). */
export function clusterImage(labelLength: number): SymbolImage {
  const diameter = clusterDiameterPixels(labelLength) * PIXEL_RATIO;
  return cached(`overlay-cluster|${diameter}`, diameter + MARGIN * 2, (context, size) => {
    context.beginPath();
    context.arc(size / 2, size / 2, diameter / 2, 0, Math.PI * 2);
    context.fillStyle = css(CLUSTER_FILL);
    context.globalAlpha = 0.9;
    context.fill();
    context.globalAlpha = 1;
    context.lineWidth = PIXEL_RATIO * 2;
    context.strokeStyle = css(CLUSTER_OUTLINE);
    context.stroke();
  });
}

/** Canvas size of a symbol image for `sizePixels`, CSS pixels (billboard width and height). */
export function symbolDisplayPixels(sizePixels: number): number {
  return (Math.ceil(sizePixels * PIXEL_RATIO) + MARGIN * 2) / PIXEL_RATIO;
}
