/**
 * Draws an overlay's lines and polygons as batched Cesium primitives — per overlay one polygon-fill primitive
 * (GroundPrimitive, or a Primitive of extruded polygons when `display.extrudedHeightProperty` is set), one
 * outline primitive and one line primitive (GroundPolylinePrimitive), each holding every feature as a geometry
 * instance with its own colour and `id` = the entity id (so scene picking gives the feature back), plus one
 * LabelCollection of polygon names at their label points. Never an Entity per feature.
 *
 * Reconciling by entity id: {@link planReconcile} decides which features were added, changed or removed.
 * Labels are edited in place. A batched primitive, though, is compiled once from its geometry instances (their
 * geometry is tessellated and merged into shared vertex buffers on a worker and then released), so it cannot
 * take, lose or reshape one instance afterwards; a batch whose features changed is rebuilt as a whole, and only
 * that batch — a refresh that changes only labels rebuilds nothing, and a change to lines leaves the polygons
 * alone. The old primitive stays on screen until its replacement is ready, so a refresh does not blink.
 */
import type { GeometryInstance, Label, LabelCollection, Primitive, Scene } from 'cesium';
import type { OverlayManifest } from '../manifests/schemas';
import { parseCssColour, type Rgb } from './colour';
import type { LonLat, OverlayFeature } from './features';
import { FeatureDrawer, type DrawnFeature } from './drawnFeatures';
import type { KeyedFeature, ReconcilePlan } from './reconcile';
import { DEFAULT_LABEL_PRIORITY } from './declutter';
import { labelDeclutterFor, type LabelEntry, type LabelSource } from './labelDeclutter';
import type { MarkerStyle } from './markerDrawer';

type CesiumModule = typeof import('cesium');

/**
 * Opacity of polygon fills whose colour gives no alpha, so the map stays readable under a filled boundary;
 * outlines, lines and extrusions are opaque unless their colour says otherwise.
 */
export const POLYGON_FILL_ALPHA = 0.45;

/** Per-feature styling of shapes: the marker hooks, of which shapes also read `alpha`, `outlineColour` and `extrudedHeightMeters`. */
export type ShapeStyle = MarkerStyle;

/** The three batches of one overlay. */
export type ShapeBatch = 'fill' | 'outline' | 'line';

interface DrawnShape extends DrawnFeature {
  label: Label | null;
}

interface BatchState {
  /** The primitive on screen. */
  current: Primitive | null;
  /** Its replacement while it compiles. */
  pending: Primitive | null;
  dirty: boolean;
}

/** A manifest CSS colour with its alpha (null when the colour gives none). Parses `#rrggbbaa` too. */
export function parseManifestColour(css: string): { rgb: Rgb; alpha: number | null } {
  const text = css.trim();
  const hex8 = /^#([0-9a-f]{6})([0-9a-f]{2})$/i.exec(text);
  if (hex8) return { rgb: parseCssColour(`#${hex8[1]}`), alpha: parseInt(hex8[2], 16) / 255 };
  const parts = /^rgba?\(([^)]*)\)$/i.exec(text)?.[1].split(',');
  const alpha = parts && parts.length === 4 ? Number(parts[3]) : Number.NaN;
  return { rgb: parseCssColour(text), alpha: Number.isFinite(alpha) ? Math.min(1, Math.max(0, alpha)) : null };
}

/**
 * The colour a shape is drawn in: in textureless mode the manifest's `texturelessColour` when it has one
 * (SPEC §1 textured / textureless), else the feature's colour. The alpha is the manifest colour's own (so
 * `rgba(255,140,0,0.18)` gives a light fill), or null when it gives none.
 */
export function shapeColour(
  manifest: OverlayManifest,
  style: ShapeStyle,
  properties: Record<string, unknown>,
  textured: boolean,
): { rgb: Rgb; alpha: number | null } {
  const display = manifest.display;
  if (!textured && display?.texturelessColour) return parseManifestColour(display.texturelessColour);
  const rgb = style.colour(properties);
  const featureAlpha = style.alpha?.(properties) ?? null;
  const alpha = featureAlpha ?? (!display?.colourProperty && display?.colour ? parseManifestColour(display.colour).alpha : null);
  return { rgb, alpha };
}

/** Vertices closer than this (degrees, about 0.1 mm) count as one. */
const SAME_VERTEX_DEGREES = 1e-9;

/**
 * A path without repeated consecutive vertices and, for a ring, without the closing repeat of its first vertex.
 * Feeds do repeat vertices (79 in the 2019 constituency boundaries), and a zero-length segment makes Cesium's
 * geometry worker normalise a zero vector, which throws and stops the whole scene rendering. Returns null when
 * too few vertices remain to draw (3 for a ring, 2 for a line).
 */
export function distinctPath(points: readonly LonLat[], closed: boolean): LonLat[] | null {
  const same = (a: LonLat, b: LonLat) => Math.abs(a[0] - b[0]) < SAME_VERTEX_DEGREES && Math.abs(a[1] - b[1]) < SAME_VERTEX_DEGREES;
  const out: LonLat[] = [];
  for (const point of points) if (out.length === 0 || !same(out[out.length - 1], point)) out.push(point);
  if (closed) while (out.length > 1 && same(out[0], out[out.length - 1])) out.pop();
  return out.length >= (closed ? 3 : 2) ? out : null;
}

/** The outline of a polygon: the style's per-feature colour (a handler's), else the manifest's `outlineColour`; null: none. */
export function outlineColour(manifest: OverlayManifest, style: ShapeStyle, properties: Record<string, unknown>): { rgb: Rgb; alpha: number } | null {
  const featureOutline = style.outlineColour?.(properties) ?? null;
  if (featureOutline) return featureOutline;
  const css = manifest.display?.outlineColour;
  if (!css) return null;
  const { rgb, alpha } = parseManifestColour(css);
  return { rgb, alpha: alpha ?? 1 };
}

/**
 * Extrusion height of a feature in metres, or null when the manifest does not extrude or the value is no number.
 * A style's `extrudedHeightMeters` (a handler converting the feed's unit, e.g. feet) replaces the property's value.
 */
export function extrudedHeight(manifest: OverlayManifest, properties: Record<string, unknown>, style?: ShapeStyle): number | null {
  const property = manifest.display?.extrudedHeightProperty;
  if (!property) return null;
  if (style?.extrudedHeightMeters) {
    const metres = style.extrudedHeightMeters(properties);
    return metres !== null && Number.isFinite(metres) ? metres : null;
  }
  const value = Number(properties[property]);
  return properties[property] !== null && properties[property] !== '' && Number.isFinite(value) ? value : null;
}

export class ShapeDrawer extends FeatureDrawer<DrawnShape> implements LabelSource {
  private readonly labels: LabelCollection;
  private readonly batches: Record<ShapeBatch, BatchState> = {
    fill: { current: null, pending: null, dirty: false },
    outline: { current: null, pending: null, dirty: false },
    line: { current: null, pending: null, dirty: false },
  };
  private show = true;
  private destroyed = false;
  /** Batches rebuilt by the last {@link apply} or {@link setTextured} (tests, diagnostics). */
  lastRebuilt: ShapeBatch[] = [];
  private readonly removePostRender: () => void;
  /** The scene's label declutter (shared with every overlay's markers); see labelDeclutter.ts. */
  private readonly declutter: ReturnType<typeof labelDeclutterFor>;
  private readonly unregisterLabels: () => void;

  constructor(
    private readonly Cesium: CesiumModule,
    private readonly scene: Scene,
    private readonly manifest: OverlayManifest,
    private readonly style: ShapeStyle,
    private textured: boolean,
  ) {
    super();
    this.labels = scene.primitives.add(new Cesium.LabelCollection({ scene }));
    this.removePostRender = scene.postRender.addEventListener(() => this.swapReadyBatches());
    this.declutter = labelDeclutterFor(Cesium, scene);
    this.unregisterLabels = this.declutter.register(this);
  }

  /** The declutter's hook: the polygon names drawn now, with the manifest's `display.labelPriority`. */
  collectLabels(out: LabelEntry[]): void {
    if (this.destroyed || !this.show) return;
    const priority = this.manifest.display?.labelPriority ?? DEFAULT_LABEL_PRIORITY;
    for (const [id, shape] of this.drawn) {
      if (shape.label) out.push({ key: `${this.manifest.id}|${id}`, label: shape.label, priority, occludable: false });
    }
  }

  /** Reconciles the drawn shapes with `next` (features without a shape are ignored); returns the plan applied. */
  apply(next: ReadonlyArray<KeyedFeature<OverlayFeature>>): ReconcilePlan<OverlayFeature> {
    const plan = this.planAgainst(next.filter((item) => item.value.shape !== undefined));
    for (const id of plan.removed) {
      const shape = this.drawn.get(id)!;
      this.markBatches(shape.feature);
      if (shape.label) this.labels.remove(shape.label);
      this.drawn.delete(id);
    }
    for (const item of plan.updated) {
      const shape = this.drawn.get(item.id)!;
      if (this.geometryKey(shape.feature) !== this.geometryKey(item.value)) {
        this.markBatches(shape.feature);
        this.markBatches(item.value);
      }
      shape.label = this.updateLabel(shape.label, item.value);
      shape.signature = item.signature;
      shape.feature = item.value;
    }
    for (const item of plan.added) {
      this.markBatches(item.value);
      this.drawn.set(item.id, { signature: item.signature, feature: item.value, label: this.updateLabel(null, item.value) });
    }
    this.rebuildDirty();
    if (plan.removed.length + plan.updated.length + plan.added.length > 0) this.declutter.markDirty();
    return plan;
  }

  /** Textured / textureless mode changed: fills and lines change colour, so their batches are rebuilt (outlines keep theirs). */
  setTextured(textured: boolean): void {
    if (textured === this.textured) return;
    this.textured = textured;
    if (!this.manifest.display?.texturelessColour) return;
    for (const shape of this.drawn.values()) {
      for (const batch of this.batchesOf(shape.feature)) if (batch !== 'outline') this.batches[batch].dirty = true;
    }
    this.rebuildDirty();
  }

  setShow(show: boolean): void {
    this.show = show;
    this.labels.show = show;
    this.declutter.markDirty();
    for (const batch of Object.values(this.batches)) {
      if (batch.current) batch.current.show = show;
      if (batch.pending) batch.pending.show = show;
    }
  }

  /** Screen position (CSS px) of a shape's label point, or null when not drawn or behind the globe. */
  screenPosition(id: string): { x: number; y: number } | null {
    const shape = this.drawn.get(id);
    if (!shape) return null;
    if (shape.label) {
      try {
        const position = shape.label.computeScreenSpacePosition(this.scene);
        if (position) return { x: position.x, y: position.y };
      } catch {
        // Not yet positioned (label clamped to terrain not loaded): fall back to the anchor on the ellipsoid.
      }
    }
    const world = this.Cesium.Cartesian3.fromDegrees(shape.feature.longitude, shape.feature.latitude);
    const window = this.Cesium.SceneTransforms.worldToWindowCoordinates(this.scene, world);
    return window ? { x: window.x, y: window.y } : null;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.removePostRender();
    this.unregisterLabels();
    this.drawn.clear();
    if (this.scene.isDestroyed()) return;
    this.scene.primitives.remove(this.labels);
    for (const batch of Object.values(this.batches)) {
      if (batch.current) this.scene.primitives.remove(batch.current);
      if (batch.pending) this.scene.primitives.remove(batch.pending);
      batch.current = null;
      batch.pending = null;
    }
  }

  /** Everything a batch's geometry depends on; a change of anything else (a popup field) leaves the batch alone. */
  private geometryKey(feature: OverlayFeature): string {
    const colour = shapeColour(this.manifest, this.style, feature.properties, this.textured);
    return JSON.stringify([feature.shape, colour, outlineColour(this.manifest, this.style, feature.properties), extrudedHeight(this.manifest, feature.properties, this.style)]);
  }

  private batchesOf(feature: OverlayFeature): ShapeBatch[] {
    if (feature.shape?.type === 'lines') return ['line'];
    if (feature.shape?.type === 'polygons') return outlineColour(this.manifest, this.style, feature.properties) ? ['fill', 'outline'] : ['fill'];
    return [];
  }

  private markBatches(feature: OverlayFeature): void {
    for (const batch of this.batchesOf(feature)) this.batches[batch].dirty = true;
  }

  private rebuildDirty(): void {
    this.lastRebuilt = [];
    for (const name of ['fill', 'outline', 'line'] as const) {
      const batch = this.batches[name];
      if (!batch.dirty) continue;
      batch.dirty = false;
      this.lastRebuilt.push(name);
      if (batch.pending) this.scene.primitives.remove(batch.pending);
      batch.pending = this.buildBatch(name);
      if (batch.pending) batch.pending.show = this.show;
      else if (batch.current) {
        this.scene.primitives.remove(batch.current);
        batch.current = null;
      }
    }
    this.scene.requestRender();
  }

  /** After a frame: a rebuilt batch that has compiled replaces the one on screen. */
  private swapReadyBatches(): void {
    for (const batch of Object.values(this.batches)) {
      if (!batch.pending || !batch.pending.ready) continue;
      if (batch.current) this.scene.primitives.remove(batch.current);
      batch.current = batch.pending;
      batch.pending = null;
    }
  }

  private positions(ring: readonly LonLat[]) {
    return this.Cesium.Cartesian3.fromDegreesArray(ring.flatMap(([lon, lat]) => [lon, lat]));
  }

  private colourOf(rgb: Rgb, alpha: number) {
    return this.Cesium.Color.fromBytes(rgb[0], rgb[1], rgb[2], Math.round(alpha * 255));
  }

  private buildBatch(name: ShapeBatch): Primitive | null {
    const Cesium = this.Cesium;
    const display = this.manifest.display;
    const instances: GeometryInstance[] = [];
    const extruded = name === 'fill' && display?.extrudedHeightProperty !== undefined;
    const base = display?.heightOffsetMeters ?? 0;
    // An extrusion is drawn opaque (depth-sorted with the buildings) unless a feature's colour asks for see-through.
    let translucent = false;
    // The manifest's display range applies to the shapes as to their labels (each feature by its own distance).
    const range =
      display?.maximumDistanceMeters !== undefined || display?.minimumDistanceMeters !== undefined
        ? { distanceDisplayCondition: new Cesium.DistanceDisplayConditionGeometryInstanceAttribute(display?.minimumDistanceMeters ?? 0, display?.maximumDistanceMeters ?? Number.MAX_VALUE) }
        : {};
    for (const { feature } of this.drawn.values()) {
      const shape = feature.shape;
      if (!shape || !this.batchesOf(feature).includes(name)) continue;
      const { rgb, alpha } = shapeColour(this.manifest, this.style, feature.properties, this.textured);
      if (name === 'line' && shape.type === 'lines') {
        const color = Cesium.ColorGeometryInstanceAttribute.fromColor(this.colourOf(rgb, alpha ?? 1));
        for (const line of shape.lines) {
          const path = distinctPath(line, false);
          if (!path) continue;
          instances.push(
            new Cesium.GeometryInstance({
              id: feature.id,
              geometry: new Cesium.GroundPolylineGeometry({ positions: this.positions(path), width: display?.lineWidthPixels ?? 2 }),
              attributes: { color, ...range },
            }),
          );
        }
      } else if (name === 'outline' && shape.type === 'polygons') {
        const outline = outlineColour(this.manifest, this.style, feature.properties)!;
        const color = Cesium.ColorGeometryInstanceAttribute.fromColor(this.colourOf(outline.rgb, outline.alpha));
        for (const ring of shape.polygons.flat()) {
          const path = distinctPath(ring, true);
          if (!path) continue;
          instances.push(
            new Cesium.GeometryInstance({
              id: feature.id,
              geometry: new Cesium.GroundPolylineGeometry({ positions: this.positions(path), width: display?.lineWidthPixels ?? 2, loop: true }),
              attributes: { color, ...range },
            }),
          );
        }
      } else if (name === 'fill' && shape.type === 'polygons') {
        const height = extruded ? extrudedHeight(this.manifest, feature.properties, this.style) : null;
        if (extruded && height === null) continue;
        const fillAlpha = alpha ?? (extruded ? 1 : POLYGON_FILL_ALPHA);
        if (fillAlpha < 1) translucent = true;
        const color = Cesium.ColorGeometryInstanceAttribute.fromColor(this.colourOf(rgb, fillAlpha));
        for (const rings of shape.polygons) {
          const outer = distinctPath(rings[0], true);
          if (!outer) continue;
          const holes = rings.slice(1).flatMap((hole) => {
            const path = distinctPath(hole, true);
            return path ? [new Cesium.PolygonHierarchy(this.positions(path))] : [];
          });
          const polygonHierarchy = new Cesium.PolygonHierarchy(this.positions(outer), holes);
          instances.push(
            new Cesium.GeometryInstance({
              id: feature.id,
              geometry: extruded
                ? new Cesium.PolygonGeometry({ polygonHierarchy, height: base, extrudedHeight: base + height! })
                : new Cesium.PolygonGeometry({ polygonHierarchy }),
              attributes: { color, ...range },
            }),
          );
        }
      }
    }
    if (instances.length === 0) return null;
    let primitive: Primitive;
    if (name === 'fill' && extruded) {
      // Extrusions stand on the ellipsoid plus `heightOffsetMeters` (a batch cannot follow the terrain per feature).
      primitive = new Cesium.Primitive({
        geometryInstances: instances,
        appearance: new Cesium.PerInstanceColorAppearance({ translucent, closed: true }),
      });
    } else if (name === 'fill') {
      primitive = new Cesium.GroundPrimitive({
        geometryInstances: instances,
        appearance: new Cesium.PerInstanceColorAppearance({ flat: true, translucent: true }),
      }) as unknown as Primitive;
    } else {
      primitive = new Cesium.GroundPolylinePrimitive({
        geometryInstances: instances,
        appearance: new Cesium.PolylineColorAppearance(),
      }) as unknown as Primitive;
    }
    return this.scene.primitives.add(primitive);
  }

  private updateLabel(label: Label | null, feature: OverlayFeature): Label | null {
    const text = feature.shape?.type === 'polygons' ? this.style.label(feature.properties) : null;
    if (text === null) {
      if (label) this.labels.remove(label);
      return null;
    }
    const position = this.Cesium.Cartesian3.fromDegrees(feature.longitude, feature.latitude);
    if (label) {
      label.text = text;
      label.position = position;
      return label;
    }
    const Cesium = this.Cesium;
    return this.labels.add({
      id: feature.id,
      position,
      text,
      font: '600 26px "Noto Sans", "Noto Sans CJK TC", sans-serif',
      scale: 0.5,
      fillColor: Cesium.Color.WHITE,
      outlineColor: Cesium.Color.fromBytes(20, 20, 20),
      outlineWidth: 4,
      style: Cesium.LabelStyle.FILL_AND_OUTLINE,
      verticalOrigin: Cesium.VerticalOrigin.CENTER,
      horizontalOrigin: Cesium.HorizontalOrigin.CENTER,
      heightReference: Cesium.HeightReference.CLAMP_TO_GROUND,
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
      distanceDisplayCondition:
        this.manifest.display?.maximumDistanceMeters !== undefined || this.manifest.display?.minimumDistanceMeters !== undefined
          ? new Cesium.DistanceDisplayCondition(this.manifest.display?.minimumDistanceMeters ?? 0, this.manifest.display?.maximumDistanceMeters ?? Number.MAX_VALUE)
          : undefined,
    });
  }
}
