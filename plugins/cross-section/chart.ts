/**
 * The profile chart's geometry, pure (no DOM, no canvas): scales with "nice" ticks (1, 2, 5 × 10ⁿ), the ground as
 * filled runs (a gap where the DEM has no height), the buildings crossed as blocks up to their roofs, their labels
 * where they fit, and the sample under a given x (the chart cursor). `drawChart.ts` paints it; the same drawing is
 * the screen chart and the PNG export. Distances are metres along the line, heights metres above mean sea level.
 */
import type { Language } from '../../core/plugin/types';
import { buildingName, type Profile, type ProfileSample } from './profile';

export interface Size {
  /** CSS pixels. */
  width: number;
  height: number;
}

/** Room around the plot for the axes' tick labels and titles and the building labels above, CSS pixels. */
export const CHART_MARGIN = { left: 56, right: 14, top: 30, bottom: 40 } as const;

export interface Ticks {
  /** Tick values, ascending, in the axis's data unit (metres). */
  values: number[];
  /** Their spacing. */
  step: number;
  /** The axis's extent: the first and last tick. */
  min: number;
  max: number;
}

/** The "nice" step (1, 2 or 5 × 10ⁿ) nearest above `roughStep`. */
export function niceStep(roughStep: number): number {
  if (!(roughStep > 0) || !Number.isFinite(roughStep)) return 1;
  const power = 10 ** Math.floor(Math.log10(roughStep));
  const fraction = roughStep / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Ticks covering [min, max] with about `count` intervals, starting and ending on a tick. An empty range (flat sea)
 * is widened by one metre each way so the axis still has a scale.
 */
export function niceTicks(min: number, max: number, count: number): Ticks {
  let low = min;
  let high = max;
  if (!(high > low)) {
    low -= 1;
    high += 1;
  }
  const step = niceStep((high - low) / Math.max(1, count));
  const first = Math.floor(low / step + 1e-9) * step;
  const last = Math.ceil(high / step - 1e-9) * step;
  const values: number[] = [];
  // Rounded to the step's decimals so 0.1 + 0.2 reads 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let value = first; value <= last + step / 2; value += step) values.push(Number(value.toFixed(decimals)));
  return { values, step, min: values[0], max: values[values.length - 1] };
}

/** Distances show in kilometres from 2 km on, in metres below. */
export type DistanceUnit = 'm' | 'km';
export const distanceUnitFor = (lengthMetres: number): DistanceUnit => (lengthMetres >= 2000 ? 'km' : 'm');

/** Decimals that tell ticks `step` apart. */
export const decimalsFor = (step: number): number => Math.max(0, -Math.floor(Math.log10(step) + 1e-9));

/** A tick label's number (no unit: the axis title carries it). */
export function distanceTickText(metres: number, unit: DistanceUnit, stepMetres: number): string {
  return unit === 'km' ? (metres / 1000).toFixed(decimalsFor(stepMetres / 1000)) : metres.toFixed(decimalsFor(stepMetres));
}

export interface Block {
  /** Plot pixels. */
  x0: number;
  x1: number;
  yTop: number;
  buildingId: string;
  roofMetres: number;
}

export interface ChartLabel {
  x: number;
  y: number;
  text: string;
}

export interface ChartLayout {
  size: Size;
  /** The plot's rectangle inside the chart, CSS pixels. */
  plot: { left: number; top: number; right: number; bottom: number };
  distanceUnit: DistanceUnit;
  xTicks: Ticks;
  yTicks: Ticks;
  /** Metres along the line → x pixel, and back. */
  x(distanceMetres: number): number;
  distanceAt(x: number): number;
  /** Metres above mean sea level → y pixel. */
  y(heightMetres: number): number;
  /** Closed polygons of the ground (one per run of samples with a height), pixels. */
  groundRuns: Array<Array<[number, number]>>;
  buildings: Block[];
  /** Names of the buildings crossed, above their blocks, those that fit without overlapping. */
  buildingLabels: ChartLabel[];
}

/** Heights the chart must show: every ground and roof height. */
function heightExtent(samples: ReadonlyArray<ProfileSample>, profile: Profile): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const sample of samples) {
    for (const value of [sample.groundMetres, sample.roofMetres]) {
      if (value === null) continue;
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
  }
  for (const building of profile.buildings) max = Math.max(max, building.roofMetres);
  return Number.isFinite(min) ? { min, max } : null;
}

/** Approximate width of a label in pixels at the chart's 11 px font (for fitting without a canvas). */
export const labelWidth = (text: string): number => [...text].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e80 ? 11 : 6.2), 0);

/** The chart of `profile` in a box of `size`, names in `language`. */
export function chartLayout(profile: Profile, size: Size, language: Language): ChartLayout {
  const plot = {
    left: CHART_MARGIN.left,
    top: CHART_MARGIN.top,
    right: Math.max(CHART_MARGIN.left + 10, size.width - CHART_MARGIN.right),
    bottom: Math.max(CHART_MARGIN.top + 10, size.height - CHART_MARGIN.bottom),
  };
  const length = Math.max(profile.lengthMetres, 1);
  const distanceUnit = distanceUnitFor(length);
  const xTicks = niceTicks(0, length, Math.max(2, Math.floor((plot.right - plot.left) / 80)));
  // The x axis ends at the line's end, not at the next tick: ticks beyond it are dropped.
  xTicks.values = xTicks.values.filter((value) => value <= length + 1e-6);
  const extent = heightExtent(profile.samples, profile) ?? { min: 0, max: 1 };
  // Some air above the highest point so the summit does not touch the frame; the sea level in view when near.
  const headroom = Math.max(2, (extent.max - extent.min) * 0.08);
  const low = extent.min >= 0 && extent.min < (extent.max - extent.min) * 0.5 ? 0 : extent.min;
  const yTicks = niceTicks(low, extent.max + headroom, Math.max(2, Math.floor((plot.bottom - plot.top) / 40)));
  const width = plot.right - plot.left;
  const height = plot.bottom - plot.top;
  const x = (distance: number) => plot.left + (distance / length) * width;
  const distanceAt = (px: number) => Math.min(length, Math.max(0, ((px - plot.left) / width) * length));
  const y = (metres: number) => plot.bottom - ((metres - yTicks.min) / (yTicks.max - yTicks.min)) * height;

  const groundRuns: Array<Array<[number, number]>> = [];
  let run: Array<[number, number]> = [];
  const closeRun = () => {
    if (run.length >= 2) groundRuns.push([[run[0][0], plot.bottom], ...run, [run[run.length - 1][0], plot.bottom]]);
    run = [];
  };
  for (const sample of profile.samples) {
    if (sample.groundMetres === null) closeRun();
    else run.push([x(sample.distanceMetres), y(sample.groundMetres)]);
  }
  closeRun();

  const buildings: Block[] = profile.buildings.map((building) => ({
    // At least a pixel wide, so a building crossed at a corner still shows.
    x0: x(building.fromMetres),
    x1: Math.max(x(building.toMetres), x(building.fromMetres) + 1),
    yTop: y(building.roofMetres),
    buildingId: String(building.id),
    roofMetres: building.roofMetres,
  }));

  const buildingLabels: ChartLabel[] = [];
  let freeFrom = plot.left;
  const named = profile.buildings
    .map((building, index) => ({ name: buildingName(building.name, language), block: buildings[index] }))
    .filter((entry): entry is { name: string; block: Block } => entry.name !== null)
    .sort((a, b) => a.block.x0 - b.block.x0);
  for (const { name, block } of named) {
    const centre = (block.x0 + block.x1) / 2;
    const half = labelWidth(name) / 2;
    const start = Math.max(plot.left, Math.min(centre - half, plot.right - 2 * half));
    if (start < freeFrom) continue;
    buildingLabels.push({ x: start + half, y: Math.max(plot.top - 6, Math.min(block.yTop - 6, plot.bottom)), text: name });
    freeFrom = start + 2 * half + 6;
  }
  return { size, plot, distanceUnit, xTicks, yTicks, x, distanceAt, y, groundRuns, buildings, buildingLabels };
}

/** The index of the sample nearest the chart's x pixel (the cursor under the mouse); -1 without samples. */
export function sampleIndexAtX(layout: Pick<ChartLayout, 'distanceAt'>, samples: ReadonlyArray<Pick<ProfileSample, 'distanceMetres'>>, px: number): number {
  return sampleIndexAtDistance(samples, layout.distanceAt(px));
}

/** The index of the sample nearest `distanceMetres` along the line (samples are in distance order); -1 without samples. */
export function sampleIndexAtDistance(samples: ReadonlyArray<Pick<ProfileSample, 'distanceMetres'>>, distanceMetres: number): number {
  if (samples.length === 0) return -1;
  let low = 0;
  let high = samples.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (samples[middle].distanceMetres <= distanceMetres) low = middle;
    else high = middle;
  }
  return Math.abs(samples[high].distanceMetres - distanceMetres) < Math.abs(samples[low].distanceMetres - distanceMetres) ? high : low;
}

/** The cursor moved by a key: arrows a sample (Page keys a tenth of the line), Home / End the ends; null for other keys. */
export function cursorAfterKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  const page = Math.max(1, Math.round(count / 10));
  const from = index < 0 ? 0 : index;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(count - 1, index < 0 ? 0 : from + 1);
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(0, from - 1);
    case 'PageUp':
      return Math.min(count - 1, from + page);
    case 'PageDown':
      return Math.max(0, from - page);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export interface ProfileSummary {
  lengthMetres: number;
  /** Lowest and highest ground (DEM) heights; null when no sample has one. */
  lowestGround: { metres: number; distanceMetres: number } | null;
  highestGround: { metres: number; distanceMetres: number } | null;
  /** The highest roof crossed; null when the line crosses no building. */
  highestRoof: { metres: number; distanceMetres: number; buildingId: string } | null;
  buildingCount: number;
}

/** The min / max / length summary under the chart. */
export function summarise(profile: Profile): ProfileSummary {
  let lowestGround: ProfileSummary['lowestGround'] = null;
  let highestGround: ProfileSummary['highestGround'] = null;
  let highestRoof: ProfileSummary['highestRoof'] = null;
  for (const sample of profile.samples) {
    const ground = sample.groundMetres;
    if (ground !== null) {
      if (!lowestGround || ground < lowestGround.metres) lowestGround = { metres: ground, distanceMetres: sample.distanceMetres };
      if (!highestGround || ground > highestGround.metres) highestGround = { metres: ground, distanceMetres: sample.distanceMetres };
    }
  }
  for (const building of profile.buildings) {
    if (!highestRoof || building.roofMetres > highestRoof.metres) {
      highestRoof = { metres: building.roofMetres, distanceMetres: (building.fromMetres + building.toMetres) / 2, buildingId: String(building.id) };
    }
  }
  return { lengthMetres: profile.lengthMetres, lowestGround, highestGround, highestRoof, buildingCount: profile.buildings.length };
}
