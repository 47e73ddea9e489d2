/**
 * The covered areas of the building data (GET /mapviewer/api/buildings/coverage): for each source dataset, the
 * union of the grid cells (COVERAGE_CELL_DEGREES, about 200 m) that its footprints, grown by 30 m, touch, traced
 * into outlines (a MultiPolygon with holes). A grid union rather than a hull: the transect sample lies along four
 * lines out of Central, and a hull would claim all the land between them.
 */
import type { BuildingCoverageResponse, BuildingSource } from '../../core/contracts/buildings';
import type { LocalisedText } from '../../core/contracts/common';
import { pointInPolygon } from '../data/geometry';
import { metresPerDegree } from '../geo/local-metres';
import type { Sql } from '../db';
import { DEFAULT_BUILDING_DATASETS } from './defaultSources';

export const COVERAGE_CELL_DEGREES = 0.002;
export const COVERAGE_BUFFER_METRES = 30;

type Cell = readonly [number, number];
type Ring = Array<[number, number]>;

const key = (x: number, y: number) => `${x},${y}`;

/**
 * Outlines of a set of grid cells, in cell units: outer rings counter-clockwise, holes clockwise, each polygon
 * its outer ring then its holes. Boundary edges run with the covered cell on their left; where two cells touch
 * only at a corner the tracing turns left, so each outline stays a simple ring.
 */
export function traceCells(cells: Iterable<Cell>): Ring[][] {
  const filled = new Set<string>();
  for (const [x, y] of cells) filled.add(key(x, y));
  const has = (x: number, y: number) => filled.has(key(x, y));
  const outgoing = new Map<string, Array<[number, number]>>();
  const addEdge = (from: [number, number], to: [number, number]) => {
    const edges = outgoing.get(key(...from));
    if (edges) edges.push(to);
    else outgoing.set(key(...from), [to]);
  };
  for (const text of filled) {
    const [x, y] = text.split(',').map(Number);
    if (!has(x, y - 1)) addEdge([x, y], [x + 1, y]);
    if (!has(x + 1, y)) addEdge([x + 1, y], [x + 1, y + 1]);
    if (!has(x, y + 1)) addEdge([x + 1, y + 1], [x, y + 1]);
    if (!has(x - 1, y)) addEdge([x, y + 1], [x, y]);
  }

  const rings: Ring[] = [];
  for (const [startKey, targets] of outgoing) {
    while (targets.length > 0) {
      const start = startKey.split(',').map(Number) as [number, number];
      const ring: Ring = [start];
      let previous = start;
      let current = targets.pop()!;
      while (current[0] !== start[0] || current[1] !== start[1]) {
        ring.push(current);
        const options = outgoing.get(key(...current))!;
        const [dx, dy] = [current[0] - previous[0], current[1] - previous[1]];
        // Prefer a left turn, then straight on, then right.
        const preferred = [
          [-dy, dx],
          [dx, dy],
          [dy, -dx],
        ].map(([ex, ey]) => options.findIndex((to) => to[0] - current[0] === ex && to[1] - current[1] === ey));
        const index = preferred.find((candidate) => candidate >= 0)!;
        previous = current;
        current = options.splice(index, 1)[0];
      }
      rings.push(withoutCollinear(ring));
    }
  }

  const signedArea = (ring: Ring) => ring.reduce((sum, [x, y], i) => sum + x * ring[(i + 1) % ring.length][1] - ring[(i + 1) % ring.length][0] * y, 0) / 2;
  const polygons: Ring[][] = rings.filter((ring) => signedArea(ring) > 0).map((outer) => [outer]);
  for (const hole of rings.filter((ring) => signedArea(ring) < 0)) {
    // A point surely inside the hole: the centre of the empty cell on the right of its first edge.
    const [[ax, ay], [bx, by]] = hole;
    const inside: [number, number] = [(ax + bx) / 2 + (by - ay) / 2, (ay + by) / 2 - (bx - ax) / 2];
    polygons.find((polygon) => pointInPolygon(inside, [close(polygon[0])]))?.push(hole);
  }
  return polygons.map((polygon) => polygon.map(close));
}

function withoutCollinear(ring: Ring): Ring {
  return ring.filter((point, i) => {
    const before = ring[(i - 1 + ring.length) % ring.length];
    const after = ring[(i + 1) % ring.length];
    return (point[0] - before[0]) * (after[1] - point[1]) - (point[1] - before[1]) * (after[0] - point[0]) !== 0;
  });
}

const close = (ring: Ring): Ring => [...ring, ring[0]];

/** The name of a dataset's covered area: the shipped files' own, or the imported file's name. */
export function coverageName(dataset: string): LocalisedText {
  const shipped = DEFAULT_BUILDING_DATASETS.find((candidate) => candidate.file === dataset);
  if (shipped) return shipped.area;
  return { 'en-US': `Imported buildings (${dataset})`, 'zh-HK': `匯入的建築物（${dataset}）`, 'zh-CN': `导入的建筑物（${dataset}）` };
}

/** The covered areas of every dataset in the `buildings` table, from its bounds columns (no record is parsed). */
export async function buildingCoverage(sql: Sql): Promise<BuildingCoverageResponse> {
  // At Hong Kong's latitude a degree of longitude is shorter: the buffer in degrees is the larger of the two.
  const scale = metresPerDegree(22.3);
  const buffer = COVERAGE_BUFFER_METRES / Math.min(scale.latitude, scale.longitude);
  const { rows: cells } = await sql.query<{ dataset: string; x: number; y: number }>(
    `SELECT DISTINCT source_dataset AS dataset, x, y FROM buildings,
       generate_series(floor((west - $1) / $2)::int, floor((east + $1) / $2)::int) AS x,
       generate_series(floor((south - $1) / $2)::int, floor((north + $1) / $2)::int) AS y`,
    [buffer, COVERAGE_CELL_DEGREES],
  );
  const { rows: datasets } = await sql.query<{ dataset: string; source: BuildingSource; count: number | string }>(
    'SELECT source_dataset AS dataset, min(source) AS source, count(*) AS count FROM buildings GROUP BY source_dataset ORDER BY source_dataset',
  );
  const degrees = (value: number) => Math.round(value * COVERAGE_CELL_DEGREES * 1e6) / 1e6;
  return {
    type: 'FeatureCollection',
    features: datasets.map(({ dataset, source, count }) => ({
      type: 'Feature',
      geometry: {
        type: 'MultiPolygon',
        coordinates: traceCells(cells.filter((cell) => cell.dataset === dataset).map((cell): Cell => [Number(cell.x), Number(cell.y)])).map((polygon) =>
          polygon.map((ring) => ring.map(([x, y]): [number, number] => [degrees(x), degrees(y)])),
        ),
      },
      properties: { dataset, source, name: coverageName(dataset), count: Number(count) },
    })),
  };
}
