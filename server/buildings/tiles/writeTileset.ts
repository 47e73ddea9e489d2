/**
 * Writes the buildings of a store as a 3D Tiles 1.1 tileset: one GLB per tile of the tree (./tree.ts) and the
 * tileset.json object that names them. Two passes over the store: the first summarises every building (its
 * bounds and drawn heights, the DEM work), the second reads each tile's buildings with `records(bounds)` and
 * writes its GLB, so only one tile's buildings are in memory at a time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILDING_SOURCE_ATTRIBUTION, type BuildingRecord, type BuildingSource } from '../../../core/contracts/buildings';
import { writeGlb } from '../../download/generate/glb';
import { metresPerDegree } from '../../geo/local-metres';
import type { DemSampler } from '../../terrain/dem';
import type { BuildingStore } from '../store';
import { BuildingMeshBuilder, buildingExtent, tileFrame } from './geometry';
import { buildingPropertyTable } from './metadata';
import { buildTileTree, tilesOf, type BuildingSummary, type Region, type TileNode } from './tree';

export const TILESET_GENERATOR = 'Hong Kong 3D map portal building tiles';
/** Plain light buildings; the viewer's styles colour them (Cesium3DTileStyle). Linear RGBA. */
const BUILDING_BASE_COLOR: [number, number, number, number] = [0.85, 0.85, 0.82, 1];
/**
 * Margin added round each bounding region so float32 vertices (rounded by well under a millimetre) stay
 * inside it: about 1 cm across, 5 cm in height.
 */
const REGION_MARGIN_DEGREES = 1e-7;
const REGION_MARGIN_METRES = 0.05;

export interface BuildingTilesetStats {
  buildings: number;
  tiles: number;
  /** Bytes of every GLB together. */
  contentBytes: number;
  milliseconds: number;
}

export interface WrittenTileset {
  /** The tileset.json document. */
  tileset: object;
  stats: BuildingTilesetStats;
}

/** The first pass: a summary of every building of the store, in the store's order. */
export async function summariseBuildings(store: BuildingStore, dem: DemSampler): Promise<{ summaries: BuildingSummary[]; sources: Set<BuildingSource> }> {
  const summaries: BuildingSummary[] = [];
  const sources = new Set<BuildingSource>();
  for await (const record of store.records()) {
    const extent = buildingExtent(record, dem);
    const scale = metresPerDegree((extent.south + extent.north) / 2);
    const diagonal = Math.hypot((extent.east - extent.west) * scale.longitude, (extent.north - extent.south) * scale.latitude);
    summaries.push({ id: record.id, ...extent, sizeMetres: Math.max(extent.topMetres - extent.baseMetres, diagonal) });
    sources.add(record.source);
  }
  return { summaries, sources };
}

/** Column-major 4 x 4 `parent⁻¹ · child` for rigid matrices (3D Tiles composes a tile's transform with its parent's). */
function relativeTransform(parent: number[] | null, child: number[]): number[] {
  if (!parent) return child;
  const column = (matrix: number[], k: number) => matrix.slice(k * 4, k * 4 + 3);
  const parentAxes = [column(parent, 0), column(parent, 1), column(parent, 2)];
  const parentOrigin = column(parent, 3);
  const toParent = (vector: number[]) => parentAxes.map((axis) => axis[0] * vector[0] + axis[1] * vector[1] + axis[2] * vector[2]);
  const origin = column(child, 3).map((value, k) => value - parentOrigin[k]);
  return [...toParent(column(child, 0)), 0, ...toParent(column(child, 1)), 0, ...toParent(column(child, 2)), 0, ...toParent(origin), 1];
}

function regionRadians(region: Region): number[] {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  return [
    radians(region[0] - REGION_MARGIN_DEGREES),
    radians(region[1] - REGION_MARGIN_DEGREES),
    radians(region[2] + REGION_MARGIN_DEGREES),
    radians(region[3] + REGION_MARGIN_DEGREES),
    region[4] - REGION_MARGIN_METRES,
    region[5] + REGION_MARGIN_METRES,
  ];
}

/** The buildings of one tile, in feature-id order, read back from the store by the tile's bounds. */
async function tileRecords(store: BuildingStore, node: TileNode, summaries: ReadonlyArray<BuildingSummary>): Promise<BuildingRecord[]> {
  const wanted = new Set(node.members.map((index) => summaries[index].id));
  const records: BuildingRecord[] = [];
  const [west, south, east, north] = node.contentRegion;
  for await (const record of store.records([west, south, east, north])) {
    if (wanted.delete(record.id)) records.push(record);
  }
  if (wanted.size) throw new Error(`The building store changed while tile ${node.path} was generated: ${wanted.size} of its buildings are gone`);
  return records;
}

export interface WriteTilesetOptions {
  store: BuildingStore;
  dem: DemSampler;
  /** Folder the GLBs are written to (created). */
  contentDir: string;
  /** What the tileset's content URIs start with: the content folder relative to tileset.json. */
  contentUriPrefix: string;
  /** `asset.tilesetVersion`. */
  tilesetVersion: string;
}

/** Writes every tile's GLB and returns the tileset.json document, or null when the store has no buildings. */
export async function writeBuildingTileset({ store, dem, contentDir, contentUriPrefix, tilesetVersion }: WriteTilesetOptions): Promise<WrittenTileset | null> {
  const started = performance.now();
  const { summaries, sources } = await summariseBuildings(store, dem);
  const tree = buildTileTree(summaries);
  if (!tree) return null;
  await mkdir(contentDir, { recursive: true });
  const index = new Map(summaries.map((summary, k) => [summary.id, k]));
  const attribution = [...sources].map((source) => BUILDING_SOURCE_ATTRIBUTION[source].attribution).join('; ');
  let tiles = 0;
  let contentBytes = 0;
  const matrices = new Map<string, number[]>();
  for (const node of tilesOf(tree)) {
    const records = await tileRecords(store, node, summaries);
    const frame = tileFrame((node.contentRegion[0] + node.contentRegion[2]) / 2, (node.contentRegion[1] + node.contentRegion[3]) / 2);
    matrices.set(node.path, frame.matrix);
    const builder = new BuildingMeshBuilder(frame);
    records.forEach((record, featureId) => builder.addBuilding(record, summaries[index.get(record.id)!], featureId));
    const mesh = builder.build();
    const glb = writeGlb({
      name: `buildings ${node.path}`,
      parts: [{ name: 'buildings', mesh: { ...mesh, uvs: null }, baseColor: BUILDING_BASE_COLOR, featureIds: mesh.featureIds, floors: mesh.floors }],
      copyright: attribution,
      generator: TILESET_GENERATOR,
      propertyTable: buildingPropertyTable(records),
    });
    await writeFile(join(contentDir, `${node.path}.glb`), glb);
    tiles += 1;
    contentBytes += glb.length;
  }

  const tileJson = (node: TileNode, parentPath: string | null): object => ({
    boundingVolume: { region: regionRadians(node.region) },
    geometricError: node.geometricError,
    refine: 'ADD',
    transform: relativeTransform(parentPath === null ? null : matrices.get(parentPath)!, matrices.get(node.path)!),
    content: { uri: `${contentUriPrefix}/${node.path}.glb`, boundingVolume: { region: regionRadians(node.contentRegion) } },
    ...(node.children.length ? { children: node.children.map((child) => tileJson(child, node.path)) } : {}),
  });
  const largest = summaries.reduce((size, summary) => Math.max(size, summary.sizeMetres), 0);
  const tileset = {
    asset: { version: '1.1', generator: TILESET_GENERATOR, tilesetVersion, extras: { attribution } },
    // Drawing none of the buildings is wrong by the largest of them.
    geometricError: Math.ceil(largest),
    root: tileJson(tree, null),
  };
  return { tileset, stats: { buildings: summaries.length, tiles, contentBytes, milliseconds: Math.round(performance.now() - started) } };
}
