/**
 * Height sampling (issue 14: measurement, GPX profiles, first-person view): ellipsoidal heights at many places,
 * from the terrain's most detailed tiles and, when asked, the 3D Tiles on the map. The combination is plain code
 * over a {@link HeightSources}; {@link cesiumHeightSources} reads Cesium.
 */
import type { Viewer } from 'cesium';

type CesiumModule = typeof import('cesium');
type LonLat = readonly [longitude: number, latitude: number];

/** Where heights come from. */
export interface HeightSources {
  /** Which terrain shapes the globe once it has loaded (the flat ellipsoid is 0 m everywhere). */
  terrain(): Promise<'terrain' | 'ellipsoid'>;
  /** Terrain heights at the most detailed level, metres; undefined where no tile covers a place. */
  sampleTerrain(positions: ReadonlyArray<LonLat>): Promise<Array<number | undefined>>;
  /** Heights of the 3D Tiles shown at each place (the tiles loaded now), metres; undefined where none. */
  modelHeights(positions: ReadonlyArray<LonLat>): Array<number | undefined>;
}

/** Throws a `RangeError` naming the first position that is not a longitude/latitude pair in degrees. */
export function checkPositions(positions: ReadonlyArray<LonLat>): void {
  positions.forEach((position, index) => {
    const [longitude, latitude] = position;
    if (!Number.isFinite(longitude) || !Number.isFinite(latitude) || Math.abs(latitude) > 90) {
      throw new RangeError(`sampleHeights: position ${index} must be [longitude, latitude] in degrees, got [${longitude}, ${latitude}]`);
    }
  });
}

/** See {@link MapFacade.sampleHeights}. */
export async function sampleHeights(
  sources: HeightSources,
  positions: ReadonlyArray<LonLat>,
  options: { includeModels?: boolean } = {},
): Promise<Array<number | null>> {
  checkPositions(positions);
  if (positions.length === 0) return [];
  const terrain = (await sources.terrain()) === 'ellipsoid' ? positions.map(() => 0) : await sources.sampleTerrain(positions);
  const models = options.includeModels ? sources.modelHeights(positions) : [];
  return positions.map((_, index) => {
    const ground = terrain[index];
    const model = models[index];
    const known = [ground, model].filter((height): height is number => height !== undefined && Number.isFinite(height));
    return known.length > 0 ? Math.max(...known) : null;
  });
}

/** Every shown 3D Tiles tileset in `primitives`, looking into nested collections. */
function shownTilesets(Cesium: CesiumModule, primitives: import('cesium').PrimitiveCollection): import('cesium').Cesium3DTileset[] {
  const found: import('cesium').Cesium3DTileset[] = [];
  for (let index = 0; index < primitives.length; index += 1) {
    const primitive: unknown = primitives.get(index);
    if (primitive instanceof Cesium.Cesium3DTileset) {
      if (primitive.show) found.push(primitive);
    } else if (primitive instanceof Cesium.PrimitiveCollection && primitive.show) {
      found.push(...shownTilesets(Cesium, primitive));
    }
  }
  return found;
}

/** Heights from the viewer: its terrain provider's most detailed tiles, and its shown tilesets' loaded tiles. */
export function cesiumHeightSources(Cesium: CesiumModule, viewer: Viewer, terrain: () => Promise<'terrain' | 'ellipsoid'>): HeightSources {
  const cartographics = (positions: ReadonlyArray<LonLat>) => positions.map(([longitude, latitude]) => Cesium.Cartographic.fromDegrees(longitude, latitude));
  return {
    terrain,
    async sampleTerrain(positions) {
      // Tiles that fail leave their places undefined (rejectOnTileFail false): those heights are unknown, not 0.
      const sampled = await Cesium.sampleTerrainMostDetailed(viewer.terrainProvider, cartographics(positions), false);
      return sampled.map((position) => position?.height);
    },
    modelHeights(positions) {
      const tilesets = shownTilesets(Cesium, viewer.scene.primitives);
      if (tilesets.length === 0) return positions.map(() => undefined);
      return cartographics(positions).map((place) => {
        const heights = tilesets.map((tileset) => tileset.getHeight(place, viewer.scene)).filter((height): height is number => height !== undefined);
        return heights.length > 0 ? Math.max(...heights) : undefined;
      });
    },
  };
}
