/**
 * PINNED INTERFACE (issue 18) — the pano-render lane replaces this file's body with the renderer; the signatures
 * stay. The sample panoramas are drawn from the map's own 3D scene: the DEM's terrain, the building store's
 * extruded footprints and the relief base map's street plan (server/terrain), after the convention of
 * core/contracts/equirectangular.ts.
 */
import type { PanoramaPose } from '../../core/contracts/equirectangular';
import type { BuildingStore } from '../buildings/store';

export interface PanoramaRendererSources {
  /** The data folder (data/): the DEM and the street plan's sources. */
  dataDir: string;
  /** The building store the 3D Tiles are made from. */
  buildings: BuildingStore;
}

export interface PanoramaRenderer {
  /** Changes whenever the drawing changes, so cached files of an older look are never served (a cache folder name). */
  readonly version: string;
  /** A JPEG of `width` × `width / 2` pixels (width a multiple of 2, 256–8192), marked as rendered, not photographed. */
  image(pose: PanoramaPose, width: number): Promise<Uint8Array>;
  /** A depth map of `width` × `height` (`height = width / 2`) in core/contracts/equirectangular.ts's DEPTH_ENCODING. */
  depth(pose: PanoramaPose, width: number): Promise<Uint8Array>;
  /** The ground's height under a place, metres (the terrain's height system), null outside the DEM. */
  groundHeight(longitude: number, latitude: number): number | null;
}

export function createPanoramaRenderer(sources: PanoramaRendererSources): PanoramaRenderer {
  void sources;
  throw new Error('not yet built (pano-render lane)');
}
