/**
 * The terrains of the layer drawer (manifests/terrains/*.json, SPEC §2: adaptive, above-ground-level,
 * ellipsoid) and what each kind means for the map:
 * - `adaptive`: the portal's DEM terrain; overlays and 3D objects sit at the heights their data give.
 * - `above-ground-level`: the same DEM terrain, but heights of overlays and 3D objects count from the ground
 *   under them (Cesium `HeightReference.RELATIVE_TO_GROUND`), so a label 20 m up is 20 m above the hillside.
 * - `ellipsoid`: no terrain: the flat WGS84 ellipsoid (every ground height is 0).
 */
import type { TerrainManifest } from '../manifests/schemas';
import { validateManifests, type ManifestProblem } from '../manifests/validate';
import { FALLBACK_TERRAIN, type TerrainKind, type TerrainSelection } from './terrainSelection';

export { FALLBACK_TERRAIN, heightReferenceOf, type HeightReferenceKind, type TerrainKind, type TerrainSelection } from './terrainSelection';

/** The order of SPEC §2 (adaptive, above-ground-level, ellipsoid), which the layer drawer lists them in. */
const KIND_ORDER: readonly TerrainKind[] = ['adaptive', 'above-ground-level', 'ellipsoid'];

/**
 * Parses terrain manifest files (glob result keyed by path); invalid files are reported, not thrown. Sorted by
 * kind in the order of SPEC §2, then by file name.
 */
export function loadTerrainManifests(files: Record<string, unknown>): { terrains: TerrainManifest[]; problems: ManifestProblem[] } {
  const entries = Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, module]) => ({
      file: file.replace(/^(\.\.\/)+/, ''),
      json: module && typeof module === 'object' && 'default' in module ? (module as { default: unknown }).default : module,
    }));
  const { valid, problems } = validateManifests(entries, 'terrain');
  const terrains = valid.map((entry) => entry.manifest);
  terrains.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  return { terrains, problems };
}

/**
 * The selection of a manifest. A DEM kind without a URL uses the portal's terrain, so a manifest cannot leave the
 * map without heights by omission.
 */
export function terrainSelectionOf(manifest: TerrainManifest): TerrainSelection {
  if (manifest.kind === 'ellipsoid') return { id: manifest.id, kind: manifest.kind };
  return { id: manifest.id, kind: manifest.kind, url: manifest.url ?? FALLBACK_TERRAIN.url };
}

/** The manifest marked `default`, else the first adaptive one, else {@link FALLBACK_TERRAIN}. */
export function defaultTerrainSelection(terrains: readonly TerrainManifest[]): TerrainSelection {
  const chosen = terrains.find((terrain) => terrain.default) ?? terrains.find((terrain) => terrain.kind === 'adaptive');
  return chosen ? terrainSelectionOf(chosen) : FALLBACK_TERRAIN;
}

const terrainFiles = import.meta.glob('../../manifests/terrains/*.json', { eager: true });
const loaded = loadTerrainManifests(terrainFiles);
if (loaded.problems.length > 0) console.warn('terrain manifest problems', loaded.problems);

/** The terrain manifests shipped with the app, in the order of SPEC §2. */
export const TERRAIN_MANIFESTS: readonly TerrainManifest[] = loaded.terrains;
/** The terrain the map starts with. */
export const DEFAULT_TERRAIN: TerrainSelection = defaultTerrainSelection(TERRAIN_MANIFESTS);
