/**
 * Moves an overlay's markers up or down through the public overlays registry: the plugin registers the overlay's
 * manifest itself and, for each new adjustment, registers it again with `display.heightOffsetMeters` raised by
 * the adjustment. The overlay engine rebuilds a layer whose registered manifest changed (core/overlay/engine.ts
 * `syncRegistry`), keeping whether it is shown, so every marker is redrawn at the new height.
 */
import type { OverlayManifest } from '../../core/manifests/schemas';
import type { Disposer, OverlayContribution, Registry } from '../../core/plugin/types';

/** The manifest with its markers lifted by `adjustmentMeters` more than the manifest's own lift. */
export function withHeightAdjustment(manifest: OverlayManifest, adjustmentMeters: number): OverlayManifest {
  const display = manifest.display;
  if (!display) throw new Error(`overlay ${manifest.id} has no display block: its markers have no height to adjust`);
  return { ...manifest, display: { ...display, heightOffsetMeters: display.heightOffsetMeters + adjustmentMeters } };
}

export interface OverlayHeight {
  /** The manifest's own lift above the ground, metres. */
  baseMeters: number;
  setAdjustment(meters: number): void;
  dispose: Disposer;
}

export function createOverlayHeight(overlays: Registry<OverlayContribution>, manifest: OverlayManifest): OverlayHeight {
  const owner = overlays.get(manifest.id)?.owner;
  if (owner !== undefined) {
    throw new Error(
      `overlay "${manifest.id}" is already registered (by ${owner}); leave it out of the variant's "overlays" so the height tool registers it`,
    );
  }
  const base = withHeightAdjustment(manifest, 0);
  let unregister = overlays.register({ id: manifest.id, manifest: base });
  return {
    baseMeters: base.display!.heightOffsetMeters,
    setAdjustment(meters) {
      const next = withHeightAdjustment(base, meters);
      unregister();
      unregister = overlays.register({ id: manifest.id, manifest: next });
    },
    dispose: () => unregister(),
  };
}
