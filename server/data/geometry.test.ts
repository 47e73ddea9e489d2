import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pointInPolygon, ringCentroid } from './geometry';

describe('ringCentroid', () => {
  it('finds the centre of a building-sized square at Hong Kong longitudes exactly', () => {
    const [x, y] = [114.2061, 22.4197];
    const side = 0.0001; // about 10 m
    const square: [number, number][] = [[x, y], [x + side, y], [x + side, y + side], [x, y + side], [x, y]];
    const [cx, cy] = ringCentroid(square);
    expect(cx).toBeCloseTo(x + side / 2, 10);
    expect(cy).toBeCloseTo(y + side / 2, 10);
  });

  it('puts every convex OSM building footprint centroid inside its footprint', () => {
    const file = JSON.parse(readFileSync(join(import.meta.dirname, '../../data/buildings/cuhk_shatin_osm_buildings.geojson'), 'utf8')) as {
      features: { geometry: { type: string; coordinates: [number, number][][] } }[];
    };
    const rings = file.features.filter((feature) => feature.geometry.type === 'Polygon').map((feature) => feature.geometry.coordinates);
    // Concave footprints (L-shapes, courtyards) may have their centroid outside; nearly all footprints here are not.
    const inside = rings.filter((polygon) => pointInPolygon(ringCentroid(polygon[0]), polygon)).length;
    expect(inside / rings.length).toBeGreaterThan(0.9);
  });
});
