import type { OverlayManifest } from '../manifests/schemas';
import type { OverlayFlags } from '../store/appStore';

/**
 * Whether an overlay is on the map for the user: switched on and, when it has a disclaimer, accepted. Until the
 * disclaimer is answered the engine draws nothing, so its legend and real-time panel wait too.
 */
export function isOverlayOnShow(manifest: Pick<OverlayManifest, 'hasDisclaimer'>, flags: OverlayFlags | undefined): boolean {
  if (!flags?.shown) return false;
  return !manifest.hasDisclaimer || flags.disclaimerAccepted === true;
}
