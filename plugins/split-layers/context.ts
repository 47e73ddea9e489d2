import type { BaseMapManifest, OverlayManifest } from '../../core/manifests/schemas';
import type { Language } from '../../core/plugin/types';
import type { SplitController } from './controller';

/** What the lazily loaded panel and divider read (set by the plugin while active; lazy components take no props). */
export interface SplitLayersContext {
  controller: SplitController;
  baseMaps: readonly BaseMapManifest[];
  /** The layers that can be split and are shown now: imagery (WMTS) and 3D Tiles overlays. */
  splittableOverlays(): OverlayManifest[];
  /** The name of the map's own style now, in `language`, if known. */
  ownStyleName(language: Language): string | undefined;
  end(): void;
  /**
   * Whether a base map's tiles are there (its manifest's `availabilityUrl`, as the map style drawer asks): false once
   * the server said no (or could not be asked), true otherwise (not yet known counts as available).
   */
  baseMapAvailable(id: string): boolean;
  /** The map's area (the element around the map's canvas), where the divider is drawn; null before the map exists. */
  mapArea(): HTMLElement | null;
}

let current: SplitLayersContext | null = null;

export function setSplitLayersContext(next: SplitLayersContext | null): void {
  current = next;
}

export function splitLayersContext(): SplitLayersContext | null {
  return current;
}
