/**
 * The six measure tools and what each gives for its points (SPEC §1 "Measurement"), as data: a measurement is a
 * tool and the points clicked for it; its figures are computed from those points by core/contracts/geodesy.ts (and the HK 1980
 * Grid by core/contracts/hk1980, the same proj4 definition the server uses). Figures carry a message id for their
 * label, the number and its unit, so the panel, the labels on the map, Copy and the CSV/GeoJSON exports all say
 * the same thing.
 */
import { toHk1980 } from '../../core/contracts/hk1980';
import type { MapPickResult } from '../../core/plugin/types';
import { heightFigures, type LonLatHeight, polygonFigures, polylineLengths, slopeFigures, triangleFigures } from '../../core/contracts/geodesy';

/** The measure tools, in the order of their buttons; each is the core store's `measure-mode:<tool>` switch. */
export const MEASURE_TOOLS = ['distance', 'area', 'slope', 'height', 'triangle', 'coordinates'] as const;
export type MeasureTool = (typeof MEASURE_TOOLS)[number];

export function isMeasureTool(value: string | null): value is MeasureTool {
  return value !== null && (MEASURE_TOOLS as readonly string[]).includes(value);
}

/** How many points a tool needs before it has figures, and takes at most (null: as many as clicked). */
export const TOOL_POINTS: Readonly<Record<MeasureTool, { minimum: number; maximum: number | null }>> = {
  distance: { minimum: 2, maximum: null },
  area: { minimum: 3, maximum: null },
  slope: { minimum: 2, maximum: 2 },
  height: { minimum: 2, maximum: 2 },
  triangle: { minimum: 2, maximum: 2 },
  coordinates: { minimum: 1, maximum: 1 },
};

/** What a point was picked on (see `MapPickResult.surface`). */
export type PointSurface = NonNullable<MapPickResult['surface']>;

/** A clicked point: WGS84 degrees, the scene height in metres (above HKPD, see CONTEXT.md) and what it lies on. */
export interface MeasuredPoint extends LonLatHeight {
  surface: PointSurface;
}

/** One measurement: a tool and its points, in click order. */
export interface Measurement {
  /** Unique within a session, counting from 1; the panel names it "Measurement {id}". */
  id: number;
  tool: MeasureTool;
  points: MeasuredPoint[];
}

/** The unit a figure is in. */
export type FigureUnit = 'm' | 'km' | 'm2' | 'ha' | 'km2' | 'degree' | 'percent';

/** Decimals each unit is given to: a centimetre, or a square metre for ha and km², 1e-7° (about 1 cm) for degrees. */
export const UNIT_DIGITS: Readonly<Record<FigureUnit, number>> = { m: 2, km: 3, m2: 2, ha: 4, km2: 6, degree: 7, percent: 2 };

/** One figure of a measurement. */
export interface Figure {
  /** Stable name, e.g. `total`, `segment-2`, `easting` (CSV and GeoJSON keys). */
  quantity: string;
  /** Message id of its label (locales/<lang>/measurement.json), with its values. */
  label: string;
  labelValues?: Record<string, number>;
  value: number;
  unit: FigureUnit;
  /** Decimals to show; default {@link UNIT_DIGITS} of the unit. */
  digits?: number;
}

/** What the panel shows for one measurement. */
export interface MeasurementResult {
  figures: Figure[];
  /** Message id of a problem with these points (e.g. the area's edges cross), else null. */
  problem: string | null;
  /** Whether the tool has all the points it needs (fewer: the panel asks for more). */
  complete: boolean;
  /** What the points lie on: one surface, or `mixed` (terrain and buildings). */
  surface: PointSurface | 'mixed' | null;
}

const SQUARE_METERS_PER_HECTARE = 10_000;
const SQUARE_METERS_PER_SQUARE_KILOMETER = 1_000_000;

/** The one surface all points lie on, `mixed` when they differ, null without points. */
export function surfaceOf(points: ReadonlyArray<MeasuredPoint>): MeasurementResult['surface'] {
  if (points.length === 0) return null;
  const first = points[0].surface;
  return points.every((point) => point.surface === first) ? first : 'mixed';
}

/** The figures of a measurement (none until it has enough points). Never throws: a problem is reported instead. */
export function measurementResult(measurement: Measurement): MeasurementResult {
  const { tool, points } = measurement;
  const complete = points.length >= TOOL_POINTS[tool].minimum;
  const surface = surfaceOf(points);
  if (!complete) return { figures: [], problem: null, complete, surface };
  try {
    return { ...figuresOf(tool, points), complete, surface };
  } catch (error) {
    console.error(`measurement ${measurement.id} (${tool}) could not be computed`, error);
    return { figures: [], problem: 'measurement.problem.notComputed', complete, surface };
  }
}

function figuresOf(tool: MeasureTool, points: ReadonlyArray<MeasuredPoint>): { figures: Figure[]; problem: string | null } {
  switch (tool) {
    case 'distance': {
      const lengths = polylineLengths(points);
      return {
        figures: [
          ...lengths.segmentsMeters.map((meters, index) => ({
            quantity: `segment-${index + 1}`,
            label: 'measurement.figure.segment',
            labelValues: { number: index + 1 },
            value: meters,
            unit: 'm' as const,
          })),
          { quantity: 'total', label: 'measurement.figure.total', value: lengths.totalMeters, unit: 'm' },
          { quantity: 'total-km', label: 'measurement.figure.total', value: lengths.totalMeters / 1000, unit: 'km' },
        ],
        problem: null,
      };
    }
    case 'area': {
      const polygon = polygonFigures(points);
      const perimeter: Figure[] = [
        { quantity: 'perimeter', label: 'measurement.figure.perimeter', value: polygon.perimeterMeters, unit: 'm' },
        { quantity: 'perimeter-km', label: 'measurement.figure.perimeter', value: polygon.perimeterMeters / 1000, unit: 'km' },
      ];
      if (polygon.selfIntersecting) return { figures: perimeter, problem: 'measurement.problem.edgesCross' };
      return {
        figures: [
          { quantity: 'area', label: 'measurement.figure.area', value: polygon.areaSquareMeters, unit: 'm2' },
          { quantity: 'area-ha', label: 'measurement.figure.area', value: polygon.areaSquareMeters / SQUARE_METERS_PER_HECTARE, unit: 'ha' },
          { quantity: 'area-km2', label: 'measurement.figure.area', value: polygon.areaSquareMeters / SQUARE_METERS_PER_SQUARE_KILOMETER, unit: 'km2' },
          ...perimeter,
        ],
        problem: null,
      };
    }
    case 'slope': {
      const slope = slopeFigures(points[0], points[1]);
      const figures: Figure[] = [
        { quantity: 'angle', label: 'measurement.figure.angle', value: slope.angleDegrees, unit: 'degree', digits: 2 },
        ...(slope.gradientPercent === null
          ? []
          : [{ quantity: 'gradient', label: 'measurement.figure.gradient', value: slope.gradientPercent, unit: 'percent' as const }]),
        { quantity: 'horizontal', label: 'measurement.figure.horizontal', value: slope.horizontalMeters, unit: 'm' },
        { quantity: 'vertical', label: 'measurement.figure.heightDifference', value: slope.verticalMeters, unit: 'm' },
      ];
      return { figures, problem: slope.gradientPercent === null ? 'measurement.problem.noHorizontalRun' : null };
    }
    case 'height': {
      const heights = heightFigures(points[0], points[1]);
      return {
        figures: [
          { quantity: 'difference', label: 'measurement.figure.heightDifference', value: heights.differenceMeters, unit: 'm' },
          { quantity: 'height-1', label: 'measurement.figure.pointHeight', labelValues: { number: 1 }, value: heights.fromHeightMeters, unit: 'm' },
          { quantity: 'height-2', label: 'measurement.figure.pointHeight', labelValues: { number: 2 }, value: heights.toHeightMeters, unit: 'm' },
        ],
        problem: null,
      };
    }
    case 'triangle': {
      const triangle = triangleFigures(points[0], points[1]);
      return {
        figures: [
          { quantity: 'horizontal', label: 'measurement.figure.horizontal', value: triangle.horizontalMeters, unit: 'm' },
          { quantity: 'vertical', label: 'measurement.figure.vertical', value: triangle.verticalMeters, unit: 'm' },
          { quantity: 'slant', label: 'measurement.figure.slant', value: triangle.slantMeters, unit: 'm' },
        ],
        problem: null,
      };
    }
    case 'coordinates': {
      const [point] = points;
      const [easting, northing] = toHk1980([point.longitude, point.latitude]);
      return {
        figures: [
          { quantity: 'longitude', label: 'measurement.figure.longitude', value: point.longitude, unit: 'degree' },
          { quantity: 'latitude', label: 'measurement.figure.latitude', value: point.latitude, unit: 'degree' },
          { quantity: 'easting', label: 'measurement.figure.easting', value: easting, unit: 'm' },
          { quantity: 'northing', label: 'measurement.figure.northing', value: northing, unit: 'm' },
          { quantity: 'height', label: 'measurement.figure.height', value: point.heightMeters, unit: 'm' },
        ],
        problem: null,
      };
    }
  }
}

/** Message id of a number in `unit` (placeholder `number`), e.g. `{number} m²`, `{number}°`. */
export function valueMessageId(unit: FigureUnit): string {
  return `measurement.value.${unit}`;
}

/**
 * A figure's number as shown, copied and exported: a dot and no grouping in every language (figures are pasted
 * into other programs), to {@link UNIT_DIGITS}.
 */
export function figureNumber(figure: Figure): string {
  const text = figure.value.toFixed(figure.digits ?? UNIT_DIGITS[figure.unit]);
  // A tiny negative rounds to "-0.00"; say 0.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
