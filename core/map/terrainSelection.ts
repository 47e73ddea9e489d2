/**
 * What a terrain choice is, without the terrain manifests themselves (core/map/terrains.ts loads and validates
 * those): the core store holds a selection from its creation, and the store is part of the first paint, which
 * must not carry the manifest schemas (zod).
 */
import type { TerrainManifest } from '../manifests/schemas';

export type TerrainKind = TerrainManifest['kind'];

/** The terrain the map shows: the manifest's id and kind, and the terrain URL for the DEM kinds. */
export interface TerrainSelection {
  id: string;
  kind: TerrainKind;
  url?: string;
}

/** How heights of overlays and 3D objects count: as given (above the ellipsoid), or from the ground under them. */
export type HeightReferenceKind = 'absolute' | 'relative-to-ground';

/** Heights of overlays and 3D objects under a terrain kind: as given, or counted from the ground. */
export function heightReferenceOf(kind: TerrainKind): HeightReferenceKind {
  return kind === 'above-ground-level' ? 'relative-to-ground' : 'absolute';
}

/** The portal's terrain when no manifest names one (the data service's DEM terrain). */
export const FALLBACK_TERRAIN: TerrainSelection = { id: 'adaptive', kind: 'adaptive', url: '/mapviewer/api/terrain/' };
