/**
 * What the panorama viewer (plugins/streetscape/viewer) offers the measuring tools (plugins/streetscape/measure):
 * the open panorama, the directions the user points at, and marks drawn over the image. Directions are compass
 * azimuth and elevation (core/contracts/equirectangular.ts), never viewer yaw, so the tools need not know the
 * panorama's heading or the viewer library.
 */
import type { ViewDirection } from '../../core/contracts/equirectangular';
import type { PanoramaSummary } from '../../core/contracts/panoramas';
import type { Disposer } from '../../core/plugin/types';

/** A mark drawn over the panorama. */
export type PanoramaMark =
  | { kind: 'point'; id: string; direction: ViewDirection; label?: string }
  | { kind: 'line'; id: string; from: ViewDirection; to: ViewDirection; label?: string; dashed?: boolean };

export interface PanoramaSurface {
  /** The panorama on screen; null while none is (loading, closed). */
  panorama(): PanoramaSummary | null;
  /** Calls `listener` whenever another panorama is shown (or none: null). Returns its disposer. */
  onPanoramaChange(listener: (panorama: PanoramaSummary | null) => void): Disposer;
  /** The direction at the centre of the view (the crosshair a keyboard user aims with). */
  viewCentre(): ViewDirection;
  /**
   * While set, a click (tap) on the panorama reports its direction to `listener` instead of stepping along the
   * street, and the cursor is a crosshair. Returns its disposer.
   */
  takeClicks(listener: (direction: ViewDirection) => void): Disposer;
  /** Replaces the marks drawn over the panorama ([] clears them). */
  setMarks(marks: readonly PanoramaMark[]): void;
}
