import { describe, expect, it } from 'vitest';
import { ColumnCaster, ColumnHits, HIT_GROUND, HIT_ROOF, HIT_SKY, HIT_WALL, rowTangents, terrainSampleDistances } from './renderCaster';
import { bucketEdges, curvatureDropMetres, type PanoramaScene, type SceneBuilding } from './scene';

/**
 * A flat world at 10 m with the camera 2.5 m above it, and boxes given as [west, south, east, north] local metres
 * with their roof heights: the caster's hits can be checked against plain geometry.
 */
function boxScene(boxes: Array<{ box: [number, number, number, number]; topMetres: number }>): PanoramaScene {
  const buildings: SceneBuilding[] = [];
  const starts: number[][] = [];
  const ends: number[][] = [];
  const owners: number[] = [];
  boxes.forEach(({ box: [west, south, east, north], topMetres }, index) => {
    buildings.push({ id: `box${index}`, baseMetres: 9, topMetres, storeyHeightMetres: 3, colour: [0.5, 0.5, 0.5] });
    const ring = [[west, south], [east, south], [east, north], [west, north], [west, south]];
    for (let k = 0; k < 4; k += 1) {
      starts.push(ring[k]);
      ends.push(ring[k + 1]);
      owners.push(index);
    }
  });
  return {
    pose: { longitude: 114.2, latitude: 22.3, heightMeters: 12.5, headingDegrees: 0 },
    groundUnderCameraMetres: 10,
    buildings,
    edges: bucketEdges(starts, ends, owners),
    terrainHeightAt: () => 10,
    ground: null as never,
  };
}

const ROWS = 512;
const tangents = rowTangents(ROWS, 0.5);
const elevationOf = (row: number) => Math.atan(tangents[row]);

describe('ColumnCaster', () => {
  it('meets a wall at the distance of its footprint edge and its roof edge at the roof height', () => {
    // A 30 m tall box whose south face is 20 m north of the camera, looking north.
    const scene = boxScene([{ box: [-50, 20, 50, 60], topMetres: 40 }]);
    const hits = new ColumnHits(ROWS);
    new ColumnCaster(scene, tangents).cast(0, hits);
    const wallRows = [...hits.kind.keys()].filter((row) => hits.kind[row] === HIT_WALL);
    expect(wallRows.length).toBeGreaterThan(50);
    for (const row of wallRows) expect(hits.horizontal[row]).toBeCloseTo(20, 9);
    // The topmost wall row and the first sky row straddle the roof edge: slope (40 − 12.5 − drop) / 20.
    const top = Math.min(...wallRows);
    const roofSlope = (40 - 12.5 - curvatureDropMetres(20)) / 20;
    expect(tangents[top]).toBeLessThanOrEqual(roofSlope);
    expect(tangents[top - 1]).toBeGreaterThan(roofSlope);
    expect(hits.kind[top - 1]).toBe(HIT_SKY);
    expect(Number.isNaN(hits.horizontal[0])).toBe(true);
    // Below the wall's foot the ground: along the ray until it is 2.5 m lower.
    const foot = Math.max(...wallRows);
    expect(hits.kind[foot + 1]).toBe(HIT_GROUND);
    const groundT = hits.horizontal[foot + 1];
    expect(12.5 + groundT * tangents[foot + 1]).toBeCloseTo(10 - curvatureDropMetres(groundT), 3);
  });

  it('sees a low roof from above, the taller building behind it, and the ground at its distance', () => {
    // A 1.5 m kiosk roof 10-30 m to the east (below the camera), a 60 m tower 40-60 m east behind it.
    const scene = boxScene([
      { box: [10, -10, 30, 10], topMetres: 11.5 },
      { box: [40, -10, 60, 10], topMetres: 70 },
    ]);
    const hits = new ColumnHits(ROWS);
    new ColumnCaster(scene, tangents).cast(Math.PI / 2, hits);
    const kinds = new Set(hits.kind);
    expect(kinds).toEqual(new Set([HIT_SKY, HIT_GROUND, HIT_WALL, HIT_ROOF]));
    for (let row = 0; row < ROWS; row += 1) {
      const t = hits.horizontal[row];
      if (hits.kind[row] === HIT_ROOF) {
        expect(hits.building[row]).toBe(0);
        expect(t).toBeGreaterThanOrEqual(10);
        expect(t).toBeLessThanOrEqual(30);
        // The ray is at the roof's height where it meets it (the roof is drawn straight between its edges).
        expect(12.5 + t * tangents[row]).toBeCloseTo(11.5 - curvatureDropMetres(t), 3);
      }
      if (hits.kind[row] === HIT_WALL) expect([10, 40]).toContain(Math.round(t * 1e6) / 1e6);
      if (hits.kind[row] === HIT_WALL && t > 35) expect(hits.building[row]).toBe(1);
    }
    // Every row is a hit below the horizon and the column fills from the nadir without gaps.
    for (let row = ROWS / 2; row < ROWS; row += 1) expect(hits.kind[row]).not.toBe(HIT_SKY);
    expect(elevationOf(ROWS - 1)).toBeLessThan(0);
  });

  it("marks a building's corners, not the bends of a gently curved façade", () => {
    const box = boxScene([{ box: [10, 10, 20, 20], topMetres: 30 }]);
    expect([...box.edges.corners]).toEqual([3, 3, 3, 3]);
    // A 10° bend between the first two edges of a quadrilateral-ish outline, right angles elsewhere.
    const bend = Math.tan((10 * Math.PI) / 180) * 10;
    const ring = [[0, 0], [10, 0], [20, bend], [20, 20], [0, 20], [0, 0]];
    const edges = bucketEdges(ring.slice(0, -1), ring.slice(1), [0, 0, 0, 0, 0]);
    expect([...edges.corners]).toEqual([1, 2, 3, 3, 3]);
  });

  it('samples the terrain 2 m apart near the camera and out to its reach', () => {
    const distances = terrainSampleDistances(1000);
    expect(distances[0]).toBe(0);
    expect(distances[1]).toBe(2);
    expect(distances[distances.length - 1]).toBe(1000);
    for (let k = 1; k < distances.length; k += 1) expect(distances[k]).toBeGreaterThan(distances[k - 1]);
  });
});
