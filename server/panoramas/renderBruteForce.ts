/**
 * A brute-force ray cast of a panorama scene's depth: for every pixel, every wall, every roof and the terrain
 * sampled along the ray are tested, and the nearest hit wins. The obvious way, about 30 times slower than the
 * column caster (renderCaster.ts); the tests and `npm run bench:panoramas` hold the caster to it.
 */
import { directionToEnu, imagePointToDirection } from '../../core/contracts/equirectangular';
import { terrainSampleDistances } from './renderCaster';
import { curvatureDropMetres, type PanoramaScene } from './scene';

/** Distance along each pixel's ray by testing every surface of the scene: the slow, obvious way. */
export function bruteForceDepth(scene: PanoramaScene, width: number): Float32Array {
  const height = width / 2;
  const { edges, buildings } = scene;
  const camera = scene.pose.heightMeters;
  const samples = terrainSampleDistances();
  const metres = new Float32Array(width * height);
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      const direction = imagePointToDirection({ x: column + 0.5, y: row + 0.5 }, width, height, scene.pose.headingDegrees);
      const [east, north, up] = directionToEnu(direction);
      const horizontal = Math.hypot(east, north);
      const dx = east / horizontal;
      const dy = north / horizontal;
      const slope = up / horizontal;
      let best = Infinity;
      // Walls: the horizontal ray meets an edge at t; the ray's height there must lie on the wall.
      for (let edge = 0; edge < edges.count; edge += 1) {
        const ax = edges.startEast[edge];
        const ay = edges.startNorth[edge];
        const ex = edges.endEast[edge] - ax;
        const ey = edges.endNorth[edge] - ay;
        const denominator = dx * ey - dy * ex;
        if (denominator === 0) continue;
        const t = (ax * ey - ay * ex) / denominator;
        const s = (ax * dy - ay * dx) / denominator;
        if (!(t > 0) || s < 0 || s > 1 || t >= best) continue;
        const building = buildings[edges.building[edge]];
        const z = camera + t * slope + curvatureDropMetres(t);
        if (z >= scene.terrainHeightAt(t * dx, t * dy) && z <= building.topMetres) best = t;
      }
      // Roofs below the camera: where the ray reaches the roof's height, inside the footprint (even-odd).
      if (slope < 0) {
        buildings.forEach((building, index) => {
          const t = (building.topMetres - camera) / slope;
          if (!(t > 0) || t >= best) return;
          const [px, py] = [t * dx, t * dy];
          let inside = false;
          for (let edge = 0; edge < edges.count; edge += 1) {
            if (edges.building[edge] !== index) continue;
            const [ax, ay, bx, by] = [edges.startEast[edge], edges.startNorth[edge], edges.endEast[edge], edges.endNorth[edge]];
            if (ay > py !== by > py && px < ((bx - ax) * (py - ay)) / (by - ay) + ax) inside = !inside;
          }
          if (inside) best = t;
        });
      }
      // Terrain: the first sample interval where the ray goes under the ground.
      let previousGap = camera - scene.terrainHeightAt(0, 0);
      for (let k = 1; k < samples.length && samples[k - 1] < best; k += 1) {
        const t = samples[k];
        const gap = camera + t * slope - (scene.terrainHeightAt(t * dx, t * dy) - curvatureDropMetres(t));
        if (gap <= 0) {
          const crossing = samples[k - 1] + ((t - samples[k - 1]) * previousGap) / (previousGap - gap);
          best = Math.min(best, crossing);
          break;
        }
        previousGap = gap;
      }
      metres[row * width + column] = Number.isFinite(best) ? best / Math.cos((direction.elevationDegrees * Math.PI) / 180) : Number.NaN;
    }
  }
  return metres;
}
