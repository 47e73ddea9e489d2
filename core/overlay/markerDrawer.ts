/**
 * Draws an overlay's features as Cesium primitives — one BillboardCollection and one LabelCollection per
 * overlay, never an Entity per feature — and reconciles realtime redraws by entity id: changed features are
 * updated in place, new ones added, missing ones removed. It also clusters the markers (SPEC §4/§9, a
 * supercluster index re-queried per camera move, clusters in their own collections) and switches depth test
 * with the camera height (`depthTestControl`). A marker has Cesium billboards and labels only while it is drawn
 * on its own: a clustered one (or one outside the clustered area) has none, so 100,000 clustered points cost
 * no vertices, no atlas work and no terrain-height updates.
 */
import type { Billboard, BillboardCollection, Label, LabelCollection, Scene } from 'cesium';
import type { OverlayManifest } from '../manifests/schemas';
import type { HeightReferenceKind } from '../map/terrains';
import { isTouchDevice } from '../map/views';
import type { Language } from '../plugin/types';
import {
  DEFAULT_FLY_TO_MAXIMUM_HEIGHT_METERS,
  DEFAULT_MINIMUM_CLUSTER_SIZE,
  DEFAULT_PIXEL_RANGE,
  clusterFlyToHeight,
  clusterLabel,
  clusterSumContribution,
  clusteringApplies,
  depthTestState,
  indexZoomForCamera,
  type BillboardKind,
  type CameraFigures,
} from './cluster';
import { ClusterIndex, type Bounds, type Cluster } from './clusterIndex';
import { parseCssColour, parseRgb, type Rgb } from './colour';
import type { OverlayFeature } from './features';
import { DEFAULT_LABEL_PRIORITY, labelDepthTestDistance } from './declutter';
import { formatLabel } from './labelTemplate';
import { labelDeclutterFor, type LabelEntry, type LabelSource } from './labelDeclutter';
import { labelAnchor } from '../map/labelRects';
import { FeatureDrawer, type DrawnFeature } from './drawnFeatures';
import type { KeyedFeature, ReconcilePlan } from './reconcile';
import { clusterDiameterPixels, clusterImage, symbolDisplayPixels, symbolImage } from './symbols';

type CesiumModule = typeof import('cesium');

/** SPEC §9 "Highlight ratio 1.5". */
export const SELECTED_SCALE = 1.5;

/** Per-feature styling hooks (an overlay handler may replace the manifest's rules). */
export interface MarkerStyle {
  colour(properties: Record<string, unknown>): Rgb;
  label(properties: Record<string, unknown>): string | null;
  /**
   * Shapes only: opacity (0..1) of the feature's fill, or null for the manifest's rule (the alpha of
   * `display.colour`, else the shape drawer's default). Set from the alpha of a handler's `colourFeature`.
   */
  alpha?(properties: Record<string, unknown>): number | null;
  /** Polygons only: the feature's outline colour and opacity (0..1), or null for the manifest's `outlineColour`. */
  outlineColour?(properties: Record<string, unknown>): { rgb: Rgb; alpha: number } | null;
  /** Extruded polygons only: the extrusion height in metres, or null for the manifest's `extrudedHeightProperty` value. */
  extrudedHeightMeters?(properties: Record<string, unknown>): number | null;
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

interface DrawnMarker extends DrawnFeature {
  /** Its billboard while drawn on its own (and it has a symbol or icon). */
  billboard: Billboard | null;
  /** Its label while drawn on its own (and it has a text). */
  label: Label | null;
  /** What the billboard looks like for the single-kind rule; null without a billboard. */
  kind: BillboardKind | null;
  /** The label's text; null for none. */
  text: string | null;
  /** Drawn on its own now (not in a cluster, not outside the clustered area). */
  materialized: boolean;
}

/** A cluster drawn: a disc and its count on top. */
interface DrawnCluster {
  disc: Billboard;
  label: Label;
}

/** The `id` of a cluster billboard: what a pick on it gives back to {@link MarkerDrawer.handlePick}. */
export class ClusterPick {
  constructor(
    readonly drawer: MarkerDrawer,
    readonly cluster: Cluster,
  ) {}
}

export interface MarkerDrawerOptions {
  /** Touch device: no clustering (SPEC §4 "the device is not mobile"). Default: {@link isTouchDevice}. */
  mobile?: boolean;
  /**
   * How a feature's own altitude (GeoJSON z) counts, from the terrain the user chose (core/map/terrains
   * `heightReferenceOf`): `absolute` above the ellipsoid (adaptive terrain), or `relative-to-ground` (above ground
   * level). Features without a z always stand on the ground plus their height offset. Default relative-to-ground.
   */
  heightReference?: () => HeightReferenceKind;
}

/** Fewest milliseconds between two re-clusters while the camera moves; the last move is always caught up. */
export const RECLUSTER_THROTTLE_MS = 100;
/** Share of the visible rectangle's size added on each side of the queried area, so a pan shows no gap. */
const VIEW_PADDING = 0.25;
/** Seconds of the flight into a clicked cluster. */
const CLUSTER_FLIGHT_SECONDS = 1.5;
/** How far toward the camera a name label's depth is taken, metres (see `labelOptions`). */
export const LABEL_EYE_OFFSET_METERS = 30;
/** A label's scale: labels are drawn at twice their size for sharpness. */
const LABEL_SCALE = 0.5;
/** A cluster's count, white on its disc (drawn at twice the size, like every label). */
const CLUSTER_FONT = '600 26px "Noto Sans", sans-serif';

/**
 * The markers of one overlay. `apply` takes the whole next batch and touches only what changed; the caller
 * owns the scene (requestRender after apply).
 */
export class MarkerDrawer extends FeatureDrawer<DrawnMarker> implements LabelSource {
  private readonly billboards: BillboardCollection;
  private readonly labels: LabelCollection;
  private readonly clusterBillboards: BillboardCollection | null = null;
  private readonly clusterLabels: LabelCollection | null = null;
  private selectedId: string | null = null;
  private destroyed = false;
  private readonly mobile: boolean;
  private readonly heightReferenceKind: () => HeightReferenceKind;
  private readonly removePreRender: (() => void) | null = null;
  /** The scene's label declutter (all overlays' labels); see labelDeclutter.ts. */
  private readonly declutter: ReturnType<typeof labelDeclutterFor>;
  private readonly unregisterLabels: () => void;

  /** Markers in index order; rebuilt with the index. */
  private indexed: DrawnMarker[] = [];
  private index: ClusterIndex | null = null;
  private indexDirty = true;
  private clusteringEligible = false;
  /** Clusters are drawn now (members hidden). */
  private clustered = false;
  /** Cluster discs and labels, reused from move to move; those past `clusterCount` are hidden. */
  private readonly clusterPool: DrawnCluster[] = [];
  private clusterCount = 0;
  private depthTestOff: boolean;
  private lastCameraKey = '';
  private lastUpdateAt = Number.NEGATIVE_INFINITY;
  private pendingUpdate: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly Cesium: CesiumModule,
    private readonly scene: Scene,
    private readonly manifest: OverlayManifest,
    private readonly style: MarkerStyle,
    options: MarkerDrawerOptions = {},
  ) {
    super();
    this.mobile = options.mobile ?? isTouchDevice();
    this.heightReferenceKind = options.heightReference ?? (() => 'relative-to-ground');
    this.billboards = scene.primitives.add(new Cesium.BillboardCollection({ scene }));
    this.labels = scene.primitives.add(new Cesium.LabelCollection({ scene }));
    // Without depth-test control markers are always drawn through terrain (this engine's default).
    this.depthTestOff = true;
    const clusters = manifest.cluster?.enabled === true && !this.mobile;
    if (clusters) {
      this.clusterBillboards = scene.primitives.add(new Cesium.BillboardCollection({ scene }));
      this.clusterLabels = scene.primitives.add(new Cesium.LabelCollection({ scene }));
    }
    if (clusters || manifest.depthTestControl?.enabled === true) {
      this.removePreRender = scene.preRender.addEventListener(() => this.onPreRender());
    }
    this.declutter = labelDeclutterFor(Cesium, scene);
    this.unregisterLabels = this.declutter.register(this);
  }

  /**
   * The declutter's hook: the labels drawn on their own now (and cluster counts, which always show and take
   * their room first), with the manifest's `display.labelPriority`. None while the overlay is hidden.
   */
  collectLabels(out: LabelEntry[]): void {
    if (this.destroyed || !this.labels.show) return;
    const priority = this.manifest.display?.labelPriority ?? DEFAULT_LABEL_PRIORITY;
    const occludable = this.namesOccludable();
    for (const [id, marker] of this.drawn) {
      if (marker.label) out.push({ key: `${this.manifest.id}|${id}`, label: marker.label, priority, mustShow: id === this.selectedId, occludable });
    }
    if (this.clustered) {
      for (let i = 0; i < this.clusterCount; i++) {
        out.push({ key: `${this.manifest.id}|cluster|${i}`, label: this.clusterPool[i].label, priority, mustShow: true, occludable: false });
      }
    }
  }

  /** SPEC §4 depth-test control switches the whole layer's markers, labels included; other labels follow the declutter's rule. */
  private labelsFollowDepthTestControl(): boolean {
    return this.manifest.depthTestControl?.enabled === true;
  }

  /**
   * Name labels (`display.kind` `label`, no symbol) are hidden by buildings and hills in front of them when the
   * camera is close (`labelDepthTestDistance`). A reading's label keeps its symbol's depth test, so a dot and
   * its value never part (core/overlay/CONTEXT.md "Labels").
   */
  private namesOccludable(): boolean {
    return this.manifest.display?.kind === 'label' && !this.labelsFollowDepthTestControl();
  }

  /** A new label's depth test: the camera-height rule for names, the symbols' state for readings. */
  private labelDepthDistance(): number {
    if (this.namesOccludable()) return labelDepthTestDistance(this.scene.camera.positionCartographic.height);
    return this.depthTestOff ? Number.POSITIVE_INFINITY : 0;
  }

  /** Reconciles the drawn markers with `next`; returns the plan that was applied. */
  apply(next: ReadonlyArray<KeyedFeature<OverlayFeature>>): ReconcilePlan<OverlayFeature> {
    const plan = this.planAgainst(next);
    for (const id of plan.removed) this.remove(id);
    for (const item of plan.updated) this.update(item);
    for (const item of plan.added) this.add(item);
    if (plan.removed.length + plan.updated.length + plan.added.length > 0) {
      this.indexDirty = true;
      this.clusteringEligible = clusteringApplies(this.manifest, this.kinds(), this.mobile);
      // Draws the new markers, on their own or in clusters.
      this.updateForCamera();
      this.declutter.markDirty();
    }
    return plan;
  }

  setShow(show: boolean): void {
    this.billboards.show = show;
    this.labels.show = show;
    if (this.clusterBillboards) this.clusterBillboards.show = show;
    if (this.clusterLabels) this.clusterLabels.show = show;
    this.declutter.markDirty();
  }

  /** Enlarges one marker 1.5x (and restores the previous one); null restores all. */
  select(id: string | null): void {
    if (this.selectedId !== null) this.scaleMarker(this.selectedId, 1);
    this.selectedId = id !== null && this.drawn.has(id) ? id : null;
    if (this.selectedId !== null) this.scaleMarker(this.selectedId, SELECTED_SCALE);
    this.declutter.markDirty();
  }

  get selected(): string | null {
    return this.selectedId;
  }

  /** Number of clusters drawn now (0 when not clustering). */
  get clusters(): number {
    return this.clustered ? this.clusterCount : 0;
  }

  /** Whether a marker is drawn on its own now (false: in a cluster or outside the clustered area). */
  isDrawnAlone(id: string): boolean {
    return this.drawn.get(id)?.materialized ?? false;
  }

  /** Depth test is off for the markers now (drawn through terrain). */
  get depthTestDisabled(): boolean {
    return this.depthTestOff;
  }

  /**
   * The engine's click hook: a click on one of this drawer's clusters flies the camera in toward it, to the
   * height at which it splits, capped at `cluster.flyToMaximumHeightMeters` (SPEC §9: 3230 m). True when the
   * pick was such a cluster (the click is handled).
   */
  handlePick(picked: unknown): boolean {
    const id = (picked as { id?: unknown } | null | undefined)?.id;
    if (!(id instanceof ClusterPick) || id.drawer !== this || !this.index) return false;
    let expansionZoom: number;
    try {
      expansionZoom = this.index.expansionZoom(id.cluster.id);
    } catch {
      // The index was rebuilt since the cluster was drawn: one zoom step in.
      expansionZoom = indexZoomForCamera(this.cameraFigures()) + 1;
    }
    const figures = { ...this.cameraFigures(), latitudeDegrees: id.cluster.latitude };
    const height = clusterFlyToHeight(
      expansionZoom,
      figures,
      this.manifest.cluster?.flyToMaximumHeightMeters ?? DEFAULT_FLY_TO_MAXIMUM_HEIGHT_METERS,
    );
    const Cesium = this.Cesium;
    this.scene.camera.flyTo({
      destination: Cesium.Cartesian3.fromDegrees(id.cluster.longitude, id.cluster.latitude, height),
      orientation: { heading: this.scene.camera.heading, pitch: -Cesium.Math.PI_OVER_TWO, roll: 0 },
      duration: CLUSTER_FLIGHT_SECONDS,
    });
    return true;
  }

  /**
   * Re-clusters for the camera now and applies depth-test control; called on camera moves (throttled) and
   * after data changes. Public for the benchmark, which times it.
   */
  updateForCamera(): void {
    if (this.destroyed) return;
    if (this.pendingUpdate !== null) {
      clearTimeout(this.pendingUpdate);
      this.pendingUpdate = null;
    }
    this.lastCameraKey = this.cameraKey();
    this.lastUpdateAt = performance.now();
    const height = this.scene.camera.positionCartographic.height;
    const depth = depthTestState(this.manifest, height);
    if (depth.depthTestOff !== this.depthTestOff) this.setDepthTestOff(depth.depthTestOff);
    if (this.clusterBillboards && this.clusteringEligible && !depth.clustersHidden) this.recluster();
    else this.uncluster();
  }

  /** Screen position of a marker, CSS pixels, or null when not drawn or behind the globe. */
  screenPosition(id: string): { x: number; y: number } | null {
    const marker = this.drawn.get(id);
    const billboard = marker?.billboard ?? null;
    const label = marker?.label ?? null;
    const target = billboard ?? label;
    if (!target) return null;
    try {
      const position = billboard ? billboard.computeScreenSpacePosition(this.scene) : labelAnchor(this.scene, label!);
      return position ? { x: position.x, y: position.y } : null;
    } catch {
      return null;
    }
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.pendingUpdate !== null) clearTimeout(this.pendingUpdate);
    this.removePreRender?.();
    this.unregisterLabels();
    this.drawn.clear();
    this.indexed = [];
    if (!this.scene.isDestroyed()) {
      this.scene.primitives.remove(this.billboards);
      this.scene.primitives.remove(this.labels);
      if (this.clusterBillboards) this.scene.primitives.remove(this.clusterBillboards);
      if (this.clusterLabels) this.scene.primitives.remove(this.clusterLabels);
    }
  }

  private kinds(): Iterable<BillboardKind | null> {
    const drawn = this.drawn;
    return (function* () {
      for (const marker of drawn.values()) yield marker.kind;
    })();
  }

  /** Every frame: when the camera moved, update now or, within the throttle, once it has passed. */
  private onPreRender(): void {
    if (this.pendingUpdate !== null || this.cameraKey() === this.lastCameraKey) return;
    const wait = this.lastUpdateAt + RECLUSTER_THROTTLE_MS - performance.now();
    if (wait <= 0) {
      this.updateForCamera();
      return;
    }
    this.pendingUpdate = setTimeout(() => {
      this.pendingUpdate = null;
      this.updateForCamera();
      if (!this.scene.isDestroyed()) this.scene.requestRender();
    }, wait);
  }

  private cameraKey(): string {
    const camera = this.scene.camera;
    const p = camera.positionWC;
    const d = camera.directionWC;
    return `${p.x},${p.y},${p.z},${d.x},${d.y},${d.z},${this.scene.canvas.clientWidth},${this.scene.canvas.clientHeight}`;
  }

  private cameraFigures(): CameraFigures {
    const camera = this.scene.camera;
    const frustum = camera.frustum as { fovy?: number };
    return {
      heightMeters: camera.positionCartographic.height,
      latitudeDegrees: this.Cesium.Math.toDegrees(camera.positionCartographic.latitude),
      viewportHeightPixels: this.scene.canvas.clientHeight || this.scene.drawingBufferHeight,
      fovyRadians: frustum.fovy ?? Math.PI / 3,
    };
  }

  /** The visible area, padded, in degrees; the whole world when the camera sees past the globe's edge. */
  private queryBounds(): Bounds {
    const rectangle = this.scene.camera.computeViewRectangle(this.scene.globe?.ellipsoid);
    if (!rectangle) return [-180, -90, 180, 90];
    const toDegrees = this.Cesium.Math.toDegrees;
    let west = toDegrees(rectangle.west);
    let east = toDegrees(rectangle.east);
    if (east < west) east += 360;
    const south = toDegrees(rectangle.south);
    const north = toDegrees(rectangle.north);
    const padX = (east - west) * VIEW_PADDING;
    const padY = (north - south) * VIEW_PADDING;
    west -= padX;
    east += padX;
    if (east - west >= 360) return [-180, Math.max(-90, south - padY), 180, Math.min(90, north + padY)];
    return [west, Math.max(-90, south - padY), east > 180 ? east - 360 : east, Math.min(90, north + padY)];
  }

  private rebuildIndex(): void {
    const sumProperty = this.manifest.cluster?.sumProperty;
    this.indexed = [...this.drawn.values()];
    this.index ??= new ClusterIndex({
      pixelRange: this.manifest.cluster?.pixelRange ?? DEFAULT_PIXEL_RANGE,
      minimumClusterSize: this.manifest.cluster?.minimumClusterSize ?? DEFAULT_MINIMUM_CLUSTER_SIZE,
    });
    this.index.load(
      this.indexed.map((marker) => ({
        longitude: marker.feature.longitude,
        latitude: marker.feature.latitude,
        weight: sumProperty ? clusterSumContribution(marker.feature.properties[sumProperty]) : 1,
      })),
    );
    this.indexDirty = false;
  }

  /** Draws the clusters of the visible area and the markers in it not in any; no other marker is drawn. */
  private recluster(): void {
    if (this.indexDirty || !this.index) this.rebuildIndex();
    const result = this.index!.query(this.queryBounds(), indexZoomForCamera(this.cameraFigures()));
    const alone = new Uint8Array(this.indexed.length);
    for (const index of result.singles) alone[index] = 1;
    for (let index = 0; index < this.indexed.length; index++) {
      const marker = this.indexed[index];
      if (alone[index] === 1) this.materialize(marker);
      else this.dematerialize(marker);
    }
    this.drawClusters(result.clusters);
    this.clustered = true;
  }

  /** Every marker on its own, no clusters. */
  private uncluster(): void {
    for (const marker of this.drawn.values()) this.materialize(marker);
    if (this.clustered) this.drawClusters([]);
    this.clustered = false;
  }

  private materialize(marker: DrawnMarker): void {
    if (marker.materialized) return;
    marker.materialized = true;
    if (marker.kind !== null) marker.billboard = this.billboards.add(this.billboardOptions(marker.feature));
    if (marker.text !== null) {
      marker.label = this.labels.add(this.labelOptions(marker.feature, marker.text));
      // A label drawn anew competes for room before its first frame.
      this.declutter.markDirty();
    }
  }

  private dematerialize(marker: DrawnMarker): void {
    if (!marker.materialized) return;
    marker.materialized = false;
    if (marker.billboard) this.billboards.remove(marker.billboard);
    if (marker.label) this.labels.remove(marker.label);
    if (marker.label) this.declutter.markDirty();
    marker.billboard = null;
    marker.label = null;
  }

  private drawClusters(clusters: ReadonlyArray<Cluster>): void {
    const discs = this.clusterBillboards;
    const labels = this.clusterLabels;
    if (!discs || !labels) return;
    const Cesium = this.Cesium;
    for (let i = 0; i < clusters.length; i++) {
      const cluster = clusters[i];
      const text = clusterLabel(this.manifest.cluster?.sumProperty ? cluster.total : cluster.count);
      // One disc image per label length: the count is a label, so new counts cost no texture-atlas work.
      const image = clusterImage(text.length);
      const size = symbolDisplayPixels(clusterDiameterPixels(text.length));
      const position = Cesium.Cartesian3.fromDegrees(cluster.longitude, cluster.latitude, 0);
      const pick = new ClusterPick(this, cluster);
      let drawn = this.clusterPool[i];
      if (!drawn) {
        // Clusters stand for markers anywhere on the ground below them: never hidden by terrain.
        const discOptions = {
          position,
          image: image.canvas,
          imageId: image.id,
          width: size,
          height: size,
          verticalOrigin: Cesium.VerticalOrigin.CENTER,
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
        };
        drawn = {
          disc: discs.add(discOptions),
          label: labels.add({
            position,
            text,
            font: CLUSTER_FONT,
            scale: LABEL_SCALE,
            fillColor: Cesium.Color.WHITE,
            verticalOrigin: Cesium.VerticalOrigin.CENTER,
            horizontalOrigin: Cesium.HorizontalOrigin.CENTER,
            disableDepthTestDistance: Number.POSITIVE_INFINITY,
          }),
        };
        this.clusterPool.push(drawn);
      } else {
        drawn.disc.position = position;
        drawn.disc.setImage(image.id, image.canvas);
        drawn.disc.width = size;
        drawn.disc.height = size;
        drawn.disc.show = true;
        drawn.label.position = position;
        drawn.label.text = text;
        drawn.label.show = true;
      }
      drawn.disc.id = pick;
      drawn.label.id = pick;
    }
    for (let i = clusters.length; i < this.clusterCount; i++) {
      this.clusterPool[i].disc.show = false;
      this.clusterPool[i].label.show = false;
    }
    this.clusterCount = clusters.length;
  }

  private setDepthTestOff(off: boolean): void {
    this.depthTestOff = off;
    const distance = off ? Number.POSITIVE_INFINITY : 0;
    for (const marker of this.drawn.values()) {
      if (marker.billboard) marker.billboard.disableDepthTestDistance = distance;
      if (marker.label && !this.namesOccludable()) marker.label.disableDepthTestDistance = distance;
    }
  }

  private scaleMarker(id: string, factor: number): void {
    const marker = this.drawn.get(id);
    if (!marker) return;
    const base = this.manifest.display?.scale ?? 1;
    if (marker.billboard) marker.billboard.scale = base * factor;
    if (marker.label) marker.label.scale = factor * LABEL_SCALE;
  }

  private position(feature: OverlayFeature) {
    return this.Cesium.Cartesian3.fromDegrees(feature.longitude, feature.latitude, (feature.altitude ?? 0) + this.heightOffset(feature));
  }

  /** A feature with its own altitude on the adaptive terrain stands at that height; anything else on the ground. */
  private heightReference(feature: OverlayFeature) {
    const absolute = feature.altitude !== undefined && this.heightReferenceKind() === 'absolute';
    return absolute ? this.Cesium.HeightReference.NONE : this.Cesium.HeightReference.RELATIVE_TO_GROUND;
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

  /**
   * The symbol's bearing, degrees clockwise from north: undefined when the manifest has no `rotationProperty`,
   * null when the feature's value is not a number (no symbol is drawn then, SPEC §5 'Variable'/'Calm').
   */
  private bearing(feature: OverlayFeature): number | null | undefined {
    const property = this.manifest.display?.rotationProperty;
    if (!property) return undefined;
    const value = feature.properties[property];
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
    return null;
  }

  private iconUrl(feature: OverlayFeature): string | null {
    const template = this.manifest.display?.iconUrl;
    return template ? formatLabel(template, feature.properties) : null;
  }

  /** The feature's billboard kind (see {@link BillboardKind}); null when it gets no billboard. */
  private kindOf(feature: OverlayFeature): BillboardKind | null {
    const display = this.manifest.display;
    if ((display?.kind ?? 'point') === 'label' || this.bearing(feature) === null) return null;
    const icon = this.iconUrl(feature);
    return icon !== null ? `icon:${icon}` : `symbol:${display?.symbol ?? 'circle'}`;
  }

  private billboardOptions(feature: OverlayFeature) {
    const Cesium = this.Cesium;
    const display = this.manifest.display;
    const rgb = this.style.colour(feature.properties);
    const outline = display?.outlineColour ? parseCssColour(display.outlineColour) : null;
    const icon = this.iconUrl(feature);
    const sizePixels = display?.pointSizePixels ?? 10;
    const symbol = icon === null ? symbolImage(display?.symbol ?? 'circle', rgb, sizePixels, outline) : null;
    const bearing = this.bearing(feature);
    const displayPixels = symbolDisplayPixels(sizePixels);
    return {
      id: feature.id,
      position: this.position(feature),
      image: icon ?? symbol!.canvas,
      imageId: icon ?? symbol!.id,
      // An icon is tinted with the feature's colour; a symbol is drawn in it.
      color: icon !== null ? Cesium.Color.fromBytes(rgb[0], rgb[1], rgb[2]) : Cesium.Color.WHITE,
      scale: (display?.scale ?? 1) * (feature.id === this.selectedId ? SELECTED_SCALE : 1),
      width: icon !== null ? undefined : displayPixels,
      height: icon !== null ? undefined : displayPixels,
      // Ground-aligned: "up" is north, and Cesium's rotation turns counter-clockwise, a bearing clockwise.
      alignedAxis: typeof bearing === 'number' ? Cesium.Cartesian3.UNIT_Z : Cesium.Cartesian3.ZERO,
      rotation: typeof bearing === 'number' ? -Cesium.Math.toRadians(bearing) : 0,
      heightReference: this.heightReference(feature),
      verticalOrigin: Cesium.VerticalOrigin.CENTER,
      disableDepthTestDistance: this.depthTestOff ? Number.POSITIVE_INFINITY : 0,
      distanceDisplayCondition: this.distanceCondition(),
    };
  }

  private labelOptions(feature: OverlayFeature, text: string) {
    const Cesium = this.Cesium;
    const display = this.manifest.display;
    // Above a symbol when there is one; on the spot otherwise (e.g. a wind station with no arrow).
    const lift = this.kindOf(feature) === null ? 0 : ((display?.pointSizePixels ?? 10) * (display?.scale ?? 1)) / 2 + 6;
    return {
      id: feature.id,
      position: this.position(feature),
      text,
      font: '600 26px "Noto Sans", "Noto Sans CJK TC", sans-serif',
      scale: LABEL_SCALE * (feature.id === this.selectedId ? SELECTED_SCALE : 1),
      fillColor: Cesium.Color.WHITE,
      outlineColor: Cesium.Color.fromBytes(20, 20, 20),
      outlineWidth: 4,
      style: Cesium.LabelStyle.FILL_AND_OUTLINE,
      pixelOffset: new Cesium.Cartesian2(0, -lift),
      verticalOrigin: lift === 0 ? Cesium.VerticalOrigin.CENTER : Cesium.VerticalOrigin.BOTTOM,
      horizontalOrigin: Cesium.HorizontalOrigin.CENTER,
      heightReference: this.heightReference(feature),
      disableDepthTestDistance: this.labelDepthDistance(),
      // A name's depth is taken a little toward the camera, so the building or podium the place lies in does not
      // hide it; a tower farther in front still does.
      ...(this.namesOccludable() ? { eyeOffset: new Cesium.Cartesian3(0, 0, -LABEL_EYE_OFFSET_METERS) } : {}),
      distanceDisplayCondition: this.distanceCondition(),
    };
  }

  /** Records a new marker; {@link updateForCamera} draws it (on its own or in a cluster). */
  private add(item: KeyedFeature<OverlayFeature>): void {
    const feature = item.value;
    this.drawn.set(item.id, {
      signature: item.signature,
      feature,
      billboard: null,
      label: null,
      kind: this.kindOf(feature),
      text: this.style.label(feature.properties),
      materialized: false,
    });
  }

  private update(item: KeyedFeature<OverlayFeature>): void {
    const marker = this.drawn.get(item.id);
    if (!marker) return this.add(item);
    const feature = item.value;
    const kind = this.kindOf(feature);
    const text = this.style.label(feature.properties);
    // A marker whose billboard or label appears or goes (an arrow's bearing became 'Calm') is drawn afresh.
    if (!marker.materialized || (kind === null) !== (marker.kind === null) || (text === null) !== (marker.text === null)) {
      const wasDrawn = marker.materialized;
      this.dematerialize(marker);
      Object.assign(marker, { kind, text, feature, signature: item.signature });
      if (wasDrawn) this.materialize(marker);
      return;
    }
    if (marker.billboard) {
      const options = this.billboardOptions(feature);
      marker.billboard.setImage(options.imageId, options.image);
      marker.billboard.color = options.color;
      marker.billboard.position = options.position;
      marker.billboard.alignedAxis = options.alignedAxis;
      marker.billboard.rotation = options.rotation;
      marker.billboard.heightReference = options.heightReference;
    }
    if (marker.label && text !== null) {
      if (marker.label.text !== text) this.declutter.markDirty();
      marker.label.text = text;
      marker.label.position = this.position(feature);
      marker.label.heightReference = this.heightReference(feature);
    }
    Object.assign(marker, { kind, text, feature, signature: item.signature });
  }

  private remove(id: string): void {
    const marker = this.drawn.get(id);
    if (!marker) return;
    this.dematerialize(marker);
    if (this.selectedId === id) this.selectedId = null;
    this.drawn.delete(id);
  }
}
