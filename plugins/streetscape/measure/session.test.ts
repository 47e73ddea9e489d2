import { describe, expect, it } from 'vitest';
import { enuToDirection } from '../../../core/contracts/equirectangular';
import { pickPoint, type PickedPoint } from './geometry';
import { addPoint, EMPTY_SESSION, measurementMarks } from './session';
import { aimAt, BOX, boxPoint, type Enu, SCENE_POSE, sceneDepthMap } from './testing/boxScene';

const depth = sceneDepthMap(512);
const pick = (point: Enu): PickedPoint => pickPoint(SCENE_POSE, depth, aimAt(point)).point!;

describe('measuring session', () => {
  it('finishes a measurement with the tool’s last point, newest first, numbering on', () => {
    let session = EMPTY_SESSION;
    const steps = [boxPoint(0, -BOX.halfV, 1), boxPoint(0, -BOX.halfV, 20)].map((point) => {
      const step = addPoint(session, 'distance', 'p/1', pick(point));
      session = step.session;
      return step.finished;
    });
    expect(steps[0]).toBeNull();
    expect(steps[1]).toMatchObject({ id: 1, tool: 'distance', panoramaId: 'p/1', problem: null });
    session = addPoint(session, 'point', 'p/1', pick(boxPoint(3, -BOX.halfV, 5))).session;
    expect(session.results.map((result) => [result.id, result.tool])).toEqual([
      [2, 'point'],
      [1, 'distance'],
    ]);
    expect(session.pending).toEqual([]);
  });

  it('keeps a measurement whose points make no line, saying why instead of a figure', () => {
    const same = pick(boxPoint(0, -BOX.halfV, 5));
    let session = EMPTY_SESSION;
    for (const point of [same, same]) session = addPoint(session, 'angle', 'p/1', point).session;
    const { finished } = addPoint(session, 'angle', 'p/1', pick(boxPoint(4, -BOX.halfV, 5)));
    expect(finished).toMatchObject({ figures: [], problem: 'streetscape.measure.problem.samePoint' });
  });

  it('marks point to line with the line and the dashed perpendicular to its foot, labelled with the figure', () => {
    const points = [pick(boxPoint(-5, -BOX.halfV, 1)), pick(boxPoint(-5, -BOX.halfV, 25)), pick(boxPoint(3, -BOX.halfV, 10))];
    const marks = measurementMarks('m1', 'pointToLine', points, '8.00 m');
    expect(marks.map((mark) => [mark.kind, mark.label ?? null])).toEqual([
      ['point', 'A'],
      ['point', 'B'],
      ['point', 'P · 8.00 m'],
      ['line', null],
      ['line', '8.00 m'],
    ]);
    const perpendicular = marks[4];
    if (perpendicular.kind !== 'line') throw new Error('not a line');
    expect(perpendicular.dashed).toBe(true);
    // The foot: on the vertical line through A and B, at P's height.
    const foot = enuToDirection([points[0].enu[0], points[0].enu[1], points[2].enu[2]]);
    expect(perpendicular.to.azimuthDegrees).toBeCloseTo(foot.azimuthDegrees, 0);
    expect(perpendicular.to.elevationDegrees).toBeCloseTo(foot.elevationDegrees, 0);
    // Angle: the two lines from the vertex; under way with two points, only the first.
    expect(measurementMarks('u', 'angle', points.slice(0, 2), null).filter((mark) => mark.kind === 'line')).toHaveLength(1);
  });
});
