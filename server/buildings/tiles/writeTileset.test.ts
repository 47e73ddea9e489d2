/**
 * The building tiles of the shipped data, checked as a viewer would meet them: CesiumGS's 3d-tiles-validator
 * and the Khronos glTF validator find no error, every feature names a building of the store, every vertex lies
 * inside its tile's bounding region, the walls reach below the terrain and the roofs stand where LandsD
 * measured them.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildingRecord } from '../../../core/contracts/buildings';
import { ROOT_DIR } from '../../app';
import { getDemSampler } from '../../terrain/dem';
import { buildTilesValidator, gltfProblems, TILES_VALIDATOR_BUILD_TIMEOUT_MS, validateTilesetFile } from '../../test/tilesValidators';
import { loadDefaultBuildingRecords } from '../defaultSources';
import { createMemoryBuildingStore } from '../store';
import { localToGeodetic, multiplyMatrices, readBuildingTile, type ReadTile } from './tileReader';
import { writeBuildingTileset, type BuildingTilesetStats } from './writeTileset';
import { BASE_BELOW_TERRAIN_METRES, storeyHeightMetres } from './geometry';

const DATA_DIR = join(ROOT_DIR, 'data');
const CONTENT_FOLDER = 'content';

interface TileJson {
  boundingVolume: { region: number[] };
  geometricError: number;
  refine: string;
  transform: number[];
  content: { uri: string; boundingVolume: { region: number[] } };
  children?: TileJson[];
}
interface LoadedTile {
  json: TileJson;
  parent: LoadedTile | null;
  world: number[];
  tile: ReadTile;
}

const folder = mkdtempSync(join(tmpdir(), 'building-tiles-'));
const { records } = loadDefaultBuildingRecords(DATA_DIR);
const byId = new Map(records.map((record) => [record.id, record]));
const dem = getDemSampler(DATA_DIR);
let tileset: { geometricError: number; root: TileJson };
let stats: BuildingTilesetStats;
const tiles: LoadedTile[] = [];

beforeAll(async () => {
  const written = await writeBuildingTileset({
    store: createMemoryBuildingStore(records),
    dem,
    contentDir: join(folder, CONTENT_FOLDER),
    contentUriPrefix: CONTENT_FOLDER,
    tilesetVersion: 'test',
  });
  if (!written) throw new Error('The shipped building data gave no tileset');
  writeFileSync(join(folder, 'tileset.json'), JSON.stringify(written.tileset));
  tileset = written.tileset as typeof tileset;
  stats = written.stats;
  const visit = (json: TileJson, parent: LoadedTile | null) => {
    const loaded: LoadedTile = {
      json,
      parent,
      world: parent ? multiplyMatrices(parent.world, json.transform) : json.transform,
      tile: readBuildingTile(readFileSync(join(folder, json.content.uri))),
    };
    tiles.push(loaded);
    for (const child of json.children ?? []) visit(child, loaded);
  };
  visit(tileset.root, null);
}, 60_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the building tileset of the shipped data', () => {
  it('has every building of the store once, in a tree of several tiles', () => {
    expect(stats.buildings).toBe(records.length);
    expect(stats.tiles).toBe(tiles.length);
    expect(tiles.length).toBeGreaterThan(4);
    const ids = tiles.flatMap(({ tile }) => tile.properties.id as string[]);
    expect(ids.length).toBe(records.length);
    expect(new Set(ids).size).toBe(records.length);
    for (const id of ids) expect(byId.has(id), id).toBe(true);
  });

  it("passes CesiumGS's 3d-tiles-validator with 0 errors and 0 warnings", () => {
    buildTilesValidator();
    const report = validateTilesetFile(join(folder, 'tileset.json'));
    expect(report.problems, `3d-tiles-validator: ${report.numErrors} errors, ${report.numWarnings} warnings`).toEqual([]);
  }, TILES_VALIDATOR_BUILD_TIMEOUT_MS);

  it('passes the Khronos glTF validator with 0 errors and 0 warnings in every tile', async () => {
    const files = readdirSync(join(folder, CONTENT_FOLDER));
    expect(files.length).toBe(tiles.length);
    for (const file of files) {
      expect(await gltfProblems(new Uint8Array(readFileSync(join(folder, CONTENT_FOLDER, file))), file), file).toEqual([]);
    }
  }, 60_000);

  it('gives every vertex a feature id of its tile, with unit normals, and feature ids matching the triangles', () => {
    for (const { tile, json } of tiles) {
      expect(tile.featureIds.length, json.content.uri).toBe(tile.positions.length / 3);
      for (let k = 0; k < tile.featureIds.length; k += 1) {
        const id = tile.featureIds[k];
        if (!(Number.isInteger(id) && id >= 0 && id < tile.featureCount)) throw new Error(`${json.content.uri}: vertex ${k} has feature id ${id}`);
        const length = Math.hypot(tile.normals[k * 3], tile.normals[k * 3 + 1], tile.normals[k * 3 + 2]);
        if (Math.abs(length - 1) > 1e-5) throw new Error(`${json.content.uri}: normal ${k} has length ${length}`);
      }
      for (let k = 0; k < tile.indices.length; k += 3) {
        const [a, b, c] = [tile.indices[k], tile.indices[k + 1], tile.indices[k + 2]].map((index) => tile.featureIds[index]);
        if (a !== b || b !== c) throw new Error(`${json.content.uri}: triangle ${k / 3} spans buildings ${a}, ${b}, ${c}`);
      }
    }
  });

  it('keeps every vertex inside its content region and its tile region, and each tile inside its parent', () => {
    const radians = (degrees: number) => (degrees * Math.PI) / 180;
    const inside = (region: number[], longitude: number, latitude: number, height: number) =>
      radians(longitude) >= region[0] && radians(longitude) <= region[2] && radians(latitude) >= region[1] && radians(latitude) <= region[3] && height >= region[4] && height <= region[5];
    for (const { tile, json, world, parent } of tiles) {
      for (let k = 0; k < tile.positions.length; k += 3) {
        const { longitudeDegrees, latitudeDegrees, heightMetres } = localToGeodetic(world, tile.positions[k], tile.positions[k + 1], tile.positions[k + 2]);
        if (!inside(json.content.boundingVolume.region, longitudeDegrees, latitudeDegrees, heightMetres) || !inside(json.boundingVolume.region, longitudeDegrees, latitudeDegrees, heightMetres)) {
          throw new Error(`${json.content.uri}: vertex ${k / 3} at ${longitudeDegrees}, ${latitudeDegrees}, ${heightMetres} m lies outside its region`);
        }
      }
      if (parent) {
        const [child, outer] = [json.boundingVolume.region, parent.json.boundingVolume.region];
        expect(child[0] >= outer[0] && child[1] >= outer[1] && child[2] <= outer[2] && child[3] <= outer[3] && child[4] >= outer[4] && child[5] <= outer[5], json.content.uri).toBe(true);
        expect(json.geometricError).toBeLessThanOrEqual(parent.json.geometricError);
      }
      expect(json.geometricError === 0).toBe(!json.children);
    }
    expect(tileset.geometricError).toBeGreaterThanOrEqual(tileset.root.geometricError);
  });

  it('starts every building below the terrain at its footprint and ends it at its measured roof level', () => {
    const drawn = new Map<string, { base: number; top: number }>();
    for (const { tile, world } of tiles) {
      const ids = tile.properties.id as string[];
      for (let k = 0; k < tile.featureIds.length; k += 1) {
        const id = ids[tile.featureIds[k]];
        const { heightMetres } = localToGeodetic(world, tile.positions[k * 3], tile.positions[k * 3 + 1], tile.positions[k * 3 + 2]);
        const extent = drawn.get(id) ?? { base: Infinity, top: -Infinity };
        drawn.set(id, { base: Math.min(extent.base, heightMetres), top: Math.max(extent.top, heightMetres) });
      }
    }
    let measuredRoofs = 0;
    const withRoofLevel = records.filter((record) => record.roofLevelMetres !== null).length;
    for (const [id, { base, top }] of drawn) {
      const record = byId.get(id) as BuildingRecord;
      const terrain = [...record.footprint[0].map(([longitude, latitude]) => dem.heightAt(longitude, latitude) ?? 0)];
      if (base > Math.min(...terrain) - BASE_BELOW_TERRAIN_METRES + 0.01) throw new Error(`${id}: base ${base} m above the terrain ${Math.min(...terrain)} m`);
      if (record.roofLevelMetres !== null && record.roofLevelMetres > Math.min(...terrain) + 0.5) {
        expect(top, id).toBeCloseTo(record.roofLevelMetres, 1);
        measuredRoofs += 1;
      } else {
        // Ground + height, the ground being the lowest DEM height at the footprint (vertices or inside).
        expect(top - record.heightMetres, id).toBeLessThanOrEqual(Math.min(...terrain) + 0.01);
        expect(top - record.heightMetres, id).toBeGreaterThan(base);
      }
    }
    // Only where the coarse DEM puts the ground above a surveyed roof is the roof level not used.
    expect(measuredRoofs).toBeGreaterThan(withRoofLevel * 0.95);
  });

  it('gives every vertex its floor: 0 at the roof, down the walls by the storey height of its building', () => {
    for (const { tile, world, json } of tiles) {
      expect(tile.floors.length, json.content.uri).toBe(tile.positions.length / 3);
      const ids = tile.properties.id as string[];
      const top = new Map<number, number>();
      const heights = Array.from(tile.featureIds, (featureId, k) => {
        const { heightMetres } = localToGeodetic(world, tile.positions[k * 3], tile.positions[k * 3 + 1], tile.positions[k * 3 + 2]);
        top.set(featureId, Math.max(top.get(featureId) ?? -Infinity, heightMetres));
        return heightMetres;
      });
      for (let k = 0; k < tile.floors.length; k += 1) {
        const record = byId.get(ids[tile.featureIds[k]]) as BuildingRecord;
        const expected = (top.get(tile.featureIds[k])! - heights[k]) / storeyHeightMetres(record);
        if (Math.abs(tile.floors[k] - expected) > 1e-3) throw new Error(`${json.content.uri}: vertex ${k} of ${record.id} is floor ${tile.floors[k]}, expected ${expected}`);
      }
    }
  });

  it('draws the Bank of China Tower from the ground of Central to its roof at about 310 m above HKPD', () => {
    const tower = records.find((record) => record.nameEn === 'Bank of China Tower');
    expect(tower?.csuid).toBe('3468315577T20050430');
    const holder = tiles.find(({ tile }) => (tile.properties.id as string[]).includes(tower!.id))!;
    const featureId = (holder.tile.properties.id as string[]).indexOf(tower!.id);
    const heights: number[] = [];
    holder.tile.featureIds.forEach((id, k) => {
      if (id === featureId) heights.push(localToGeodetic(holder.world, holder.tile.positions[k * 3], holder.tile.positions[k * 3 + 1], holder.tile.positions[k * 3 + 2]).heightMetres);
    });
    expect(Math.max(...heights)).toBeCloseTo(310.3, 1);
    const terrain = Math.min(...tower!.footprint[0].map(([longitude, latitude]) => dem.heightAt(longitude, latitude) ?? 0));
    expect(Math.min(...heights)).toBeLessThanOrEqual(terrain - BASE_BELOW_TERRAIN_METRES + 0.01);
    expect(Math.min(...heights)).toBeGreaterThan(tower!.baseLevelMetres! - 10);
    expect(holder.tile.properties.roof_level[featureId]).toBeCloseTo(310.3, 3);
    expect(holder.tile.properties.name_en[featureId]).toBe('Bank of China Tower');
    // The tallest buildings are in the root tile, drawn first from afar.
    expect(holder.parent).toBeNull();
  });
});
