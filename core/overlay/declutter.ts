/**
 * Label declutter rules (issue 12 "Labels pile up"): which labels of ALL overlays show at the current camera so
 * that no two shown labels overlap on screen. Pure (screen rectangles in, ids out), so the rules are tested
 * without Cesium; `labelDeclutter.ts` feeds it from the scene on camera changes, throttled.
 *
 * Rules, in order:
 * 1. A label that must show (the selected feature's) is placed first and always shown.
 * 2. Then by priority, highest first (the manifest's `display.labelPriority`: district names over layer readings
 *    over station names over landmark names).
 * 3. At equal priority a label shown last time comes before one hidden last time, then by id — so the same view
 *    gives the same answer and a pan does not swap two equal labels back and forth.
 * 4. A label is shown when its rectangle, grown by `gapPixels`, overlaps no label placed before it. A label hidden
 *    last time needs `reappearMarginPixels` more room (hysteresis), so a label at the edge of fitting does not
 *    flicker while the camera moves by a pixel or two.
 * Labels off screen or not drawn at the current distance are not candidates: they take no room.
 * Zooming in spreads the anchors apart, so hidden labels find room and come back without any rule of their own.
 */

/** A screen rectangle in CSS pixels; x, y is the top-left corner. */
export interface ScreenRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DeclutterCandidate {
  /** Unique across all overlays (e.g. `<overlay id>|<feature id>`). */
  id: string;
  rect: ScreenRect;
  /** Higher shows first. */
  priority: number;
  /** Shown after the previous pass (the flicker rule). */
  wasShown: boolean;
  /** Always shown, placed before everything (the selected feature's label). */
  mustShow?: boolean;
}

export interface DeclutterOptions {
  /** Empty space kept between two shown labels, px. */
  gapPixels?: number;
  /** Extra room a label hidden last time needs before it shows again, px. */
  reappearMarginPixels?: number;
}

/** Default space between two shown labels, px. */
export const DEFAULT_LABEL_GAP_PIXELS = 2;
/** Default extra room a hidden label needs to come back, px. */
export const DEFAULT_REAPPEAR_MARGIN_PIXELS = 6;
/** Priority of an overlay's labels when its manifest names none. */
export const DEFAULT_LABEL_PRIORITY = 50;

/** Whether two rectangles overlap once each is grown by `margin` on every side (touching edges do not overlap). */
export function rectsOverlap(a: ScreenRect, b: ScreenRect, margin = 0): boolean {
  return (
    a.x - margin < b.x + b.width + margin &&
    b.x - margin < a.x + a.width + margin &&
    a.y - margin < b.y + b.height + margin &&
    b.y - margin < a.y + a.height + margin
  );
}

function compareCandidates(a: DeclutterCandidate, b: DeclutterCandidate): number {
  if ((a.mustShow ?? false) !== (b.mustShow ?? false)) return a.mustShow ? -1 : 1;
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.wasShown !== b.wasShown) return a.wasShown ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Cell size of the spatial grid that keeps the pass near-linear for thousands of labels, px. */
const CELL_PIXELS = 64;

/** The ids of the candidates to show; every other candidate is hidden. */
export function declutter(candidates: ReadonlyArray<DeclutterCandidate>, options: DeclutterOptions = {}): Set<string> {
  const gap = options.gapPixels ?? DEFAULT_LABEL_GAP_PIXELS;
  const reappear = options.reappearMarginPixels ?? DEFAULT_REAPPEAR_MARGIN_PIXELS;
  const ordered = [...candidates].sort(compareCandidates);
  const shown = new Set<string>();
  const grid = new Map<string, ScreenRect[]>();
  const cellsOf = (rect: ScreenRect, margin: number): string[] => {
    const keys: string[] = [];
    const x0 = Math.floor((rect.x - margin) / CELL_PIXELS);
    const x1 = Math.floor((rect.x + rect.width + margin) / CELL_PIXELS);
    const y0 = Math.floor((rect.y - margin) / CELL_PIXELS);
    const y1 = Math.floor((rect.y + rect.height + margin) / CELL_PIXELS);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) keys.push(`${x},${y}`);
    return keys;
  };
  for (const candidate of ordered) {
    const rect = candidate.rect;
    if (!(Number.isFinite(rect.x) && Number.isFinite(rect.y) && rect.width >= 0 && rect.height >= 0)) continue;
    // Two shown labels keep `gap` between them; one hidden last time needs `reappear` more.
    const needed = gap + (candidate.wasShown || candidate.mustShow ? 0 : reappear);
    const fits =
      candidate.mustShow === true ||
      !cellsOf(rect, needed).some((key) => grid.get(key)?.some((placed) => rectsOverlap(rect, placed, needed / 2)) ?? false);
    if (!fits) continue;
    shown.add(candidate.id);
    for (const key of cellsOf(rect, 0)) {
      const cell = grid.get(key);
      if (cell) cell.push(rect);
      else grid.set(key, [rect]);
    }
  }
  return shown;
}

/**
 * Below this camera height (metres above the ellipsoid) name and value labels are depth-tested: a tower or a hill
 * in front of a label hides it, as it would hide a sign in the street. Higher up they are drawn over everything,
 * so an overview never loses a district name behind a ridge. Overlays with `depthTestControl` keep SPEC §4's rule.
 */
export const LABEL_DEPTH_TEST_BELOW_METERS = 2000;

/** A label's `disableDepthTestDistance` at a camera height: 0 (depth-tested, hidden behind things) close in, infinite above. */
export function labelDepthTestDistance(cameraHeightMeters: number): number {
  return cameraHeightMeters < LABEL_DEPTH_TEST_BELOW_METERS ? 0 : Number.POSITIVE_INFINITY;
}
