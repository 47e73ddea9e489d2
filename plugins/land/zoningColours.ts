/**
 * Fill colours of the outline zoning plan layer (manifests/overlays/zoning-plans.json, handler `zoning-plans`): the
 * zone's colour of core/contracts/zoning.ts, the one the legend shows, nearly opaque. Zones are painted over the 3D
 * buildings (the shipped layer is the buildings' footprints), and the overlay engine's default fill of 0.45 mixed
 * them with the buildings' own colours until OU pink read as lavender and no longer matched its legend swatch.
 */
import { UNKNOWN_ZONE_COLOUR, hexToRgbText, ozpZoneOf } from '../../core/contracts/zoning';

/** The handler id the zoning manifest names. */
export const ZONING_PLANS_HANDLER = 'zoning-plans';
/** Fill opacity of a zone: enough to keep its legend colour over a building, with the ground still readable. */
export const ZONE_FILL_ALPHA = 0.8;

/** `rgba(...)` of the feature's zone (its `zone` code), in the unknown-zone grey for a code outside the notation. */
export function zoneFillColour(properties: Record<string, unknown>): string {
  const rgb = hexToRgbText(ozpZoneOf(properties.zone)?.colour ?? UNKNOWN_ZONE_COLOUR);
  return `rgba(${rgb}, ${ZONE_FILL_ALPHA})`;
}
