/**
 * A 3D Tiles 1.1 tileset of one sheet: a single root tile whose content is the sheet's .glb (centred on the
 * sheet) and whose `transform` is the east-north-up frame at the sheet centre turned onto the grid axes
 * (./frame.ts), so the model sits in place on a Cesium globe. The bounding volume is a region (radians,
 * heights in metres), which 3D Tiles does not transform: it is measured on the content as placed, vertex by
 * vertex, because buildings whose centroid lies in the sheet reach past its edges (by 38 m on 11-SW-9C) and the
 * tangent plane of the transform is not the grid's projection.
 */
import { ecefToGeodetic } from '../../../core/contracts/ecef';
import { centreToEcefMatrix, type SheetFrame } from './frame';
import type { MeshData } from './sheetModel';

/** Round the content's extent, so float32 vertices (rounded by well under a millimetre) stay inside: about 1 cm across, 5 cm in height. */
const REGION_MARGIN_RADIANS = 1e-2 / 6_378_137;
const REGION_MARGIN_METRES = 0.05;

export interface TilesetOptions {
  frame: SheetFrame;
  /** The meshes the content draws, in the sheet's local metres (x east, y north of its south-west corner, z up). */
  meshes: readonly MeshData[];
  /** The content's file name beside tileset.json. */
  contentUri: string;
  /** Copyright and attribution, written to `asset.extras`. */
  attribution: string;
}

/**
 * The region round every vertex of `meshes` once the content is centred on the sheet (as the tileset's .glb
 * is) and placed by `transform`: [west, south, east, north] radians, [lowest, highest] metres above the ellipsoid.
 */
function contentRegion(frame: SheetFrame, transform: readonly number[], meshes: readonly MeshData[]): number[] {
  const region = [Infinity, Infinity, -Infinity, -Infinity, Infinity, -Infinity];
  for (const { positions } of meshes) {
    for (let k = 0; k < positions.length; k += 3) {
      const east = positions[k] - frame.width / 2;
      const north = positions[k + 1] - frame.height / 2;
      const up = positions[k + 2];
      const { longitudeDegrees, latitudeDegrees, heightMetres } = ecefToGeodetic(
        transform[0] * east + transform[4] * north + transform[8] * up + transform[12],
        transform[1] * east + transform[5] * north + transform[9] * up + transform[13],
        transform[2] * east + transform[6] * north + transform[10] * up + transform[14],
      );
      const longitude = (longitudeDegrees * Math.PI) / 180;
      const latitude = (latitudeDegrees * Math.PI) / 180;
      region[0] = Math.min(region[0], longitude);
      region[1] = Math.min(region[1], latitude);
      region[2] = Math.max(region[2], longitude);
      region[3] = Math.max(region[3], latitude);
      region[4] = Math.min(region[4], heightMetres);
      region[5] = Math.max(region[5], heightMetres);
    }
  }
  return [
    region[0] - REGION_MARGIN_RADIANS,
    region[1] - REGION_MARGIN_RADIANS,
    region[2] + REGION_MARGIN_RADIANS,
    region[3] + REGION_MARGIN_RADIANS,
    region[4] - REGION_MARGIN_METRES,
    region[5] + REGION_MARGIN_METRES,
  ];
}

export function buildTileset({ frame, meshes, contentUri, attribution }: TilesetOptions): object {
  const transform = centreToEcefMatrix(frame);
  // The sheet's diagonal: beyond this error on screen the tileset is not worth drawing at all.
  const geometricError = Math.round(Math.hypot(frame.width, frame.height));
  return {
    asset: { version: '1.1', generator: 'Hong Kong 3D map portal sheet generator', extras: { attribution } },
    geometricError,
    root: {
      transform,
      boundingVolume: { region: contentRegion(frame, transform, meshes) },
      geometricError: 0,
      refine: 'ADD',
      content: { uri: contentUri },
    },
  };
}
