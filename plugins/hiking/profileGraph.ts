/**
 * The profile graph's geometry (pure): the SVG paths of the height profile, one per run of steps in the same
 * SPEC §9 steepness class, the scales between samples and the graph, and the "segment" a step belongs to (the
 * run of same-class steps around it: what the segment pop-up reports).
 */
import { STEEPNESS_CLASSES, type SteepnessClass } from '../../core/contracts/trails';

/** [distance from the start (m), longitude, latitude, height (m)], as the profile call gives them. */
export type ProfileSample = readonly [distanceMetres: number, longitude: number, latitude: number, heightMetres: number];

/** Colours of the SPEC §9 classes, on the map and in the graph (each at least 3:1 against white, for the lines). */
export const STEEPNESS_COLOURS: Readonly<Record<SteepnessClass, string>> = {
  gentle: '#2b8a3e',
  moderate: '#b07d00',
  steep: '#e8590c',
  severe: '#c92a2a',
};

export interface GraphBox {
  width: number;
  height: number;
  /** Room left of and below the plot for the axis labels, px. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export interface ProfileScale {
  x(distanceMetres: number): number;
  y(heightMetres: number): number;
  /** The distance at graph x (clamped to the profile). */
  distanceAt(x: number): number;
  /** Height axis range, rounded out to whole 50 m. */
  minHeight: number;
  maxHeight: number;
  lengthMetres: number;
}

export function profileScale(samples: readonly ProfileSample[], box: GraphBox): ProfileScale {
  const lengthMetres = samples[samples.length - 1][0];
  const heights = samples.map((sample) => sample[3]);
  const minHeight = Math.floor(Math.min(...heights) / 50) * 50;
  const maxHeight = Math.max(minHeight + 50, Math.ceil(Math.max(...heights) / 50) * 50);
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  return {
    x: (distance) => box.left + (lengthMetres > 0 ? (distance / lengthMetres) * plotWidth : 0),
    y: (height) => box.top + plotHeight - ((height - minHeight) / (maxHeight - minHeight)) * plotHeight,
    distanceAt: (x) => Math.min(lengthMetres, Math.max(0, ((x - box.left) / plotWidth) * lengthMetres)),
    minHeight,
    maxHeight,
    lengthMetres,
  };
}

/** Runs of consecutive steps of one class: step `from` (samples from→from+1) to step `to` inclusive. */
export interface SteepnessRun {
  steepClass: SteepnessClass;
  fromStep: number;
  toStep: number;
}

export function steepnessRuns(steepness: readonly SteepnessClass[]): SteepnessRun[] {
  const runs: SteepnessRun[] = [];
  steepness.forEach((steepClass, step) => {
    const last = runs[runs.length - 1];
    if (last && last.steepClass === steepClass && last.toStep === step - 1) last.toStep = step;
    else runs.push({ steepClass, fromStep: step, toStep: step });
  });
  return runs;
}

/** One filled area under the profile per class (all of that class's runs in one path), gentlest first. */
export function profileAreas(samples: readonly ProfileSample[], steepness: readonly SteepnessClass[], scale: ProfileScale): Array<{ steepClass: SteepnessClass; d: string }> {
  const base = scale.y(scale.minHeight);
  const point = (index: number) => `${scale.x(samples[index][0]).toFixed(1)},${scale.y(samples[index][3]).toFixed(1)}`;
  const byClass = new Map<SteepnessClass, string[]>();
  for (const run of steepnessRuns(steepness)) {
    const xFrom = scale.x(samples[run.fromStep][0]).toFixed(1);
    const xTo = scale.x(samples[run.toStep + 1][0]).toFixed(1);
    const line: string[] = [];
    for (let index = run.fromStep; index <= run.toStep + 1; index += 1) line.push(point(index));
    const d = `M${xFrom},${base.toFixed(1)}L${line.join('L')}L${xTo},${base.toFixed(1)}Z`;
    byClass.set(run.steepClass, [...(byClass.get(run.steepClass) ?? []), d]);
  }
  return STEEPNESS_CLASSES.filter((steepClass) => byClass.has(steepClass)).map((steepClass) => ({ steepClass, d: byClass.get(steepClass)!.join('') }));
}

/** The index of the sample nearest to `distanceMetres` (samples sorted by distance). */
export function sampleIndexAt(samples: readonly ProfileSample[], distanceMetres: number): number {
  let low = 0;
  let high = samples.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (samples[middle][0] <= distanceMetres) low = middle;
    else high = middle;
  }
  return Math.abs(samples[high][0] - distanceMetres) < Math.abs(samples[low][0] - distanceMetres) ? high : low;
}

/** A segment: a run of steps of one steepness class, as the segment pop-up reports it. */
export interface TrailSegment {
  steepClass: SteepnessClass;
  fromMetres: number;
  toMetres: number;
  lengthMetres: number;
  /** Rise over run of the whole segment, degrees (positive uphill). */
  averageDegrees: number;
  /** Its steepest step, degrees (absolute). */
  steepestDegrees: number;
}

/** The segment holding step `step` (the step from sample `step` to `step + 1`). */
export function segmentOfStep(samples: readonly ProfileSample[], steepness: readonly SteepnessClass[], slopeDegrees: readonly number[], step: number): TrailSegment {
  const clamped = Math.min(Math.max(0, step), steepness.length - 1);
  const steepClass = steepness[clamped];
  let fromStep = clamped;
  while (fromStep > 0 && steepness[fromStep - 1] === steepClass) fromStep -= 1;
  let toStep = clamped;
  while (toStep < steepness.length - 1 && steepness[toStep + 1] === steepClass) toStep += 1;
  const from = samples[fromStep];
  const to = samples[toStep + 1];
  const lengthMetres = to[0] - from[0];
  const steepestDegrees = Math.max(...slopeDegrees.slice(fromStep, toStep + 1).map(Math.abs));
  return {
    steepClass,
    fromMetres: from[0],
    toMetres: to[0],
    lengthMetres,
    averageDegrees: lengthMetres > 0 ? (Math.atan2(to[3] - from[3], lengthMetres) * 180) / Math.PI : 0,
    steepestDegrees,
  };
}
