/**
 * Draws an overlay's features as Cesium primitives — one BillboardCollection and one LabelCollection per
 * overlay, never an Entity per feature — and reconciles realtime redraws by entity id: changed features are
 * updated in place, new ones added, missing ones removed.
 */
import type { Billboard, BillboardCollection, Label, LabelCollection, Scene } from 'cesium';
import type { OverlayManifest } from '../manifests/schemas';
import type { Language } from '../plugin/types';
import { parseCssColour, parseRgb, type Rgb } from './colour';
import type { OverlayFeature } from './features';
import { formatLabel } from './labelTemplate';
import { planReconcile, type KeyedFeature, type ReconcilePlan } from './reconcile';

type CesiumModule = typeof import('cesium');

/** SPEC §9 "Highlight ratio 1.5". */
export const SELECTED_SCALE = 1.5;

/** Per-feature styling hooks (an overlay handler may replace the manifest's rules). */
export interface MarkerStyle {
  colour(properties: Record<string, unknown>): Rgb;
  label(properties: Record<string, unknown>): string | null;
}

/** The manifest's style: `colourProperty` ("r,g,b", red otherwise) or `colour`, and `labelTemplate`. */
export function manifestMarkerStyle(manifest: OverlayManifest, language: () => Language = () => 'en-US'): MarkerStyle {
  const display = manifest.display;
  return {
    colour(properties) {
      if (display?.colourProperty) return parseRgb(properties[display.colourProperty]);
      if (display?.colour) return parseCssColour(display.colour);
      return parseRgb(undefined);
    },
    label(properties) {
      if (!display?.labelTemplate) return null;
      const text = formatLabel(display.labelTemplate, properties, language()).trim();
      return text === '' ? null : text;
    },
  };
}

interface DrawnMarker {
  signature: string;
  feature: OverlayFeature;
  billboard: Billboard | null;
  label: Label | null;
}

const circleCache = new Map<string, HTMLCanvasElement>();

/** A filled circle with an outline, drawn once per colour and size and shared through the texture atlas. */
function circleImage(rgb: Rgb, sizePixels: number, outline: Rgb | null): { id: string; canvas: HTMLCanvasElement } {
  const key = `overlay-circle|${rgb.join(',')}|${sizePixels}|${outline?.join(',') ?? ''}`;
  const cached = circleCache.get(key);
  if (cached) return { id: key, canvas: cached };
  const ratio = 2;
  const size = Math.ceil(sizePixels * ratio) + 4;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (context) {
    context.beginPath();
    context.arc(size / 2, size / 2, (sizePixels * ratio) / 2, 0, Math.PI * 2);
    context.fillStyle = `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;
    context.fill();
    if (outline) {
      context.lineWidth = 2 * ratio;
      context.strokeStyle = `rgb(${outline[0]},${outline[1]},${outline[2]})`;
      context.stroke();
    }
  }
  circleCache.set(key, canvas);
  return { id: key, canvas };
}

/**
 * The markers of one overlay. `apply` takes the whole next batch and touches only what changed; the caller
 * owns the scene (requestRender after apply).
 */
export class MarkerDrawer {
  private readonly billboards: BillboardCollection;
  private readonly labels: LabelCollection;
  private readonly drawn = new Map<string, DrawnMarker>();
  private selectedId: string | null = null;
  private destroyed = false;

  constructor(
    private readonly Cesium: CesiumModule,
    private readonly scene: Scene,
    private readonly manifest: OverlayManifest,
    private readonly style: MarkerStyle,
  ) {
    this.billboards = scene.primitives.add(new Cesium.BillboardCollection({ scene }));
    this.labels = scene.primitives.add(new Cesium.LabelCollection({ scene }));
  }

  /** Number of drawn features. */
  get size(): number {
    return this.drawn.size;
  }

  ids(): string[] {
    return [...this.drawn.keys()];
  }

  has(id: string): boolean {
    return this.drawn.has(id);
  }

  feature(id: string): OverlayFeature | undefined {
    return this.drawn.get(id)?.feature;
  }

  /** Reconciles the drawn markers with `next`; returns the plan that was applied. */
  apply(next: ReadonlyArray<KeyedFeature<OverlayFeature>>): ReconcilePlan<OverlayFeature> {
    const current = new Map<string, string>();
    for (const [id, marker] of this.drawn) current.set(id, marker.signature);
    const plan = planReconcile(current, next);
    for (const id of plan.removed) this.remove(id);
    for (const item of plan.updated) this.update(item);
    for (const item of plan.added) this.add(item);
    return plan;
  }

  setShow(show: boolean): void {
    this.billboards.show = show;
    this.labels.show = show;
  }

  /** Enlarges one marker 1.5x (and restores the previous one); null restores all. */
  select(id: string | null): void {
    if (this.selectedId !== null) this.scaleMarker(this.selectedId, 1);
    this.selectedId = id !== null && this.drawn.has(id) ? id : null;
    if (this.selectedId !== null) this.scaleMarker(this.selectedId, SELECTED_SCALE);
  }

  get selected(): string | null {
    return this.selectedId;
  }

  /** Screen position of a marker, CSS pixels, or null when not drawn or behind the globe. */
  screenPosition(id: string): { x: number; y: number } | null {
    const marker = this.drawn.get(id);
    const billboard = marker?.billboard ?? null;
    const label = marker?.label ?? null;
    const target = billboard ?? label;
    if (!target) return null;
    try {
      const position = target.computeScreenSpacePosition(this.scene);
      return position ? { x: position.x, y: position.y } : null;
    } catch {
      return null;
    }
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.drawn.clear();
    if (!this.scene.isDestroyed()) {
      this.scene.primitives.remove(this.billboards);
      this.scene.primitives.remove(this.labels);
    }
  }

  private scaleMarker(id: string, factor: number): void {
    const marker = this.drawn.get(id);
    if (!marker) return;
    const base = this.manifest.display?.scale ?? 1;
    if (marker.billboard) marker.billboard.scale = base * factor;
    if (marker.label) marker.label.scale = factor * 0.5;
  }

  private position(feature: OverlayFeature) {
    return this.Cesium.Cartesian3.fromDegrees(feature.longitude, feature.latitude, this.heightOffset(feature));
  }

  private heightOffset(feature: OverlayFeature): number {
    const display = this.manifest.display;
    const fromProperty = display?.heightOffsetProperty ? Number(feature.properties[display.heightOffsetProperty]) : 0;
    return (display?.heightOffsetMeters ?? 0) + (Number.isFinite(fromProperty) ? fromProperty : 0);
  }

  private distanceCondition() {
    const display = this.manifest.display;
    if (display?.maximumDistanceMeters === undefined && display?.minimumDistanceMeters === undefined) return undefined;
    return new this.Cesium.DistanceDisplayCondition(display?.minimumDistanceMeters ?? 0, display?.maximumDistanceMeters ?? Number.MAX_VALUE);
  }

  private billboardOptions(feature: OverlayFeature) {
    const Cesium = this.Cesium;
    const display = this.manifest.display;
    const rgb = this.style.colour(feature.properties);
    const outline = display?.outlineColour ? parseCssColour(display.outlineColour) : null;
    const icon = display?.kind === 'billboard' && display.iconUrl ? display.iconUrl : null;
    const circle = icon === null ? circleImage(rgb, display?.pointSizePixels ?? 10, outline) : null;
    return {
      id: feature.id,
      position: this.position(feature),
      image: icon ?? circle!.canvas,
      imageId: icon ?? circle!.id,
      color: display?.kind === 'billboard' && display.iconUrl ? Cesium.Color.fromBytes(rgb[0], rgb[1], rgb[2]) : Cesium.Color.WHITE,
      scale: (display?.scale ?? 1) * (feature.id === this.selectedId ? SELECTED_SCALE : 1),
      width: display?.kind === 'billboard' ? undefined : (display?.pointSizePixels ?? 10) + 2,
      height: display?.kind === 'billboard' ? undefined : (display?.pointSizePixels ?? 10) + 2,
      heightReference: Cesium.HeightReference.RELATIVE_TO_GROUND,
      verticalOrigin: Cesium.VerticalOrigin.CENTER,
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
      distanceDisplayCondition: this.distanceCondition(),
    };
  }

  private labelOptions(feature: OverlayFeature, text: string) {
    const Cesium = this.Cesium;
    return {
      id: feature.id,
      position: this.position(feature),
      text,
      font: '600 26px "Noto Sans", "Noto Sans CJK TC", sans-serif',
      scale: 0.5 * (feature.id === this.selectedId ? SELECTED_SCALE : 1),
      fillColor: Cesium.Color.WHITE,
      outlineColor: Cesium.Color.fromBytes(20, 20, 20),
      outlineWidth: 4,
      style: Cesium.LabelStyle.FILL_AND_OUTLINE,
      pixelOffset: new Cesium.Cartesian2(0, -((this.manifest.display?.pointSizePixels ?? 10) + 6)),
      verticalOrigin: Cesium.VerticalOrigin.BOTTOM,
      horizontalOrigin: Cesium.HorizontalOrigin.CENTER,
      heightReference: Cesium.HeightReference.RELATIVE_TO_GROUND,
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
      distanceDisplayCondition: this.distanceCondition(),
    };
  }

  private add(item: KeyedFeature<OverlayFeature>): void {
    const feature = item.value;
    const kind = this.manifest.display?.kind ?? 'point';
    const billboard = kind === 'label' ? null : this.billboards.add(this.billboardOptions(feature));
    const text = this.style.label(feature.properties);
    const label = text !== null ? this.labels.add(this.labelOptions(feature, text)) : null;
    this.drawn.set(item.id, { signature: item.signature, feature, billboard, label });
  }

  private update(item: KeyedFeature<OverlayFeature>): void {
    const marker = this.drawn.get(item.id);
    if (!marker) return this.add(item);
    const feature = item.value;
    if (marker.billboard) {
      const options = this.billboardOptions(feature);
      marker.billboard.setImage(options.imageId, options.image);
      marker.billboard.color = options.color;
      marker.billboard.position = options.position;
    }
    const text = this.style.label(feature.properties);
    if (text === null && marker.label) {
      this.labels.remove(marker.label);
      marker.label = null;
    } else if (text !== null && marker.label) {
      marker.label.text = text;
      marker.label.position = this.position(feature);
    } else if (text !== null) {
      marker.label = this.labels.add(this.labelOptions(feature, text));
    }
    marker.signature = item.signature;
    marker.feature = feature;
  }

  private remove(id: string): void {
    const marker = this.drawn.get(id);
    if (!marker) return;
    if (marker.billboard) this.billboards.remove(marker.billboard);
    if (marker.label) this.labels.remove(marker.label);
    if (this.selectedId === id) this.selectedId = null;
    this.drawn.delete(id);
  }
}
