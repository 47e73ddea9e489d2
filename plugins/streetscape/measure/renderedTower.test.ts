/**
 * Measuring on a real rendered sample (issue 18 "measure a building's height within 5 % of its record"): the
 * renderer the data service draws the shipped panoramas with (server/panoramas/renderer.ts) draws the depth map
 * at the shipped size, and the measuring geometry picks the wall foot and the roof edge of a Kwun Tong office tower
 * aimed at from its LandsD record, as a user's two clicks would.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildingRecord } from '../../../core/contracts/buildings';
import { decodeDepthMap, type DepthMap, type PanoramaPose, projectToCamera } from '../../../core/contracts/equirectangular';
import { loadDefaultBuildingRecords } from '../../../server/buildings/defaultSources';
import { createMemoryBuildingStore } from '../../../server/buildings/store';
import { buildingExtent } from '../../../server/buildings/tiles/geometry';
import { getDemSampler } from '../../../server/terrain/dem';
import { createPanoramaRenderer } from '../../../server/panoramas/renderer';
import { measure, pickPoint } from './geometry';

const DATA_DIR = resolve(import.meta.dirname, '../../../data');
/** Hoi Yuen Road, Kwun Tong, looking up the street (north-east), 2.5 m above the ground. */
const CAMERA = { longitude: 114.22468, latitude: 22.31048, headingDegrees: 50 };
/** A 46.4 m office tower (LandsD iB1000) whose wall faces the camera about 15 m away. */
const TOWER_ID = '4121919026T20050430';
/** The shipped depth maps' size. */
const DEPTH_WIDTH = 1024;

let pose: PanoramaPose;
let depth: DepthMap;
let tower: BuildingRecord;

beforeAll(async () => {
  const { records } = loadDefaultBuildingRecords(DATA_DIR);
  tower = records.find((record) => record.id === TOWER_ID)!;
  const renderer = createPanoramaRenderer({ dataDir: DATA_DIR, buildings: createMemoryBuildingStore(records) });
  pose = { ...CAMERA, heightMeters: renderer.groundHeight(CAMERA.longitude, CAMERA.latitude)! + 2.5 };
  depth = decodeDepthMap(await renderer.depth(pose, DEPTH_WIDTH), DEPTH_WIDTH, DEPTH_WIDTH / 2);
}, 60_000);

/** The middle of the tower's footprint edge nearest the camera. */
function nearestWallMiddle(): { longitude: number; latitude: number } {
  const ring = tower.footprint[0];
  const middles = ring.slice(1).map(([longitude, latitude], index) => ({ longitude: (ring[index][0] + longitude) / 2, latitude: (ring[index][1] + latitude) / 2 }));
  const distance = (place: { longitude: number; latitude: number }) => projectToCamera(pose, { ...place, heightMeters: pose.heightMeters }).distanceMeters;
  return middles.reduce((best, place) => (distance(place) < distance(best) ? place : best));
}

describe('measuring a rendered Kwun Tong panorama', () => {
  it("gives the tower's height within 5 % of its record from a click at the wall foot and one under the roof edge", () => {
    expect(tower).toBeDefined();
    const wall = nearestWallMiddle();
    const extent = buildingExtent(tower, getDemSampler(DATA_DIR));
    const foot = projectToCamera(pose, { ...wall, heightMeters: extent.groundMetres });
    const roofEdge = projectToCamera(pose, { ...wall, heightMeters: extent.topMetres });
    // Just under the roof line (0.6 of a depth pixel), as a user aims at an edge: the pixel measured is the wall's.
    const underRoof = { azimuthDegrees: roofEdge.azimuthDegrees, elevationDegrees: roofEdge.elevationDegrees - (0.6 * 180) / (DEPTH_WIDTH / 2) };
    const points = [pickPoint(pose, depth, foot).point, pickPoint(pose, depth, underRoof).point];
    expect(points).not.toContain(null);
    const height = measure('height', points as NonNullable<(typeof points)[number]>[])[0];
    expect(height.quantity).toBe('difference');
    expect(Math.abs(height.value - tower.heightMetres) / tower.heightMetres).toBeLessThan(0.05);
  });
});
