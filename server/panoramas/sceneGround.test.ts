import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildingRecord } from '../../core/contracts/buildings';
import { metresPerDegree } from '../geo/local-metres';
import { getDemSampler } from '../terrain/dem';
import { RELIEF_PALETTES } from '../terrain/relief';
import { GroundTexture, Z16_REACH_METRES, Z18_REACH_METRES, Z19_REACH_METRES, Z21_REACH_METRES } from './sceneGround';

const dem = getDemSampler(resolve(import.meta.dirname, '../../data'));
/** A place in Kwun Tong; the footprints below are made up, only the relief around them is the map's. */
const CAMERA = { longitude: 114.2245, latitude: 22.3095 };
const scale = metresPerDegree(CAMERA.latitude);

/** A square footprint `side` metres wide centred `east`, `north` metres from the camera. */
function square(id: string, east: number, north: number, side: number): BuildingRecord {
  const at = (e: number, n: number): [number, number] => [CAMERA.longitude + e / scale.longitude, CAMERA.latitude + n / scale.latitude];
  const half = side / 2;
  return {
    id,
    csuid: null,
    landsdBuildingId: null,
    footprint: [[at(east - half, north - half), at(east + half, north - half), at(east + half, north + half), at(east - half, north + half), at(east - half, north - half)]],
    baseLevelMetres: null,
    roofLevelMetres: null,
    heightMetres: 10,
    heightKind: 'measured',
    storeys: null,
    nameEn: null,
    nameZh: null,
    category: 'other',
    categorySourceValue: null,
    address: null,
    yearCompleted: null,
    source: 'osm',
    sourceDataset: 'test',
  };
}

describe('GroundTexture', () => {
  it("puts the base map's footprints where the buildings stand, at every zoom it reads", () => {
    // One footprint in each zoom's reach (z21, z19, z18, z16): north, east, south and west of the camera.
    const placed = [
      { record: square('a', 0, 10, 6), east: 0, north: 10, reach: Z21_REACH_METRES },
      { record: square('b', 40, 0, 12), east: 40, north: 0, reach: Z19_REACH_METRES },
      { record: square('c', 0, -120, 20), east: 0, north: -120, reach: Z18_REACH_METRES },
      { record: square('d', -500, 0, 40), east: -500, north: 0, reach: Z16_REACH_METRES },
    ];
    const ground = new GroundTexture(
      { dem, vectors: () => null, footprints: placed.map(({ record }) => record), storeVersion: 'ground-test' },
      CAMERA.longitude,
      CAMERA.latitude,
      scale,
      5000,
    );
    const building = RELIEF_PALETTES.default.building.map((channel) => channel / 255);
    const colour = new Float32Array(3);
    for (const { east, north, reach, record } of placed) {
      const distance = Math.hypot(east, north);
      expect(distance).toBeLessThan(reach);
      ground.colourAt(east, north, distance, colour);
      for (let channel = 0; channel < 3; channel += 1) expect(colour[channel]).toBeCloseTo(building[channel], 2);
      // A metre and a half beyond the footprint's edge (a quarter of its width for the smallest) is ground again.
      const side = Math.abs(record.footprint[0][1][0] - record.footprint[0][0][0]) * scale.longitude;
      const outside = side / 2 + 1.5;
      const [outsideEast, outsideNorth] = east !== 0 ? [east + Math.sign(east) * outside, north] : [east, north + Math.sign(north) * outside];
      ground.colourAt(outsideEast, outsideNorth, Math.hypot(outsideEast, outsideNorth), colour);
      expect(Math.abs(colour[0] - building[0]) + Math.abs(colour[1] - building[1]) + Math.abs(colour[2] - building[2])).toBeGreaterThan(0.1);
    }
  });
});
