/**
 * The tide chart's geometry (height above chart datum against the time of day), pure so the drawing is tested
 * without a browser: axis ranges rounded to half metres, the curve as an SVG path, the high and low water marks,
 * and the hour and height ticks.
 */
import type { TideExtreme, TidePoint } from '../../core/contracts/tides';

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels, px. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The chart's drawing size in SVG units (it scales with the drawer's width). */
export const CHART_BOX: ChartBox = { width: 320, height: 180, left: 34, right: 8, top: 12, bottom: 24 };

export interface TideChart {
  /** The curve, `M x y L x y …`. */
  path: string;
  marks: Array<TideExtreme & { x: number; y: number }>;
  /** Hours 0, 6, 12, 18, 24 and their x. */
  hourTicks: Array<{ hour: number; x: number }>;
  /** Heights every 0.5 m from the floor to the ceiling, and their y. */
  heightTicks: Array<{ heightM: number; y: number }>;
  minHeightM: number;
  maxHeightM: number;
}

const HALF_METRE = 0.5;

/** Lays the day's points and extremes out in `box`; null when there are fewer than two points. */
export function tideChart(points: readonly TidePoint[], extremes: readonly TideExtreme[], box: ChartBox = CHART_BOX): TideChart | null {
  if (points.length < 2) return null;
  const heights = [...points.map((point) => point.heightM), ...extremes.map((extreme) => extreme.heightM)];
  const minHeightM = Math.floor(Math.min(...heights) / HALF_METRE) * HALF_METRE;
  let maxHeightM = Math.ceil(Math.max(...heights) / HALF_METRE) * HALF_METRE;
  if (maxHeightM === minHeightM) maxHeightM += HALF_METRE;
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const x = (minutes: number) => round(box.left + (minutes / 1440) * plotWidth);
  const y = (heightM: number) => round(box.top + ((maxHeightM - heightM) / (maxHeightM - minHeightM)) * plotHeight);
  const path = points.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(point.minutes)} ${y(point.heightM)}`).join(' ');
  const heightTicks: TideChart['heightTicks'] = [];
  for (let heightM = minHeightM; heightM <= maxHeightM + 1e-9; heightM += HALF_METRE) heightTicks.push({ heightM: round(heightM), y: y(heightM) });
  return {
    path,
    marks: extremes.map((extreme) => ({ ...extreme, x: x(extreme.minutes), y: y(extreme.heightM) })),
    hourTicks: [0, 6, 12, 18, 24].map((hour) => ({ hour, x: x(hour * 60) })),
    heightTicks,
    minHeightM,
    maxHeightM,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Today's date in Hong Kong, `YYYY-MM-DD`. */
export function hongKongToday(nowMs: number): string {
  return new Date(nowMs + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** Great-circle distance, metres (stations are a few km apart: a spherical earth is ample). */
export function distanceMeters(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
