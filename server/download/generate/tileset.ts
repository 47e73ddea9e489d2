/**
 * A 3D Tiles 1.1 tileset of one sheet: a single root tile whose content is the sheet's .glb (centred on the
 * sheet) and whose `transform` is the east-north-up frame at the sheet centre turned onto the grid axes
 * (./frame.ts), so the model sits in place on a Cesium globe. The bounding volume is a region (radians,
 * heights in metres), which 3D Tiles does not transform.
 */
import { centreToEcefMatrix, type SheetFrame } from './frame';

export interface TilesetOptions {
  frame: SheetFrame;
  /** Lowest and highest height of the content, metres. */
  heightRange: [number, number];
  /** The content's file name beside tileset.json. */
  contentUri: string;
  /** Copyright and attribution, written to `asset.extras`. */
  attribution: string;
}

export function buildTileset({ frame, heightRange, contentUri, attribution }: TilesetOptions): object {
  const corners = [
    frame.lonLatAt(0, 0),
    frame.lonLatAt(frame.width, 0),
    frame.lonLatAt(0, frame.height),
    frame.lonLatAt(frame.width, frame.height),
  ];
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const longitudes = corners.map(([longitude]) => radians(longitude));
  const latitudes = corners.map(([, latitude]) => radians(latitude));
  // The sheet's diagonal: beyond this error on screen the tileset is not worth drawing at all.
  const geometricError = Math.round(Math.hypot(frame.width, frame.height));
  return {
    asset: { version: '1.1', generator: 'Hong Kong 3D map portal sheet generator', extras: { attribution } },
    geometricError,
    root: {
      transform: centreToEcefMatrix(frame),
      boundingVolume: {
        region: [
          Math.min(...longitudes),
          Math.min(...latitudes),
          Math.max(...longitudes),
          Math.max(...latitudes),
          Math.floor(heightRange[0]) - 1,
          Math.ceil(heightRange[1]) + 1,
        ],
      },
      geometricError: 0,
      refine: 'ADD',
      content: { uri: contentUri },
    },
  };
}
