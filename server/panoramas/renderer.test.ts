import { resolve } from 'node:path';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildingRecord } from '../../core/contracts/buildings';
import {
  decodeDepthMap,
  directionToEnu,
  directionToImagePoint,
  imagePointToDirection,
  projectToCamera,
  unprojectFromCamera,
  type DepthMap,
  type PanoramaPose,
} from '../../core/contracts/equirectangular';
import { loadDefaultBuildingRecords } from '../buildings/defaultSources';
import { createMemoryBuildingStore } from '../buildings/store';
import { buildingExtent } from '../buildings/tiles/geometry';
import { getDemSampler } from '../terrain/dem';
import { bruteForceDepth } from './renderBruteForce';
import { COLUMNS_PER_SLICE, renderDepthMetres } from './renderPanorama';
import { buildPanoramaScene } from './scene';
import { createPanoramaRenderer, type PanoramaRenderer } from './renderer';

const DATA_DIR = resolve(import.meta.dirname, '../../data');
/** Hoi Yuen Road, Kwun Tong, between Hing Yip Street and How Ming Street, looking up the street (north-east). */
const HOI_YUEN_ROAD = { longitude: 114.22468, latitude: 22.31048, headingDegrees: 50 };
const CAMERA_ABOVE_GROUND_METRES = 2.5;
/** A 46.4 m office tower (LandsD iB1000, roof 50.5 m HKPD) whose wall faces the camera 15 m away. */
const TOWER_ID = '4121919026T20050430';
const DEPTH_WIDTH = 2048;

let renderer: PanoramaRenderer;
let pose: PanoramaPose;
let depth: DepthMap;
let tower: BuildingRecord;
let records: BuildingRecord[];

beforeAll(async () => {
  records = loadDefaultBuildingRecords(DATA_DIR).records;
  tower = records.find((record) => record.id === TOWER_ID)!;
  renderer = createPanoramaRenderer({ dataDir: DATA_DIR, buildings: createMemoryBuildingStore(records) });
  const ground = renderer.groundHeight(HOI_YUEN_ROAD.longitude, HOI_YUEN_ROAD.latitude)!;
  pose = { ...HOI_YUEN_ROAD, heightMeters: ground + CAMERA_ABOVE_GROUND_METRES };
  depth = decodeDepthMap(await renderer.depth(pose, DEPTH_WIDTH), DEPTH_WIDTH, DEPTH_WIDTH / 2);
}, 60_000);

/** The direction through a depth pixel's centre and the distance stored there. */
function pixel(column: number, row: number) {
  const direction = imagePointToDirection({ x: column + 0.5, y: row + 0.5 }, depth.width, depth.height, pose.headingDegrees);
  return { direction, metres: depth.metres[row * depth.width + column] };
}

/** The tower's footprint edge nearest the camera, as two camera-frame ENU points at the camera's height. */
function nearestWall(): { a: number[]; b: number[]; middle: { longitude: number; latitude: number } } {
  const ring = tower.footprint[0];
  const toEnu = ([longitude, latitude]: readonly number[]) => {
    const seen = projectToCamera(pose, { longitude, latitude, heightMeters: pose.heightMeters });
    return directionToEnu(seen).map((component) => component * seen.distanceMeters);
  };
  let best: { a: number[]; b: number[]; middle: { longitude: number; latitude: number }; distance: number } | null = null;
  for (let k = 0; k + 1 < ring.length; k += 1) {
    const middle = { longitude: (ring[k][0] + ring[k + 1][0]) / 2, latitude: (ring[k][1] + ring[k + 1][1]) / 2 };
    const distance = projectToCamera(pose, { ...middle, heightMeters: pose.heightMeters }).distanceMeters;
    if (!best || distance < best.distance) best = { a: toEnu(ring[k]), b: toEnu(ring[k + 1]), middle, distance };
  }
  return best!;
}

/** Distance along a direction to the vertical plane through the wall (plain geometry, independent of the renderer). */
function distanceToWallPlane(wall: { a: number[]; b: number[] }, direction: Parameters<typeof directionToEnu>[0]): number {
  const [east, north] = [wall.b[0] - wall.a[0], wall.b[1] - wall.a[1]];
  const normal = [north, -east];
  const ray = directionToEnu(direction);
  return (normal[0] * wall.a[0] + normal[1] * wall.a[1]) / (normal[0] * ray[0] + normal[1] * ray[1]);
}

describe('createPanoramaRenderer', () => {
  it('stores the exact distance to a building wall aimed at with projectToCamera', () => {
    const wall = nearestWall();
    const extent = buildingExtent(tower, getDemSampler(DATA_DIR));
    const aim = projectToCamera(pose, { ...wall.middle, heightMeters: (extent.groundMetres + extent.topMetres) / 2 });
    expect(aim.distanceMeters).toBeGreaterThan(10);
    const point = directionToImagePoint(aim, depth.width, depth.height, pose.headingDegrees);
    const { direction, metres } = pixel(Math.floor(point.x), Math.floor(point.y));
    // The pixel centre's ray, not the aimed one: compare with that ray's distance to the wall.
    expect(Math.abs(metres - distanceToWallPlane(wall, direction))).toBeLessThan(0.03);
    expect(Math.abs(metres - aim.distanceMeters)).toBeLessThan(1);
  });

  it("measures the tower's height from two depth pixels within 5 % of its record and of the 3D Tiles' walls", () => {
    const wall = nearestWall();
    const extent = buildingExtent(tower, getDemSampler(DATA_DIR));
    const aim = projectToCamera(pose, { ...wall.middle, heightMeters: (extent.groundMetres + extent.topMetres) / 2 });
    const point = directionToImagePoint(aim, depth.width, depth.height, pose.headingDegrees);
    const column = Math.floor(point.x);
    const onWall = (row: number) => {
      const { direction, metres } = pixel(column, row);
      return Number.isFinite(metres) && Math.abs(metres - distanceToWallPlane(wall, direction)) < 0.05;
    };
    let top = Math.floor(point.y);
    while (onWall(top - 1)) top -= 1;
    let foot = Math.floor(point.y);
    while (onWall(foot + 1)) foot += 1;
    // Above the roof line the sky (or a farther building), below the foot the street.
    expect(pixel(column, top - 1).metres > pixel(column, top).metres || Number.isNaN(pixel(column, top - 1).metres)).toBe(true);
    const roofPoint = unprojectFromCamera(pose, pixel(column, top).direction, pixel(column, top).metres);
    const footPoint = unprojectFromCamera(pose, pixel(column, foot).direction, pixel(column, foot).metres);
    const measured = roofPoint.heightMeters - footPoint.heightMeters;
    expect(Math.abs(measured - tower.heightMetres) / tower.heightMetres).toBeLessThan(0.05);
    const drawnWall = extent.topMetres - renderer.groundHeight(footPoint.longitude, footPoint.latitude)!;
    expect(Math.abs(measured - drawnWall) / drawnWall).toBeLessThan(0.05);
    // One pixel spans about half a metre up there: the two pixels lie within a pixel of the roof and the foot.
    expect(extent.topMetres - roofPoint.heightMeters).toBeGreaterThanOrEqual(0);
    expect(extent.topMetres - roofPoint.heightMeters).toBeLessThan(1);
  });

  it('stores camera height over the sine of the depression angle on the open street', () => {
    const row = Math.floor(depth.height * (0.5 + 60 / 180));
    const { direction, metres } = pixel(depth.width / 2, row);
    const aboveGround = pose.heightMeters - renderer.groundHeight(pose.longitude, pose.latitude)!;
    expect(metres).toBeCloseTo(aboveGround / Math.sin((-direction.elevationDegrees * Math.PI) / 180), 1);
    // And the point it gives lies on the DEM's ground.
    const hit = unprojectFromCamera(pose, direction, metres);
    expect(Math.abs(hit.heightMeters - renderer.groundHeight(hit.longitude, hit.latitude)!)).toBeLessThan(0.02);
  });

  it('leaves the sky without depth at the top', () => {
    for (let column = 0; column < depth.width; column += 97) expect(Number.isNaN(pixel(column, 0).metres)).toBe(true);
  });

  it('encodes a width × width / 2 JPEG marked as rendered', async () => {
    const bytes = await renderer.image(pose, 512);
    const decoded = jpeg.decode(bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([512, 256]);
    // The notice's white text on its dark band, ahead, a tenth of the height below the horizon.
    const row = Math.round(256 * 0.6) + 3;
    let bright = 0;
    let dark = 0;
    for (let x = 256 - 120; x < 256 + 120; x += 1) {
      const value = decoded.data[(row * 512 + x) * 4];
      if (value > 200) bright += 1;
      if (value < 90) dark += 1;
    }
    expect(bright).toBeGreaterThan(20);
    expect(dark).toBeGreaterThan(20);
  });

  it('casts the same depths as testing every wall, roof and terrain step for every pixel', async () => {
    const scene = await buildPanoramaScene({ dem: getDemSampler(DATA_DIR), vectors: () => null, buildings: createMemoryBuildingStore(records) }, pose);
    const width = 64;
    const fast = renderDepthMetres(scene, width);
    const slow = bruteForceDepth(scene, width);
    let nearbyHits = 0;
    for (let index = 0; index < fast.length; index += 1) {
      if (Number.isNaN(slow[index])) expect(fast[index]).toBeNaN();
      else expect(Math.abs(fast[index] - slow[index])).toBeLessThan(0.05);
      if (slow[index] > 8 && slow[index] < 200) nearbyHits += 1;
    }
    // Not a trivial scene: most of the image sees something between 8 and 200 m away.
    expect(nearbyHits).toBeGreaterThan(fast.length / 4);
  });

  it('lets other work run between slices of a drawing', async () => {
    let turns = 0;
    let drawing = true;
    const count = () => {
      turns += 1;
      if (drawing) setImmediate(count);
    };
    setImmediate(count);
    // The scene of this pose is built already (beforeAll): what remains is the drawing, 1024 columns in slices.
    await renderer.depth(pose, 1024);
    drawing = false;
    expect(turns).toBeGreaterThanOrEqual(1024 / COLUMNS_PER_SLICE - 1);
  });

  it('says what is wrong with a bad width or a pose outside the terrain', async () => {
    for (const width of [255, 1023, 300.5, 10_000, Number.NaN]) {
      await expect(renderer.image(pose, width)).rejects.toThrow(/even whole number of pixels from 256 to 8192/);
      await expect(renderer.depth(pose, width)).rejects.toThrow(RangeError);
    }
    await expect(renderer.image({ ...pose, longitude: 120, latitude: 30 }, 512)).rejects.toThrow(/terrain \(DEM\) does not cover/);
    await expect(renderer.depth({ ...pose, headingDegrees: Number.NaN }, 512)).rejects.toThrow(/headingDegrees is a finite number/);
    expect(renderer.groundHeight(120, 30)).toBeNull();
  });
});
