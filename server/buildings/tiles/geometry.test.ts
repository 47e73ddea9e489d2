import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildingRecord } from '../../../core/contracts/buildings';
import { ROOT_DIR } from '../../app';
import { getDemSampler } from '../../terrain/dem';
import { BASE_BELOW_TERRAIN_METRES, BuildingMeshBuilder, buildingExtent, storeyHeightMetres, tileFrame } from './geometry';

const dem = getDemSampler(join(ROOT_DIR, 'data'));
const LONGITUDE = 114.158;
const LATITUDE = 22.281;
const EAST = 1 / 103_200; // degrees per metre, near enough at this latitude for a test outline
const NORTH = 1 / 110_760;

/** A 40 m square block in Central with a 10 m square courtyard, written clockwise (the frame must turn it). */
function courtyardBlock(overrides: Partial<BuildingRecord> = {}): BuildingRecord {
  const at = (east: number, north: number): [number, number] => [LONGITUDE + east * EAST, LATITUDE + north * NORTH];
  return {
    id: 'courtyard',
    csuid: null,
    landsdBuildingId: null,
    footprint: [
      [at(0, 0), at(0, 40), at(40, 40), at(40, 0), at(0, 0)],
      [at(15, 15), at(25, 15), at(25, 25), at(15, 25), at(15, 15)],
    ],
    baseLevelMetres: null,
    roofLevelMetres: 90,
    heightMetres: 80,
    heightKind: 'measured',
    storeys: null,
    nameEn: null,
    nameZh: null,
    category: 'residential',
    categorySourceValue: null,
    address: null,
    yearCompleted: null,
    source: 'landsd-ib1000',
    sourceDataset: 'test',
    ...overrides,
  };
}

describe('buildingExtent', () => {
  it('starts below the lowest terrain at the footprint and ends at the measured roof level', () => {
    const record = courtyardBlock();
    const extent = buildingExtent(record, dem);
    const terrain = record.footprint[0].map(([longitude, latitude]) => dem.heightAt(longitude, latitude)!);
    expect(extent.baseMetres).toBeLessThanOrEqual(Math.min(...terrain) - BASE_BELOW_TERRAIN_METRES);
    expect(extent.baseMetres).toBeGreaterThan(Math.min(...terrain) - 30);
    expect(extent.topMetres).toBe(90);
    expect(extent.vertexCount).toBe(8);
  });

  it('puts a building without a roof level its height above the ground', () => {
    const record = courtyardBlock({ roofLevelMetres: null, heightMetres: 12, heightKind: 'from-storeys' });
    const extent = buildingExtent(record, dem);
    const terrain = record.footprint[0].map(([longitude, latitude]) => dem.heightAt(longitude, latitude)!);
    expect(extent.topMetres - 12).toBeLessThanOrEqual(Math.min(...terrain));
    expect(extent.topMetres - 12).toBeGreaterThan(extent.baseMetres);
  });
});

describe('BuildingMeshBuilder', () => {
  const record = courtyardBlock();
  const extent = buildingExtent(record, dem);
  const builder = new BuildingMeshBuilder(tileFrame(LONGITUDE, LATITUDE));
  builder.addBuilding(record, extent, 7);
  const mesh = builder.build();
  const vertex = (index: number) => [mesh.positions[index * 3], mesh.positions[index * 3 + 1], mesh.positions[index * 3 + 2]];
  const normal = (index: number) => [mesh.normals[index * 3], mesh.normals[index * 3 + 1], mesh.normals[index * 3 + 2]];

  it('gives every vertex the feature id and a unit normal', () => {
    expect(new Set(mesh.featureIds)).toEqual(new Set([7]));
    for (let k = 0; k < mesh.featureIds.length; k += 1) expect(Math.hypot(...normal(k))).toBeCloseTo(1, 6);
  });

  it('roofs the block less its courtyard, every roof triangle facing up', () => {
    let roofArea = 0;
    let wallQuads = 0;
    for (let k = 0; k < mesh.indices.length; k += 3) {
      const [a, b, c] = [mesh.indices[k], mesh.indices[k + 1], mesh.indices[k + 2]].map(vertex);
      const cross = [
        (b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]),
        (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]),
        (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]),
      ];
      const faceNormal = normal(mesh.indices[k]);
      // Each triangle winds counter-clockwise seen from where its normal points.
      expect(cross[0] * faceNormal[0] + cross[1] * faceNormal[1] + cross[2] * faceNormal[2]).toBeGreaterThan(0);
      if (faceNormal[2] > 0.99) roofArea += Math.hypot(...cross) / 2;
      else wallQuads += 0.5;
    }
    // The outline's degrees are metres to within half a percent here.
    expect(Math.abs(roofArea / (40 * 40 - 10 * 10) - 1)).toBeLessThan(0.005);
    expect(wallQuads).toBe(8);
  });

  it('turns the outer walls outwards and the courtyard walls into the courtyard', () => {
    const centre = [20, 20];
    for (let k = 0; k < mesh.indices.length; k += 3) {
      const index = mesh.indices[k];
      const faceNormal = normal(index);
      if (Math.abs(faceNormal[2]) > 1e-3) continue;
      const corners = [mesh.indices[k], mesh.indices[k + 1], mesh.indices[k + 2]].map(vertex);
      const mid = [0, 1].map((axis) => corners.reduce((sum, corner) => sum + corner[axis], 0) / 3);
      const fromCentre = [mid[0] - centre[0], mid[1] - centre[1]];
      const inCourtyard = Math.max(Math.abs(fromCentre[0]), Math.abs(fromCentre[1])) < 10;
      const outwards = faceNormal[0] * fromCentre[0] + faceNormal[1] * fromCentre[1] > 0;
      expect(outwards).toBe(!inCourtyard);
    }
  });
});

describe('floors (_FLOOR)', () => {
  /** The mesh of one building and, per vertex, its up metres and floor. */
  function floorsOf(record: BuildingRecord) {
    const extent = buildingExtent(record, dem);
    const builder = new BuildingMeshBuilder(tileFrame(LONGITUDE, LATITUDE));
    builder.addBuilding(record, extent, 0);
    const mesh = builder.build();
    expect(mesh.floors.length).toBe(mesh.featureIds.length);
    const vertices = Array.from(mesh.floors, (floor, k) => ({ up: mesh.positions[k * 3 + 2], floor }));
    const roof = vertices.filter(({ up }) => Math.abs(up - extent.topMetres) < 0.01);
    const base = vertices.filter(({ up }) => Math.abs(up - extent.baseMetres) < 0.01);
    expect(roof.length + base.length).toBe(vertices.length);
    return { extent, roof, base };
  }

  it('counts a building with storeys down from its roof: 10 storeys over 30 m are 10 floors at the ground', () => {
    const record = courtyardBlock({ roofLevelMetres: null, heightMetres: 30, heightKind: 'from-storeys', storeys: 10 });
    expect(storeyHeightMetres(record)).toBe(3);
    const { extent, roof, base } = floorsOf(record);
    for (const { floor } of roof) expect(floor).toBe(0);
    // The walls reach the base, a metre or more below the ground: the ground (roof - 30 m) is floor 10.
    for (const { floor } of base) expect(floor).toBeCloseTo((extent.topMetres - extent.baseMetres) / 3, 4);
    const groundFloor = base[0].floor - (extent.topMetres - 30 - extent.baseMetres) / 3;
    expect(groundFloor).toBeCloseTo(10, 4);
    expect(base[0].floor).toBeGreaterThan(10);
  });

  it('draws a measured tower with its own storey height (10 storeys over 40 m: 4 m floors)', () => {
    const record = courtyardBlock({ roofLevelMetres: 90, heightMetres: 40, storeys: 10 });
    expect(storeyHeightMetres(record)).toBe(4);
    const { extent, roof, base } = floorsOf(record);
    for (const { floor } of roof) expect(floor).toBe(0);
    for (const { floor } of base) expect(floor).toBeCloseTo((90 - extent.baseMetres) / 4, 4);
  });

  it('draws a floor every 3 m without storeys, or where the storeys do not fit the height', () => {
    for (const storeys of [null, 50, 2]) {
      const record = courtyardBlock({ storeys });
      expect(storeyHeightMetres(record)).toBe(3);
      const { extent, roof, base } = floorsOf(record);
      for (const { floor } of roof) expect(floor).toBe(0);
      for (const { floor } of base) expect(floor).toBeCloseTo((extent.topMetres - extent.baseMetres) / 3, 4);
    }
  });
});
