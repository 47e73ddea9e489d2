/**
 * Screen rectangles of Cesium labels (CSS pixels, top-left origin): what the label declutter
 * (core/overlay/labelDeclutter.ts) places and what the test hook's `visibleLabelRects()` reports. Only lazily
 * loaded code calls these (they take the Cesium module as an argument).
 */
import type { Label, LabelCollection, Scene } from 'cesium';

type CesiumModule = typeof import('cesium');

export interface LabelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Cesium's own box of a label's glyphs at a screen position (not in its typings). */
type BoundingBoxFunction = (label: Label, screenSpacePosition: { x: number; y: number }) => { x: number; y: number; width: number; height: number };

/** Line height of a label's text, in CSS px per px of font, for the estimate before its glyphs exist. */
const LINE_HEIGHT = 1.35;

/** A rough box for a label whose glyphs Cesium has not laid out yet (first frame): text width by character class. */
export function estimatedLabelRect(text: string, fontPixels: number, scale: number, anchor: { x: number; y: number }, verticalOrigin: 'center' | 'bottom'): LabelRect {
  let units = 0;
  for (const character of text) units += /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/.test(character) ? 1 : 0.6;
  const width = units * fontPixels * scale;
  const height = fontPixels * LINE_HEIGHT * scale;
  return { x: anchor.x - width / 2, y: verticalOrigin === 'bottom' ? anchor.y - height : anchor.y - height / 2, width, height };
}

/**
 * Where a label is drawn on screen (CSS px; its anchor with eye and pixel offsets), or undefined behind the globe.
 * A label clamped to the ground is drawn by its glyphs at their clamped position, which `label.computeScreenSpacePosition`
 * does not follow (it projects the unclamped position, tens of pixels off in an oblique view): the first glyph's
 * billboard gives the drawn anchor; before the glyphs exist, the label's own position does.
 */
export function labelAnchor(scene: Scene, label: Label): { x: number; y: number } | undefined {
  type GlyphBillboard = { _translate?: { x: number; y: number }; computeScreenSpacePosition(scene: Scene): { x: number; y: number } | undefined };
  const glyphs = (label as unknown as { _glyphs?: Array<{ billboard?: GlyphBillboard }> })._glyphs;
  const glyph = glyphs?.find((entry) => entry.billboard !== undefined)?.billboard;
  if (!glyph) return label.computeScreenSpacePosition(scene);
  // A glyph's screen position is the label's anchor plus the glyph's own offset in the text (`_translate`).
  const position = glyph.computeScreenSpacePosition(scene);
  const translate = glyph._translate ?? { x: 0, y: 0 };
  return position ? { x: position.x - translate.x, y: position.y - translate.y } : undefined;
}

/** Whether a label is within its distance display condition at the camera's position. */
export function labelInDistance(Cesium: CesiumModule, scene: Scene, label: Label): boolean {
  const condition = label.distanceDisplayCondition;
  if (!condition) return true;
  const distance = Cesium.Cartesian3.distance(scene.camera.positionWC, label.position);
  return distance >= condition.near && distance <= condition.far;
}

/**
 * The label's screen box, or null when it is behind the globe or not laid out on screen. `estimated` is true
 * when Cesium has no glyphs for it yet and the box is {@link estimatedLabelRect}'s.
 */
export function labelScreenRect(Cesium: CesiumModule, scene: Scene, label: Label, fontPixels = 26): (LabelRect & { estimated: boolean }) | null {
  let anchor: { x: number; y: number } | undefined;
  try {
    anchor = labelAnchor(scene, label);
  } catch {
    return null;
  }
  if (!anchor || !Number.isFinite(anchor.x) || !Number.isFinite(anchor.y)) return null;
  const boxOf = (Cesium.Label as unknown as { getScreenSpaceBoundingBox?: BoundingBoxFunction } | undefined)?.getScreenSpaceBoundingBox;
  const box = boxOf ? boxOf(label, anchor) : null;
  if (box && box.width > 0 && box.height > 0 && Number.isFinite(box.x)) return { x: box.x, y: box.y, width: box.width, height: box.height, estimated: false };
  const origins = Cesium.VerticalOrigin as typeof Cesium.VerticalOrigin | undefined;
  const bottom = origins !== undefined && (label.verticalOrigin === origins.BOTTOM || label.verticalOrigin === origins.BASELINE);
  return { ...estimatedLabelRect(label.text ?? '', fontPixels, label.scale ?? 1, anchor, bottom ? 'bottom' : 'center'), estimated: true };
}

function onCanvas(scene: Scene, rect: LabelRect): boolean {
  const width = scene.canvas.clientWidth;
  const height = scene.canvas.clientHeight;
  return rect.x + rect.width > 0 && rect.y + rect.height > 0 && rect.x < width && rect.y < height;
}

/** Every label collection in the scene's primitives, nested collections included. */
function labelCollections(Cesium: CesiumModule, collection: { length: number; get(index: number): unknown }, out: LabelCollection[]): LabelCollection[] {
  for (let i = 0; i < collection.length; i++) {
    const primitive = collection.get(i);
    if (primitive instanceof Cesium.LabelCollection) out.push(primitive);
    else if (primitive instanceof Cesium.PrimitiveCollection) labelCollections(Cesium, primitive, out);
  }
  return out;
}

/**
 * The screen boxes of the labels drawn now, with their text: in a shown collection, shown, within their distance
 * condition and at least partly on the canvas. Labels hidden behind buildings or terrain by the depth test
 * still count (the depth buffer is not read).
 */
export function visibleLabelRects(Cesium: CesiumModule, scene: Scene): Array<LabelRect & { text: string }> {
  const rects: Array<LabelRect & { text: string }> = [];
  if (scene.isDestroyed()) return rects;
  for (const collection of labelCollections(Cesium, scene.primitives, [])) {
    if (!collection.show) continue;
    for (let i = 0; i < collection.length; i++) {
      const label = collection.get(i);
      if (!label.show || !labelInDistance(Cesium, scene, label)) continue;
      const rect = labelScreenRect(Cesium, scene, label);
      if (!rect || !onCanvas(scene, rect)) continue;
      rects.push({ x: rect.x, y: rect.y, width: rect.width, height: rect.height, text: label.text });
    }
  }
  return rects;
}

export { onCanvas as rectOnCanvas };
