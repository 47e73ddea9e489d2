/**
 * The one label declutter of a scene, across ALL overlays (issue 12 "Labels pile up"): on a camera change
 * (throttled) or when a drawer's labels change, it gathers every registered drawer's labels, measures their
 * screen boxes, lets the pure rules of `declutter.ts` pick which show, and sets `label.show`. It also switches the
 * labels' depth test with the camera height (`labelDepthTestDistance`): close in, buildings and hills in front
 * hide a label. Drawers register with {@link labelDeclutterFor}; the priority comes from their manifests.
 */
import type { Label, Scene } from 'cesium';
import { labelInDistance, labelScreenRect, rectOnCanvas } from '../map/labelRects';
import { declutter, labelDepthTestDistance, type DeclutterCandidate } from './declutter';

type CesiumModule = typeof import('cesium');

/** One label a drawer has on the map now. */
export interface LabelEntry {
  /** Unique across the scene: `<overlay id>|<feature id>` or the like. */
  key: string;
  label: Label;
  /** Higher shows first (manifest `display.labelPriority`). */
  priority: number;
  /** Always shown, placed first (the selected feature's label, a cluster's count). */
  mustShow?: boolean;
  /** The declutter sets its depth test with the camera height; false: the drawer owns it (SPEC §4 depthTestControl, clusters). */
  occludable: boolean;
}

/** A drawer of labels. */
export interface LabelSource {
  /** Adds the labels it draws now to `out` (none while its overlay is hidden). */
  collectLabels(out: LabelEntry[]): void;
}

/** Fewest milliseconds between two declutter passes while the camera moves; the last move is always caught up. */
export const DECLUTTER_THROTTLE_MS = 120;
/** Quiet time after the last frame drawn before a trailing pass re-measures (labels moved by terrain refining). */
export const DECLUTTER_REFRESH_MS = 300;
/** Passes in a row that re-measure labels whose glyphs are not laid out yet, before waiting for the next camera move. */
const MAX_ESTIMATED_PASSES = 10;

export class LabelDeclutter {
  private readonly sources = new Set<LabelSource>();
  private readonly shownLast = new Set<string>();
  private readonly removePreRender: () => void;
  private dirty = true;
  private lastCameraKey = '';
  private lastRunAt = Number.NEGATIVE_INFINITY;
  private pending: ReturnType<typeof setTimeout> | null = null;
  private trailing: ReturnType<typeof setTimeout> | null = null;
  private lastDepthDistance: number | null = null;
  private estimatedPasses = 0;

  constructor(
    private readonly Cesium: CesiumModule,
    private readonly scene: Scene,
  ) {
    this.removePreRender = scene.preRender.addEventListener(() => this.onPreRender());
  }

  /** Adds a drawer; the returned function removes it (the pass after forgets its labels). */
  register(source: LabelSource): () => void {
    this.sources.add(source);
    this.markDirty();
    return () => {
      this.sources.delete(source);
      this.markDirty();
      if (this.sources.size === 0) this.destroy();
    };
  }

  /** A drawer's labels changed (added, removed, shown, hidden, new text): the next frame runs a pass. */
  markDirty(): void {
    this.dirty = true;
  }

  private cameraKey(): string {
    const camera = this.scene.camera;
    const p = camera.positionWC;
    const d = camera.directionWC;
    return `${p.x},${p.y},${p.z},${d.x},${d.y},${d.z},${this.scene.canvas.clientWidth},${this.scene.canvas.clientHeight}`;
  }

  private onPreRender(): void {
    // Cesium moves labels during the frame itself (clamping to finer terrain, laying out new text): the last frame
    // of a burst is always followed by a pass once frames stop, which draws again only if it changed something.
    if (this.trailing !== null) clearTimeout(this.trailing);
    this.trailing = setTimeout(() => {
      this.trailing = null;
      if (!this.scene.isDestroyed() && this.run()) this.scene.requestRender();
    }, DECLUTTER_REFRESH_MS);
    if (this.pending !== null) return;
    const cameraMoved = this.cameraKey() !== this.lastCameraKey;
    if (!cameraMoved && !this.dirty) return;
    // New or changed labels are placed before the frame that first draws them: no heap, not even for a frame.
    // A camera move is caught up within the throttle.
    const wait = this.dirty ? 0 : this.lastRunAt + DECLUTTER_THROTTLE_MS - performance.now();
    if (wait <= 0) {
      this.run();
      return;
    }
    this.pending = setTimeout(() => {
      this.pending = null;
      if (this.scene.isDestroyed()) return;
      // Only a pass that changed what shows draws a frame, so an idle map stays idle.
      if (this.run()) this.scene.requestRender();
    }, wait);
  }

  /** One pass now: measures every label, shows those the rules keep, hides the rest. True when a label changed. */
  run(): boolean {
    if (this.scene.isDestroyed()) return false;
    this.lastCameraKey = this.cameraKey();
    this.lastRunAt = performance.now();
    this.dirty = false;
    const entries: LabelEntry[] = [];
    for (const source of this.sources) source.collectLabels(entries);
    const depthDistance = labelDepthTestDistance(this.scene.camera.positionCartographic.height);
    const depthChanged = depthDistance !== this.lastDepthDistance;
    this.lastDepthDistance = depthDistance;
    const candidates: DeclutterCandidate[] = [];
    const placed = new Map<string, Label>();
    let estimated = false;
    for (const entry of entries) {
      const label = entry.label;
      if (entry.occludable && (depthChanged || label.disableDepthTestDistance !== depthDistance)) label.disableDepthTestDistance = depthDistance;
      // Out of its distance range, behind the globe or off the canvas: it takes no room; Cesium does not draw it.
      if (!labelInDistance(this.Cesium, this.scene, label)) continue;
      const rect = labelScreenRect(this.Cesium, this.scene, label);
      if (!rect || !rectOnCanvas(this.scene, rect)) continue;
      estimated ||= rect.estimated;
      candidates.push({ id: entry.key, rect, priority: entry.priority, wasShown: this.shownLast.has(entry.key), mustShow: entry.mustShow });
      placed.set(entry.key, label);
    }
    const shown = declutter(candidates);
    this.shownLast.clear();
    let changed = depthChanged;
    for (const [key, label] of placed) {
      const show = shown.has(key);
      if (label.show !== show) {
        label.show = show;
        changed = true;
      }
      if (show) this.shownLast.add(key);
    }
    // Boxes guessed before Cesium laid out the glyphs are measured again on the next frames (a few times at most).
    this.estimatedPasses = estimated ? this.estimatedPasses + 1 : 0;
    if (estimated && this.estimatedPasses <= MAX_ESTIMATED_PASSES) {
      this.dirty = true;
      this.scene.requestRender();
    }
    return changed;
  }

  /** Labels shown by the last pass (keys), for tests. */
  shownKeys(): ReadonlySet<string> {
    return this.shownLast;
  }

  destroy(): void {
    if (this.pending !== null) clearTimeout(this.pending);
    if (this.trailing !== null) clearTimeout(this.trailing);
    this.pending = null;
    this.trailing = null;
    this.removePreRender();
    declutters.delete(this.scene);
  }
}

const declutters = new WeakMap<Scene, LabelDeclutter>();

/** The scene's one declutter, made on first use (every overlay's drawers share it). */
export function labelDeclutterFor(Cesium: CesiumModule, scene: Scene): LabelDeclutter {
  let existing = declutters.get(scene);
  if (!existing) {
    existing = new LabelDeclutter(Cesium, scene);
    declutters.set(scene, existing);
  }
  return existing;
}
