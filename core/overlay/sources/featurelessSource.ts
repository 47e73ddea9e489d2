import type { OverlayFeature } from '../features';
import type { MarkerDrawer } from '../markerDrawer';
import type { OverlaySource, SourceContext } from './types';

/**
 * The base of the sources that draw no features of their own (WMTS imagery, 3D Tiles): nothing to own, pick,
 * select or place a popup at, and one count of consecutive failures reported to the engine.
 */
export abstract class FeaturelessSource implements OverlaySource {
  protected failures = 0;
  hasDrawn = false;
  hasFailed = false;

  constructor(protected readonly context: SourceContext) {}

  abstract setActive(shown: boolean, pageVisible: boolean): void;
  abstract setTextured(textured: boolean): void;
  abstract redraw(): void;
  abstract dispose(): void;

  owns(): boolean {
    return false;
  }

  feature(): OverlayFeature | undefined {
    return undefined;
  }

  ids(): string[] {
    return [];
  }

  select(): void {}

  screenPosition(): null {
    return null;
  }

  markerDrawer(): MarkerDrawer | null {
    return null;
  }

  /** Counts a failed fetch or tile and reports it (the engine shows one notice and sets `unavailable`). */
  protected fail(error: unknown): void {
    this.failures += 1;
    this.hasFailed = true;
    this.context.failed(error, this.failures);
  }
}
