/**
 * GEOJSON and WFS overlays: both fetch a GeoJSON FeatureCollection (WFS is a GeoServer GetFeature call with
 * `outputFormat=application/json`, written in the manifest's URL template), validate it, and draw points and
 * multi-points through the {@link MarkerDrawer}, lines and polygons through the {@link ShapeDrawer}, each
 * reconciled by entity id. Refreshes run on a {@link RefreshLoop}.
 */
import type { OverlayFeature, OverlayFeatureCollection } from '../features';
import { latestPublishDate, overlayFeatureCollectionSchema, toKeyedFeatures } from '../features';
import { MarkerDrawer } from '../markerDrawer';
import type { KeyedFeature } from '../reconcile';
import { RefreshLoop } from '../refreshLoop';
import { ShapeDrawer } from '../shapeDrawer';
import { timeStepAt } from '../timeSteps';
import type { OverlaySource, SourceContext } from './types';

/** Refresh interval of an overlay without `realtime`, ms (only used for retries' successors; static overlays fetch once). */
const STATIC_INTERVAL_MS = 120_000;

export interface FeatureSourceOptions {
  retryBaseMs?: number;
  maxBackoffMs?: number;
}

export class FeatureSource implements OverlaySource {
  private markers: MarkerDrawer | null = null;
  private shapes: ShapeDrawer | null = null;
  private readonly loop: RefreshLoop<OverlayFeatureCollection>;
  private shown = false;
  private lastData: OverlayFeatureCollection | null = null;
  private lastDataAt: number | undefined;
  /** The last data were the feed's recorded snapshot (`source.snapshot`), not live readings. */
  private snapshot: boolean | undefined;
  /** A time-aware overlay (manifest `time`): the observations drawn now, and what stops following the scene clock. */
  private drawnStepKey: string | null = null;
  private stopFollowingClock: (() => void) | null = null;
  hasDrawn = false;
  hasFailed = false;

  constructor(
    private readonly context: SourceContext,
    options: FeatureSourceOptions = {},
  ) {
    const realtime = context.manifest.realtime;
    this.loop = new RefreshLoop<OverlayFeatureCollection>({
      load: async (signal) => overlayFeatureCollectionSchema.parse(await context.fetchJson(context.resolveUrl(), signal)),
      onData: (data) => this.onData(data),
      onError: (error, failures) => {
        this.hasFailed = true;
        context.failed(error, failures);
      },
      onStatus: (status) =>
        context.refreshState({
          updating: status.loading,
          lastDataAt: this.lastDataAt,
          nextRefreshAt: status.nextDueAt ?? undefined,
          snapshot: this.snapshot,
        }),
      intervalMs: realtime?.intervalMs ?? STATIC_INTERVAL_MS,
      realtime: realtime?.enabled === true,
      feedIntervalSeconds: (data) => data.intervalClient,
      retryBaseMs: options.retryBaseMs,
      maxBackoffMs: options.maxBackoffMs,
    });
  }

  setActive(shown: boolean, pageVisible: boolean): void {
    this.shown = shown;
    this.markers?.setShow(shown);
    this.shapes?.setShow(shown);
    if (shown && this.hasDrawn) this.context.drawn();
    this.loop.setActive(shown && pageVisible);
    this.followClock(shown);
  }

  setTextured(textured: boolean): void {
    this.shapes?.setTextured(textured);
    this.context.requestRender();
  }

  redraw(): void {
    if (this.lastData) this.draw(this.lastData);
  }

  owns(entityId: string): boolean {
    return (this.markers?.has(entityId) ?? false) || (this.shapes?.has(entityId) ?? false);
  }

  feature(entityId: string): OverlayFeature | undefined {
    return this.markers?.feature(entityId) ?? this.shapes?.feature(entityId);
  }

  ids(): string[] {
    return [...(this.markers?.ids() ?? []), ...(this.shapes?.ids() ?? [])];
  }

  select(entityId: string | null): void {
    this.markers?.select(entityId !== null && this.markers.has(entityId) ? entityId : null);
  }

  screenPosition(entityId: string): { x: number; y: number } | null {
    if (this.markers?.has(entityId)) return this.markers.screenPosition(entityId);
    return this.shapes?.screenPosition(entityId) ?? null;
  }

  markerDrawer(): MarkerDrawer | null {
    return this.markers;
  }

  dispose(): void {
    this.followClock(false);
    this.loop.dispose();
    this.markers?.destroy();
    this.shapes?.destroy();
    this.markers = null;
    this.shapes = null;
  }

  private onData(data: OverlayFeatureCollection): void {
    this.hasFailed = false;
    const observedAt = data.source?.observedAt ? Date.parse(data.source.observedAt) : Number.NaN;
    this.lastDataAt = latestPublishDate(data) ?? (Number.isFinite(observedAt) ? observedAt : Date.now());
    this.snapshot = data.source?.snapshot === true ? true : undefined;
    const redraw = this.context.manifest.realtime?.redraw ?? true;
    if (this.lastData && !redraw) return;
    this.draw(data);
  }

  /** A shown time-aware overlay redraws when the scene clock's time moves it to other observations. */
  private followClock(shown: boolean): void {
    if (!shown || !this.context.manifest.time) {
      this.stopFollowingClock?.();
      this.stopFollowingClock = null;
      return;
    }
    this.stopFollowingClock ??= this.context.clock().onTick((time) => {
      const series = this.context.manifest.time;
      if (!this.lastData || !series) return;
      if (timeStepAt(this.lastData, series, time.getTime()).key !== this.drawnStepKey) this.draw(this.lastData);
    });
  }

  private draw(data: OverlayFeatureCollection): void {
    this.lastData = data;
    const Cesium = this.context.cesium();
    const viewer = this.context.viewer();
    if (!Cesium || !viewer) return;
    const manifest = this.context.manifest;
    if (manifest.time) {
      const step = timeStepAt(data, manifest.time, this.context.clock().now().getTime());
      this.drawnStepKey = step.key;
      data = { ...data, features: step.features };
    }
    const language = this.context.language();
    const languageDependent = manifest.handler !== undefined || typeof manifest.display?.labelTemplate === 'object';
    // The height reference is in every signature, so a terrain switch redraws the markers whose placement it changes.
    const keyed = toKeyedFeatures(manifest.id, data, `${languageDependent ? `|${language}` : ''}|${this.context.heightReference()}`);
    const points: KeyedFeature<OverlayFeature>[] = [];
    const shapes: KeyedFeature<OverlayFeature>[] = [];
    for (const item of keyed) (item.value.shape ? shapes : points).push(item);
    // Drawers are made on first need, so a polygon layer has no billboard collection and the other way round.
    if (points.length > 0 || this.markers) {
      this.markers ??= new MarkerDrawer(Cesium, viewer.scene, manifest, this.context.featureStyle(), {
        heightReference: () => this.context.heightReference(),
      });
      this.markers.apply(points);
      this.markers.setShow(this.shown);
    }
    if (shapes.length > 0 || this.shapes) {
      this.shapes ??= new ShapeDrawer(Cesium, viewer.scene, manifest, this.context.featureStyle(), this.context.textured());
      this.shapes.apply(shapes);
      this.shapes.setShow(this.shown);
    }
    this.hasDrawn = true;
    this.context.featuresChanged();
    if (this.shown) this.context.drawn();
    this.context.requestRender();
  }
}
