/**
 * What the measuring panel holds between clicks, as plain data and pure steps: the points of the measurement under
 * way and the finished measurements (newest first), and the marks that show them over the panorama. The panel
 * (MeasurePanel.tsx) keeps one of these in React state.
 */
import { enuToDirection, type ViewDirection } from '../../../core/contracts/equirectangular';
import type { PanoramaMark } from '../surface';
import { type EnuOffset, type Figure, footOnLine, measure, MeasureProblem, type PanoramaTool, type PickedPoint, TOOL_POINT_LABELS } from './geometry';

/** A finished measurement. */
export interface MeasureResult {
  /** Counts from 1 in a panel's life; the panel names it "Measurement {id}". */
  id: number;
  tool: PanoramaTool;
  /** The panorama its points were picked in (marks are drawn only there). */
  panoramaId: string;
  points: PickedPoint[];
  /** Empty when the points make no figure (`problem` says why). */
  figures: Figure[];
  /** Message id of what is wrong with the points, else null. */
  problem: string | null;
}

export interface MeasureSession {
  /** Points of the measurement under way, in click order. */
  pending: PickedPoint[];
  /** Newest first. */
  results: MeasureResult[];
  nextId: number;
}

export const EMPTY_SESSION: MeasureSession = { pending: [], results: [], nextId: 1 };

/** Adds a picked point; with the tool's last point the measurement is finished and returned as `finished`. */
export function addPoint(
  session: MeasureSession,
  tool: PanoramaTool,
  panoramaId: string,
  point: PickedPoint,
): { session: MeasureSession; finished: MeasureResult | null } {
  const pending = [...session.pending, point];
  if (pending.length < TOOL_POINT_LABELS[tool].length) return { session: { ...session, pending }, finished: null };
  let figures: Figure[] = [];
  let problem: string | null = null;
  try {
    figures = measure(tool, pending);
  } catch (error) {
    if (!(error instanceof MeasureProblem)) throw error;
    problem = error.messageId;
  }
  const finished: MeasureResult = { id: session.nextId, tool, panoramaId, points: pending, figures, problem };
  return { session: { pending: [], results: [finished, ...session.results], nextId: session.nextId + 1 }, finished };
}

/** The figure a measurement is summed up by (status line, the label on its marks). */
export function headlineFigure(result: Pick<MeasureResult, 'tool' | 'figures'>): Figure | null {
  const quantity = { point: 'height', distance: 'slant', height: 'difference', angle: 'angle', pointToLine: 'perpendicular' }[result.tool];
  return result.figures.find((figure) => figure.quantity === quantity) ?? null;
}

/** The direction of a computed point, null at the camera itself (no direction). */
function directionOf(offset: EnuOffset): ViewDirection | null {
  return Math.hypot(offset[0], offset[1], offset[2]) > 0 ? enuToDirection(offset) : null;
}

/**
 * The marks of one measurement (finished or under way): its points with their labels, and its lines — distance:
 * the two points joined; height: the vertical from the lower point up (or down) to the higher one's height, then
 * dashed across to it; angle: the two lines from the vertex; point to line: the line and the dashed perpendicular
 * to its foot. `headline` (a finished measurement's formatted figure) labels the main line and the last point.
 */
export function measurementMarks(key: string, tool: PanoramaTool, points: readonly PickedPoint[], headline: string | null): PanoramaMark[] {
  const labels = TOOL_POINT_LABELS[tool];
  // A finished measurement's figure also stands at its last point: a line's label may show only on hover.
  const pointLabel = (index: number) => (headline !== null && index === labels.length - 1 ? `${labels[index]} · ${headline}` : labels[index]);
  const marks: PanoramaMark[] = points.map((point, index) => ({ kind: 'point', id: `${key}-p${index}`, direction: point.direction, label: pointLabel(index) }));
  const line = (id: string, from: ViewDirection, to: ViewDirection, extra: { label?: string; dashed?: boolean } = {}) =>
    marks.push({ kind: 'line', id: `${key}-${id}`, from, to, ...extra });
  const label = headline === null ? {} : { label: headline };
  if (tool === 'distance' && points.length === 2) line('line', points[0].direction, points[1].direction, label);
  if (tool === 'height' && points.length === 2) {
    const [lower, higher] = points[0].world.heightMeters <= points[1].world.heightMeters ? points : [points[1], points[0]];
    const corner = directionOf([lower.enu[0], lower.enu[1], higher.enu[2]]);
    if (corner) {
      line('vertical', lower.direction, corner, label);
      line('across', corner, higher.direction, { dashed: true });
    }
  }
  if (tool === 'angle' && points.length >= 2) line('a', points[0].direction, points[1].direction, label);
  if (tool === 'angle' && points.length === 3) line('b', points[0].direction, points[2].direction);
  if (tool === 'pointToLine' && points.length >= 2) line('line', points[0].direction, points[1].direction);
  if (tool === 'pointToLine' && points.length === 3) {
    try {
      const foot = directionOf(footOnLine(points[0].enu, points[1].enu, points[2].enu));
      if (foot) line('perpendicular', points[2].direction, foot, { ...label, dashed: true });
    } catch (error) {
      if (!(error instanceof MeasureProblem)) throw error;
    }
  }
  return marks;
}
