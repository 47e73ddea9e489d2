/**
 * The results list as files (SPEC §1 measurement results, exportable): GeoJSON (RFC 7946: WGS84 longitude,
 * latitude and the scene height per position) and CSV (RFC 4180, one row per figure and per point coordinate, so
 * a spreadsheet can filter by quantity). Quantities and units are stable English keys, not the page language, so
 * files from every language read alike; numbers are written as the panel shows them (figureNumber).
 */
import { figureNumber, type Measurement, measurementResult } from './measurements';

/** What each tool's drawing is in GeoJSON. */
function geometryOf(measurement: Measurement): { type: string; coordinates: unknown } {
  const positions = measurement.points.map((point) => [point.longitude, point.latitude, point.heightMeters]);
  switch (measurement.tool) {
    case 'coordinates':
      return { type: 'Point', coordinates: positions[0] };
    case 'area':
      // RFC 7946 §3.1.6: a closed ring, counter-clockwise is recommended but not required; the first position repeats.
      return { type: 'Polygon', coordinates: [[...positions, positions[0]]] };
    default:
      return { type: 'LineString', coordinates: positions };
  }
}

/** A GeoJSON FeatureCollection of the measurements that have figures, one feature each. */
export function measurementsToGeoJson(measurements: ReadonlyArray<Measurement>): string {
  const features = measurements
    .filter((measurement) => measurement.points.length > 0)
    .map((measurement) => {
      const result = measurementResult(measurement);
      return {
        type: 'Feature',
        id: measurement.id,
        geometry: geometryOf(measurement),
        properties: {
          measurement: measurement.id,
          tool: measurement.tool,
          surface: result.surface,
          surfaces: measurement.points.map((point) => point.surface),
          problem: result.problem,
          figures: result.figures.map((figure) => ({ quantity: figure.quantity, value: Number(figureNumber(figure)), unit: figure.unit })),
        },
      };
    });
  return `${JSON.stringify({ type: 'FeatureCollection', features }, null, 2)}\n`;
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = ['measurement', 'tool', 'surface', 'quantity', 'value', 'unit'] as const;

/** CSV of the measurements: every figure, then every point's longitude, latitude and height. CRLF line ends. */
export function measurementsToCsv(measurements: ReadonlyArray<Measurement>): string {
  const rows: Array<ReadonlyArray<string | number>> = [CSV_HEADER];
  for (const measurement of measurements) {
    const result = measurementResult(measurement);
    const surface = result.surface ?? '';
    for (const figure of result.figures) rows.push([measurement.id, measurement.tool, surface, figure.quantity, figureNumber(figure), figure.unit]);
    measurement.points.forEach((point, index) => {
      const name = `point-${index + 1}`;
      rows.push([measurement.id, measurement.tool, point.surface, `${name}-longitude`, point.longitude.toFixed(7), 'degree']);
      rows.push([measurement.id, measurement.tool, point.surface, `${name}-latitude`, point.latitude.toFixed(7), 'degree']);
      rows.push([measurement.id, measurement.tool, point.surface, `${name}-height`, point.heightMeters.toFixed(2), 'm']);
    });
  }
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
