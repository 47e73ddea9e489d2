import { describe, expect, it } from 'vitest';
import { directionToEnu, projectToCamera, type ViewDirection } from '../../../core/contracts/equirectangular';
import { fromHk1980 } from '../../../core/contracts/hk1980';
import { angleDegrees, type Figure, measure, MeasureProblem, pickPoint, type PickedPoint, pointToLineFigures } from './geometry';
import { aimAt, BOX, boxPoint, CAMERA_ABOVE_GROUND_METERS, type Enu, GROUND_UP, SCENE_POSE, sceneDepthMap } from './testing/boxScene';

const WIDTH = 1024;
const depth = sceneDepthMap(WIDTH);
/** One depth-map pixel's angle, radians (360° over the width, 180° over the height: the same). */
const PIXEL = (2 * Math.PI) / WIDTH;

function pick(point: Enu): PickedPoint {
  const result = pickPoint(SCENE_POSE, depth, aimAt(point));
  if (!result.point) throw new Error(`aimed at ${point.join(', ')} and got ${result.problem}`);
  return result.point;
}

/** How far the picked point may lie from the aimed one: up to a pixel's footprint at that range, seen obliquely. */
const footprint = (point: Enu, pixels: number) => 2 * pixels * PIXEL * Math.hypot(...point);

const figure = (figures: Figure[], quantity: string) => {
  const found = figures.find((each) => each.quantity === quantity);
  if (!found) throw new Error(`no ${quantity} among ${figures.map((each) => each.quantity).join(', ')}`);
  return found.value;
};

/** The camera-frame offset of a world point, to compare picked points with the scene's (through projectToCamera). */
function enuOf(point: PickedPoint): Enu {
  const seen = projectToCamera(SCENE_POSE, point.world);
  return directionToEnu(seen).map((component) => component * seen.distanceMeters) as Enu;
}

describe('picking a point in the depth map', () => {
  it('gives the surface point the depth map holds at the centre of the pixel aimed at, on the wall and on the ground', () => {
    const aimed = boxPoint(2, -BOX.halfV, 12);
    const point = pick(aimed);
    // The face v = −halfV: the picked point lies on its plane (centimetre depths) and near where we aimed.
    const v = -(point.enu[0] - BOX.centre[0]) * Math.sin((BOX.rotationDegrees * Math.PI) / 180) + (point.enu[1] - BOX.centre[1]) * Math.cos((BOX.rotationDegrees * Math.PI) / 180);
    expect(Math.abs(v + BOX.halfV)).toBeLessThan(0.02);
    expect(Math.hypot(...aimed.map((component, axis) => component - point.enu[axis]))).toBeLessThan(footprint(aimed, 0.5));
    // The WGS84 point is the same point (the exact ECEF unprojection and its inverse agree to a millimetre).
    enuOf(point).forEach((component, axis) => expect(component).toBeCloseTo(point.enu[axis], 3));
    const ground = pick([-8, -6, GROUND_UP]);
    expect(ground.enu[2]).toBeCloseTo(GROUND_UP, 2);
    expect(ground.world.heightMeters).toBeCloseTo(SCENE_POSE.heightMeters - CAMERA_ABOVE_GROUND_METERS, 2);
  });

  it('measures at the centre of the depth-map pixel, wherever in the pixel the click fell', () => {
    const aimed = aimAt(boxPoint(0, -BOX.halfV, 10));
    const a = pickPoint(SCENE_POSE, depth, aimed).point!;
    const nudged: ViewDirection = { ...aimed, azimuthDegrees: aimed.azimuthDegrees + 0.001 };
    expect(pickPoint(SCENE_POSE, depth, nudged).point!.world).toEqual(a.world);
  });

  it('says sky where there is no surface and beyond range past the depth map’s 655 m', () => {
    expect(pickPoint(SCENE_POSE, depth, { azimuthDegrees: 200, elevationDegrees: 30 })).toEqual({ point: null, problem: 'sky' });
    // The flat ground 2.5 m below meets a ray 0.1° down about 1.4 km away.
    expect(pickPoint(SCENE_POSE, depth, { azimuthDegrees: 200, elevationDegrees: -0.1 })).toEqual({ point: null, problem: 'beyondRange' });
  });
});

describe('the five measurements against the box', () => {
  it('point: WGS84, HK 1980 Grid and height of the ground under a camera placed at a known grid position', () => {
    const [longitude, latitude] = fromHk1980([840000, 820000]);
    const pose = { ...SCENE_POSE, longitude, latitude };
    const below = pickPoint(pose, depth, { azimuthDegrees: 0, elevationDegrees: -90 }).point!;
    const figures = measure('point', [below]);
    // The nadir pixel's centre is 0.18° off straight down: 8 mm along the ground at 2.5 m.
    expect(figure(figures, 'easting')).toBeCloseTo(840000, 1);
    expect(figure(figures, 'northing')).toBeCloseTo(820000, 1);
    expect(figure(figures, 'longitude')).toBeCloseTo(longitude, 6);
    expect(figure(figures, 'latitude')).toBeCloseTo(latitude, 6);
    expect(figure(figures, 'height')).toBeCloseTo(SCENE_POSE.heightMeters - CAMERA_ABOVE_GROUND_METERS, 2);
  });

  it('height: roof edge to wall foot is the box’s height, within the depth map’s pixel quantisation', () => {
    const foot = boxPoint(0, -BOX.halfV, 0);
    const roofEdge = boxPoint(0, -BOX.halfV, BOX.heightMeters);
    // Aim 0.6 pixel under the roof edge: the pixel's centre is then on the wall, at most 1.1 pixels under the edge.
    const edgeDirection = aimAt(roofEdge);
    const underEdge = { ...edgeDirection, elevationDegrees: edgeDirection.elevationDegrees - (0.6 * 180) / (WIDTH / 2) };
    const top = pickPoint(SCENE_POSE, depth, underEdge).point!;
    const bottom = pick(foot);
    const figures = measure('height', [bottom, top]);
    // A vertical wall at horizontal distance D seen at elevation θ: one radian of elevation is D·sec²θ metres of height.
    const distance = Math.hypot(roofEdge[0], roofEdge[1]);
    const perRadian = (elevation: number) => distance / Math.cos(elevation) ** 2;
    const roofSlack = perRadian((edgeDirection.elevationDegrees * Math.PI) / 180) * 1.1 * PIXEL;
    const footSlack = perRadian(Math.atan2(-GROUND_UP, distance)) * 0.5 * PIXEL;
    const height = figure(figures, 'difference');
    expect(height).toBeLessThanOrEqual(BOX.heightMeters + 0.01);
    expect(height).toBeGreaterThan(BOX.heightMeters - roofSlack - footSlack - 0.02);
    expect(roofSlack + footSlack).toBeLessThan(0.5); // within 1.7 % of the 30 m box at 1024 × 512
    expect(figure(figures, 'secondHeight') - figure(figures, 'firstHeight')).toBeCloseTo(height, 6);
  });

  it('distance: along the wall between two points, slant, horizontal and vertical', () => {
    const from = boxPoint(-BOX.halfU + 0.5, -BOX.halfV, 1.5);
    const to = boxPoint(BOX.halfU - 0.5, -BOX.halfV, 21.5);
    const figures = measure('distance', [pick(from), pick(to)]);
    const slack = footprint(from, 0.5) + footprint(to, 0.5);
    expect(Math.abs(figure(figures, 'horizontal') - (2 * BOX.halfU - 1))).toBeLessThan(slack);
    expect(Math.abs(figure(figures, 'vertical') - 20)).toBeLessThan(slack);
    expect(Math.abs(figure(figures, 'slant') - Math.hypot(2 * BOX.halfU - 1, 20))).toBeLessThan(slack);
    // The second point is the higher: the vertical figure is signed, second minus first.
    expect(measure('distance', [pick(to), pick(from)]).find((each) => each.quantity === 'vertical')!.value).toBeLessThan(-19);
  });

  it('angle: a right angle at the corner between the wall foot and the building’s vertical edge', () => {
    const vertex = boxPoint(-BOX.halfU + 0.3, -BOX.halfV, 0.5);
    const alongFoot = boxPoint(BOX.halfU - 0.5, -BOX.halfV, 0.5);
    const upEdge = boxPoint(-BOX.halfU + 0.3, -BOX.halfV, BOX.heightMeters - 1);
    const angle = figure(measure('angle', [pick(vertex), pick(alongFoot), pick(upEdge)]), 'angle');
    // Each point's slack over the length of its line, in degrees.
    const slack = ((footprint(vertex, 0.5) * 2 + footprint(alongFoot, 0.5)) / (2 * BOX.halfU) + footprint(upEdge, 0.5) / (BOX.heightMeters - 1)) * (180 / Math.PI);
    expect(Math.abs(angle - 90)).toBeLessThan(slack);
    expect(slack).toBeLessThan(3);
  });

  it('point to line: a point on the side wall to the building’s front vertical edge', () => {
    // The edge where the front face (v = −halfV) meets the side face (u = −halfU), aimed 0.3 m onto the front.
    const a = boxPoint(-BOX.halfU + 0.3, -BOX.halfV, 0.5);
    const b = boxPoint(-BOX.halfU + 0.3, -BOX.halfV, 25);
    const p = boxPoint(-BOX.halfU, BOX.halfV - 0.5, 3);
    expect(pickPoint(SCENE_POSE, depth, aimAt(p)).point).not.toBeNull();
    const figures = measure('pointToLine', [pick(a), pick(b), pick(p)]);
    const expected = Math.hypot(0.3, 2 * BOX.halfV - 0.5);
    const slack = footprint(p, 0.5) + footprint(a, 0.5) + footprint(b, 0.5) * (25 / 24.5);
    expect(Math.abs(figure(figures, 'perpendicular') - expected)).toBeLessThan(slack);
    expect(Math.abs(figure(figures, 'horizontal') - expected)).toBeLessThan(slack);
  });
});

describe('the 3D line figures', () => {
  it('angles between lines in 3D, also near 0° and 180°', () => {
    expect(angleDegrees([0, 0, 0], [1, 0, 0], [0, 0, 5])).toBeCloseTo(90, 10);
    expect(angleDegrees([1, 1, 1], [2, 2, 2], [3, 1, 1])).toBeCloseTo((Math.acos(1 / Math.sqrt(3)) * 180) / Math.PI, 10);
    expect(angleDegrees([0, 0, 0], [1, 0, 0], [-1, 1e-9, 0])).toBeCloseTo(180, 6);
    expect(angleDegrees([0, 0, 0], [10, 0, 0], [10, 1e-7, 0])).toBeGreaterThan(0);
  });

  it('point to line: perpendicular in 3D and horizontal in plan, for a sloping line and a vertical one', () => {
    // A ramp rising 1 in 1 to the north; the point 3 m east of its foot: 3 m either way.
    const ramp = pointToLineFigures([0, 0, 0], [0, 10, 10], [3, 0, 0]);
    expect(ramp.map((each) => each.value)).toEqual([3, 3]);
    // The point straight above the ramp's foot, 4 m up: 4·sin 45° from the ramp, 0 in plan from its plan line.
    const above = pointToLineFigures([0, 0, 0], [0, 10, 10], [0, 0, 4]);
    expect(above[0].value).toBeCloseTo(4 * Math.SQRT1_2, 10);
    expect(above[1].value).toBeCloseTo(0, 10);
    // A vertical line (a building edge): the plan distance is to its foot.
    const edge = pointToLineFigures([1, 1, 0], [1, 1, 30], [4, 5, 12]);
    expect(edge[0].value).toBeCloseTo(5, 10);
    expect(edge[1].value).toBeCloseTo(5, 10);
  });

  it('refuses lines through one point rather than answer NaN', () => {
    expect(() => angleDegrees([0, 0, 0], [0, 0, 0.001], [1, 0, 0])).toThrow(MeasureProblem);
    expect(() => pointToLineFigures([1, 2, 3], [1, 2, 3], [0, 0, 0])).toThrow(MeasureProblem);
  });

  it('refuses the wrong number of points', () => {
    expect(() => measure('angle', [])).toThrow(/3 points, not 0/);
  });
});
