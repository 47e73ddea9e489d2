/**
 * The analysis engine on synthetic surfaces whose answers are known by construction (a flat plain with a ridge or
 * a wall, a store of square buildings), then on the real DTM and building data.
 */
import { describe, expect, it } from 'vitest';
import { VIEWSHED_CELL } from '../../core/contracts/analysis';
import type { BuildingRecord } from '../../core/contracts/buildings';
import { geodesicDistance } from '../../core/contracts/geodesy';
import { loadDefaultBuildingRecords } from '../buildings/defaultSources';
import { createMemoryBuildingStore } from '../buildings/store';
import { metresPerDegree } from '../geo/local-metres';
import { getDemSampler } from '../terrain/dem';
import { dropBelowChord, dropFromEye } from './curvature';
import { createAnalysisEngine, surfaceOver, viewshedGrid } from './engine';
import { profileAlong } from './profile';
import { lineOfSight, NoSurfaceError } from './sightLine';
import { createSurfaceModel, gridBounds, gridDegrees, rasterise, type HeightSource } from './surface';
import { computeViewshed, viewshedByRayMarch } from './viewshed';

const ORIGIN = { longitude: 114.0, latitude: 22.3 };
const SCALE = metresPerDegree(ORIGIN.latitude);
/** The point `east`, `north` metres from ORIGIN. */
const at = (east: number, north: number) => ({ longitude: ORIGIN.longitude + east / SCALE.longitude, latitude: ORIGIN.latitude + north / SCALE.latitude });
const eastOf = (longitude: number) => (longitude - ORIGIN.longitude) * SCALE.longitude;
const northOf = (latitude: number) => (latitude - ORIGIN.latitude) * SCALE.latitude;
const BOUNDS: [number, number, number, number] = [113.98, 22.28, 114.02, 22.32];

/** A plain at 10 m with a 30 m wide north–south ridge of height `ridge` mPD from 1000 to 1030 m east. */
function ridgeDem(ridge: number): HeightSource {
  return { heightAt: (longitude, latitude) => (Math.abs(northOf(latitude)) > 5000 ? null : eastOf(longitude) >= 1000 && eastOf(longitude) <= 1030 ? ridge : 10) };
}

/** A square building `side` metres wide with its south-west corner at east, north metres from ORIGIN. */
function squareBuilding(id: string, east: number, north: number, side: number, roof: number | null, name: string | null = null): BuildingRecord {
  const corners = [at(east, north), at(east + side, north), at(east + side, north + side), at(east, north + side), at(east, north)];
  return {
    id,
    csuid: null,
    landsdBuildingId: null,
    footprint: [corners.map((point) => [point.longitude, point.latitude] as [number, number])],
    baseLevelMetres: roof === null ? null : 10,
    roofLevelMetres: roof,
    heightMetres: roof === null ? 12 : roof - 10,
    heightKind: 'measured',
    storeys: null,
    nameEn: name,
    nameZh: name ? `${name}大廈` : null,
    category: 'other',
    categorySourceValue: null,
    address: null,
    yearCompleted: null,
    source: 'landsd-ib1000',
    sourceDataset: 'synthetic',
  };
}

describe('line of sight on a synthetic ridge', () => {
  it('is blocked by a ridge above the sight line, the obstruction at the ridge face', () => {
    const surface = createSurfaceModel(ridgeDem(60), [], BOUNDS);
    const result = lineOfSight(surface, { from: at(0, 0), fromHeight: 1.6, to: at(2000, 0), toHeight: 1.6 });
    expect(result.visible).toBe(false);
    expect(result.obstruction?.kind).toBe('terrain');
    expect(result.obstruction?.heightMetres).toBe(60);
    // The first sample on the ridge lies within one step (≤ 1 m here) of its west face at 1000 m.
    expect(result.obstruction!.distanceMetres).toBeGreaterThanOrEqual(1000 - 0.5);
    expect(result.obstruction!.distanceMetres).toBeLessThan(1000 + result.stepMetres + 0.5);
    expect(result.from.heightMetres).toBeCloseTo(11.6, 6);
  });

  it('is visible over a ridge below the sight line, and becomes blocked when the eye is lowered', () => {
    const surface = createSurfaceModel(ridgeDem(30), [], BOUNDS);
    expect(lineOfSight(surface, { from: at(0, 0), fromHeight: 40, to: at(2000, 0), toHeight: 40 }).visible).toBe(true);
    expect(lineOfSight(surface, { from: at(0, 0), fromHeight: 15, to: at(2000, 0), toHeight: 15 }).visible).toBe(false);
  });

  it('counts the earth curvature: a ridge just under a long flat sight line blocks once the bulge is added', () => {
    // Over 2 km the chord's midpoint bulge is 1000·1000·(1 − 0.13)/(2R) ≈ 0.068 m; a ridge 0.05 m below the line
    // in the middle is hidden by the bulge, one 0.1 m below is not.
    const bulge = dropBelowChord(1015, 2000);
    expect(bulge).toBeGreaterThan(0.06);
    const eye = 40;
    const sight = lineOfSight(createSurfaceModel(ridgeDem(10 + eye - 0.05), [], BOUNDS), { from: at(0, 0), fromHeight: eye, to: at(2000, 0), toHeight: eye });
    expect(sight.visible).toBe(false);
    const clear = lineOfSight(createSurfaceModel(ridgeDem(10 + eye - 0.1), [], BOUNDS), { from: at(0, 0), fromHeight: eye, to: at(2000, 0), toHeight: eye });
    expect(clear.visible).toBe(true);
  });

  it('names a building that blocks the view, with its roof as the height', () => {
    const tower = squareBuilding('tower', 500, -20, 40, 80, 'Tower');
    const surface = createSurfaceModel(ridgeDem(10), [tower], BOUNDS);
    const result = lineOfSight(surface, { from: at(0, 0), fromHeight: 1.6, to: at(2000, 0), toHeight: 1.6 });
    expect(result.obstruction).toMatchObject({ kind: 'building', buildingId: 'tower', heightMetres: 80, buildingName: { en: 'Tower', zh: 'Tower大廈' } });
    expect(result.obstruction!.distanceMetres).toBeCloseTo(500, 0);
  });

  it('refuses a point outside the DEM', () => {
    const surface = createSurfaceModel(ridgeDem(10), [], BOUNDS);
    expect(() => lineOfSight(surface, { from: at(0, 0), fromHeight: 1.6, to: at(0, 6000), toHeight: 1.6 })).toThrow(NoSurfaceError);
  });
});

describe('profile on a synthetic store', () => {
  it('samples every spacing metres with the vertices and the end, and lists the roofs crossed', () => {
    const buildings = [squareBuilding('a', 100, -10, 20, 50, 'Alpha'), squareBuilding('b', 300, -10, 20, null)];
    const surface = createSurfaceModel(ridgeDem(10), buildings, BOUNDS);
    const line = [at(0, 0), at(250, 0), at(400, 0)];
    const profile = profileAlong(surface, line, 5);
    const lengths = geodesicDistance(line[0], line[1]) + geodesicDistance(line[1], line[2]);
    expect(profile.lengthMetres).toBeCloseTo(lengths, 6);
    expect(profile.samples[0].distanceMetres).toBe(0);
    expect(profile.samples.at(-1)!.distanceMetres).toBeCloseTo(lengths, 6);
    const gaps = profile.samples.slice(1).map((sample, index) => sample.distanceMetres - profile.samples[index].distanceMetres);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5 + 1e-6);
    expect(profile.samples.some((sample) => Math.abs(sample.distanceMetres - geodesicDistance(line[0], line[1])) < 1e-6)).toBe(true);
    expect(profile.buildings.map((building) => building.id)).toEqual(['a', 'b']);
    const [alpha, beta] = profile.buildings;
    expect(alpha).toMatchObject({ roofMetres: 50, name: { en: 'Alpha', zh: 'Alpha大廈' } });
    expect(alpha.fromMetres).toBeGreaterThanOrEqual(100);
    expect(alpha.toMetres).toBeLessThanOrEqual(120);
    expect(alpha.toMetres - alpha.fromMetres).toBeGreaterThanOrEqual(15);
    // b has no roof level: the DTM at its centroid (10 m) + its 12 m height.
    expect(beta.roofMetres).toBe(22);
    const onAlpha = profile.samples.find((sample) => sample.buildingId === 'a')!;
    expect(onAlpha).toMatchObject({ groundMetres: 10, roofMetres: 50 });
    expect(profile.samples.filter((sample) => sample.buildingId === null).every((sample) => sample.roofMetres === null)).toBe(true);
  });
});

describe('view shed of a synthetic wall', () => {
  // A wall 60 m high, 30 m thick, 400 m long (north–south), 202.5 m east of the observer (cell centres 205–230 m
  // lie on it); the plain is at 10 m.
  const wall = squareBuilding('wall', 200, -200, 30, 70);
  wall.footprint = [[at(202.5, -200), at(232.5, -200), at(232.5, 200), at(202.5, 200), at(202.5, -200)].map((p) => [p.longitude, p.latitude] as [number, number])];
  const dem: HeightSource = { heightAt: () => 10 };
  const grid = viewshedGrid(ORIGIN, 500);
  const surface = createSurfaceModel(dem, [wall], [113.99, 22.29, 114.01, 22.31]);
  const raster = rasterise(surface, dem, grid);
  const request = { observerHeight: 1.6, heading: 90, horizontalAngle: 120, verticalAngle: 180, distance: 500 };
  const cellAt = (cells: string, east: number, north: number) => {
    const half = (raster.size - 1) / 2;
    return cells[(half - Math.round(north / raster.cellSizeMetres)) * raster.size + half + Math.round(east / raster.cellSizeMetres)];
  };

  it('sees the ground in front of the wall and its face, not behind it; outside the sector is 0', () => {
    const result = computeViewshed(raster, request);
    expect(raster.cellSizeMetres).toBe(5);
    expect(cellAt(result.cells, 100, 0)).toBe(VIEWSHED_CELL.visible);
    // The wall's near edge is seen; the rest of its roof, higher than the eye, is not (only its face would be).
    expect(cellAt(result.cells, 205, 0)).toBe(VIEWSHED_CELL.visible);
    expect(cellAt(result.cells, 225, 0)).toBe(VIEWSHED_CELL.hidden);
    expect(cellAt(result.cells, 300, 0)).toBe(VIEWSHED_CELL.hidden);
    expect(cellAt(result.cells, 450, 50)).toBe(VIEWSHED_CELL.hidden);
    // West of the observer is outside a sector facing east; beyond the range is outside too.
    expect(cellAt(result.cells, -100, 0)).toBe(VIEWSHED_CELL.outside);
    expect(cellAt(result.cells, 400, 400)).toBe(VIEWSHED_CELL.outside);
    expect(result.buildings).toEqual([{ id: 'wall', visible: true }]);
    expect(result.visibleShare).toBeGreaterThan(0.2);
    expect(result.visibleShare).toBeLessThan(0.8);
  });

  it('limits the vertical field: the ground far below a tall eye is outside a narrow one', () => {
    const narrow = computeViewshed(raster, { ...request, observerHeight: 100, verticalAngle: 10 });
    // From 110 m, the ground 100 m away lies ~45° below the horizon, outside ±5°.
    expect(cellAt(narrow.cells, 100, 0)).toBe(VIEWSHED_CELL.outside);
  });

  it('agrees with a per-cell line-of-sight march on nearly every cell', () => {
    const sweep = computeViewshed(raster, request).cells;
    const march = viewshedByRayMarch(raster, request).cells;
    let differ = 0;
    let inSector = 0;
    for (let i = 0; i < sweep.length; i++) {
      if (march[i] !== VIEWSHED_CELL.outside) inSector++;
      if (sweep[i] !== march[i]) differ++;
    }
    expect(differ / inSector).toBeLessThan(0.02);
  });
});

describe('curvature', () => {
  it('drops 1.7 m at 5 km with refraction k = 0.13', () => {
    expect(dropFromEye(5000)).toBeCloseTo(1.71, 2);
  });
});

describe('on the real DTM and buildings', () => {
  const dataDir = new URL('../../data', import.meta.url).pathname;
  const dem = getDemSampler(dataDir);
  const store = createMemoryBuildingStore(loadDefaultBuildingRecords(dataDir).records);
  const engine = createAnalysisEngine(dem, store, 'test');

  it('profiles Tai Mo Shan with a summit between 900 and 960 m', async () => {
    const profile = await engine.profile([{ longitude: 114.1, latitude: 22.4107 }, { longitude: 114.15, latitude: 22.4107 }], 25);
    const summit = Math.max(...profile.samples.map((sample) => sample.groundMetres ?? -Infinity));
    expect(summit).toBeGreaterThan(900);
    expect(summit).toBeLessThan(960);
  });

  it('finds Lion Rock (about 470 m on the DTM) between its two foothills, and sees over it from 600 m up', async () => {
    const south = { longitude: 114.19, latitude: 22.347 };
    const north = { longitude: 114.182, latitude: 22.362 };
    const blocked = await engine.lineOfSight({ from: south, fromHeight: 10, to: north, toHeight: 10 });
    expect(blocked.visible).toBe(false);
    expect(blocked.obstruction?.kind).toBe('terrain');
    expect(blocked.obstruction!.heightMetres).toBeGreaterThan(blocked.from.heightMetres);
    const over = await engine.lineOfSight({ from: south, fromHeight: 400, to: north, toHeight: 400 });
    expect(over.visible).toBe(true);
  });

  it('rasterises the buildings of Wong Tai Sin as the surface answers at each cell centre', async () => {
    const grid = viewshedGrid({ longitude: 114.1935, latitude: 22.342 }, 300);
    const surface = await surfaceOver(dem, store, gridBounds(grid));
    const raster = rasterise(surface, dem, grid);
    const step = gridDegrees(grid);
    let onBuildings = 0;
    let differ = 0;
    for (let row = 0; row < raster.size; row++) {
      for (let column = 0; column < raster.size; column++) {
        const point = surface.at(grid.centreLongitude + (column - grid.halfCells) * step.lon, grid.centreLatitude + (grid.halfCells - row) * step.lat);
        const index = raster.buildingIndex[row * raster.size + column];
        if (point.building) onBuildings++;
        if ((index < 0 ? null : raster.buildings[index]) !== point.building) differ++;
        else expect(raster.heights[row * raster.size + column]).toBeCloseTo(point.surfaceMetres!, 3);
      }
    }
    expect(onBuildings).toBeGreaterThan(1000);
    expect(differ).toBeLessThan(onBuildings * 0.001 + 1);
  });

  it('computes a 1 km view shed from Lion Rock on 5 m cells, seeing part of Kowloon', async () => {
    const result = await engine.viewshed({ longitude: 114.1869, latitude: 22.3524 }, { observerHeight: 1.6, heading: 180, horizontalAngle: 90, verticalAngle: 180, distance: 1000 });
    expect(result.cellSizeMetres).toBe(5);
    expect(result.columns * result.rows).toBeLessThanOrEqual(250_000 * 1.01);
    expect(result.cells).toHaveLength(result.columns * result.rows);
    expect(result.visibleShare).toBeGreaterThan(0.05);
    expect(result.visibleShare).toBeLessThan(1);
    expect(result.observer.heightMetres).toBeGreaterThan(400);
  });
});
