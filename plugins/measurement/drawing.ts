/**
 * What the map shows for a measurement (temporary graphics, owner `measurement`): the clicked points, the lines or
 * the area — clamped to the ground while every point lies on the terrain, in 3D at the points' heights as soon as one
 * lies on a building (a roof), so the line runs where it was measured — and labels with the figures.
 */
import type { GraphicLabel, GraphicPoint, GraphicPolygon, GraphicPolygon3D, GraphicPolyline, GroundPolyline } from '../../core/plugin/types';
import type { Figure, MeasuredPoint, Measurement, MeasurementResult } from './measurements';

/** Everything one measurement draws, by kind of graphic. */
export interface MeasurementDrawing {
  points: GraphicPoint[];
  groundLines: GroundPolyline[];
  lines: GraphicPolyline[];
  groundPolygons: GraphicPolygon[];
  polygons: GraphicPolygon3D[];
  labels: GraphicLabel[];
}

export const LINE_COLOUR = '#ffd400';
export const POINT_COLOUR = '#ff6a00';
/** The helper sides of the height and triangle tools. */
export const GUIDE_COLOUR = '#00c8ff';
export const AREA_FILL = 'rgba(255, 212, 0, 0.3)';
/**
 * Segments labelled one by one up to this many; a longer line gets only its total on the map (hundreds of labels
 * would cover each other and the line), every segment stays in the panel.
 */
export const MAXIMUM_SEGMENT_LABELS = 25;

/** Texts of figures for the labels, already in the page language. */
export interface FigureTexts {
  /** The number and unit, e.g. `1051.87 m`. */
  value(figure: Figure): string;
  /** Label and value, e.g. `Total: 1051.87 m`. */
  labelled(figure: Figure): string;
}

const position = (point: { longitude: number; latitude: number; heightMeters: number }) =>
  [point.longitude, point.latitude, point.heightMeters] as const;

/** The middle of two points (plain average: the points of one measurement are close together). */
function middle(a: MeasuredPoint | Corner, b: MeasuredPoint | Corner) {
  return { longitude: (a.longitude + b.longitude) / 2, latitude: (a.latitude + b.latitude) / 2, heightMeters: (a.heightMeters + b.heightMeters) / 2 };
}

interface Corner {
  longitude: number;
  latitude: number;
  heightMeters: number;
}

const find = (figures: ReadonlyArray<Figure>, quantity: string) => figures.find((figure) => figure.quantity === quantity);

/** The figure to show on the map for a length: metres below a kilometre, else kilometres. */
function lengthFigure(figures: ReadonlyArray<Figure>, quantity: string): Figure | undefined {
  const meters = find(figures, quantity);
  if (!meters || Math.abs(meters.value) < 1000) return meters;
  return { ...meters, quantity: `${quantity}-km`, value: meters.value / 1000, unit: 'km', digits: undefined };
}

/** The drawing of `measurement` with its `result` (see measurements.ts). */
export function drawingOf(measurement: Measurement, result: MeasurementResult, texts: FigureTexts): MeasurementDrawing {
  const drawing: MeasurementDrawing = { points: [], groundLines: [], lines: [], groundPolygons: [], polygons: [], labels: [] };
  const { points } = measurement;
  const onGround = points.every((point) => point.surface !== 'model');
  drawing.points = points.map((point) => ({ longitude: point.longitude, latitude: point.latitude, heightMeters: point.heightMeters, colour: POINT_COLOUR, sizePixels: 10 }));
  const label = (at: Corner, text: string | undefined, offsetPixels?: { x: number; y: number }) => {
    if (text) drawing.labels.push({ longitude: at.longitude, latitude: at.latitude, heightMeters: at.heightMeters, text, ...(offsetPixels ? { offsetPixels } : {}) });
  };
  const line = (from: Corner[], colour = LINE_COLOUR, dashed = false) => {
    if (onGround && !dashed) drawing.groundLines.push({ positions: from.map((point) => [point.longitude, point.latitude] as const), colour, widthPixels: 3 });
    else drawing.lines.push({ positions: from.map(position), colour, widthPixels: 3, dashed });
  };
  const { figures } = result;
  const shown = (figure: Figure | undefined) => (figure ? texts.value(figure) : undefined);

  switch (measurement.tool) {
    case 'distance': {
      if (points.length >= 2) line(points);
      if (points.length - 1 <= MAXIMUM_SEGMENT_LABELS) {
        for (let index = 1; index < points.length; index += 1) label(middle(points[index - 1], points[index]), shown(lengthFigure(figures, `segment-${index}`)));
      }
      const total = lengthFigure(figures, 'total');
      // Two points: the one segment's label already says it.
      if (points.length > 2 && total) label(points[points.length - 1], texts.labelled(total), { x: 0, y: -24 });
      break;
    }
    case 'area': {
      if (points.length === 2) line(points);
      if (points.length >= 3) {
        if (onGround) {
          drawing.groundPolygons.push({ positions: points.map((point) => [point.longitude, point.latitude] as const), fillColour: AREA_FILL, outlineColour: LINE_COLOUR });
        } else {
          drawing.polygons.push({ positions: points.map(position), fillColour: AREA_FILL, outlineColour: LINE_COLOUR });
        }
        const centre = points.reduce(
          (sum, point) => ({
            longitude: sum.longitude + point.longitude / points.length,
            latitude: sum.latitude + point.latitude / points.length,
            heightMeters: Math.max(sum.heightMeters, point.heightMeters),
          }),
          { longitude: 0, latitude: 0, heightMeters: Number.NEGATIVE_INFINITY },
        );
        const area = find(figures, 'area');
        const areaShown = area && area.value >= 1_000_000 ? find(figures, 'area-km2') : area;
        const perimeter = lengthFigure(figures, 'perimeter');
        label(centre, [areaShown, perimeter].filter((figure): figure is Figure => figure !== undefined).map(texts.labelled).join('\n'));
      }
      break;
    }
    case 'slope': {
      if (points.length === 2) {
        drawing.lines.push({ positions: points.map(position), colour: LINE_COLOUR, widthPixels: 3 });
        label(middle(points[0], points[1]), [find(figures, 'angle'), find(figures, 'gradient')].filter((figure): figure is Figure => figure !== undefined).map(texts.value).join(' · '));
      }
      break;
    }
    case 'height':
    case 'triangle': {
      if (points.length === 2) {
        const [lower, higher] = points[0].heightMeters <= points[1].heightMeters ? [points[0], points[1]] : [points[1], points[0]];
        // The right angle: under the higher point, at the lower point's height.
        const corner: Corner = { longitude: higher.longitude, latitude: higher.latitude, heightMeters: lower.heightMeters };
        drawing.lines.push({ positions: [position(corner), position(higher)], colour: GUIDE_COLOUR, widthPixels: 3 });
        drawing.lines.push({ positions: [position(lower), position(corner)], colour: GUIDE_COLOUR, widthPixels: 2, dashed: measurement.tool === 'height' });
        if (measurement.tool === 'triangle') {
          drawing.lines.push({ positions: [position(lower), position(higher)], colour: LINE_COLOUR, widthPixels: 3 });
          // Below the horizontal side, the slant side's above it: with a small height difference the two run close.
          label(middle(lower, corner), shown(find(figures, 'horizontal')), { x: 0, y: 22 });
          label(middle(corner, higher), shown(find(figures, 'vertical')), { x: 40, y: 0 });
          label(middle(lower, higher), shown(find(figures, 'slant')), { x: 0, y: -24 });
        } else {
          const difference = find(figures, 'difference');
          label(middle(corner, higher), difference && texts.labelled({ ...difference, value: Math.abs(difference.value) }), { x: 40, y: 0 });
        }
      }
      break;
    }
    case 'coordinates': {
      const easting = find(figures, 'easting');
      const northing = find(figures, 'northing');
      if (points.length === 1 && easting && northing) label(points[0], `${texts.labelled(easting)}\n${texts.labelled(northing)}`, { x: 0, y: -30 });
      break;
    }
  }
  return drawing;
}
