import { resolve } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { landLotFeatureSchema, lotTileMatrixSize } from '../../core/contracts';
import { loadDistrictIndex } from '../data/districts';
import { pointInPolygon, ringCentroid } from '../data/geometry';
import { getDemSampler } from '../terrain/dem';
import { createLotTileRenderer, LOT_FILL_ALPHA, LOT_OUTLINE_ALPHA, LOT_OUTLINE_RGB, matrixPixel } from './lot-tiles';
import { generateLandLots } from './lots';

const dataDir = resolve(import.meta.dirname, '../../data');
const districts = loadDistrictIndex(dataDir);
const dem = getDemSampler(dataDir);
const lots = generateLandLots(dataDir, dem, districts);

describe('sample land lots', () => {
  it('are sixty valid sample lots on low land, in their station district, not overlapping', () => {
    expect(lots).toHaveLength(60);
    for (const lot of lots) {
      landLotFeatureSchema.parse(lot.feature);
      expect(lot.feature.properties.sample).toBe(true);
      for (const [lon, lat] of lot.ring) {
        expect(dem.heightAt(lon, lat)).toBeGreaterThan(0);
        expect(districts.districtAt(lon, lat)?.code).toBe(lot.feature.properties.districtCode);
      }
      expect(lot.feature.properties.siteAreaSquareMetres).toBeGreaterThan(1500);
      expect(lot.feature.properties.siteAreaSquareMetres).toBeLessThan(12_200);
      const centre = ringCentroid(lot.ring);
      expect(lots.filter((other) => pointInPolygon(centre, [other.ring]))).toEqual([lot]);
    }
    expect(new Set(lots.map((lot) => lot.feature.properties.lotNumber)).size).toBe(60);
  });

  it('are generated identically every time', () => {
    expect(generateLandLots(dataDir, dem, districts)).toEqual(lots);
  });
});

describe('lot tiles', () => {
  const renderer = createLotTileRenderer(lots);

  function pixelAt(set: 'EPSG:900913' | 'EPSG:4326', level: number, lon: number, lat: number) {
    const [x, y] = matrixPixel(set, level, lon, lat);
    const row = Math.floor(y / 256);
    const column = Math.floor(x / 256);
    const png = PNG.sync.read(renderer.tile(set, level, row, column));
    const offset = (Math.floor(y - row * 256) * 256 + Math.floor(x - column * 256)) * 4;
    return { png, rgba: [...png.data.subarray(offset, offset + 4)] };
  }

  it('strokes the outline where a lot corner is and fills its inside lightly, in both grid sets', () => {
    const lot = lots[0];
    for (const set of ['EPSG:900913', 'EPSG:4326'] as const) {
      const corner = pixelAt(set, 18, lot.ring[0][0], lot.ring[0][1]);
      expect([corner.png.width, corner.png.height]).toEqual([256, 256]);
      expect(corner.rgba, set).toEqual([...LOT_OUTLINE_RGB, LOT_OUTLINE_ALPHA]);
      const [lon, lat] = ringCentroid(lot.ring);
      expect(pixelAt(set, 18, lon, lat).rgba, set).toEqual([...LOT_OUTLINE_RGB, LOT_FILL_ALPHA]);
    }
  });

  it('answers the shared transparent tile where no lot is', () => {
    const { columns, rows } = lotTileMatrixSize('EPSG:900913', 10);
    const empty = renderer.tile('EPSG:900913', 10, rows - 1, columns - 1);
    expect(empty).toBe(renderer.emptyTile);
    const png = PNG.sync.read(empty);
    expect(png.data.every((value, index) => index % 4 !== 3 || value === 0)).toBe(true);
  });

  it('still marks the lots at a whole-territory zoom', () => {
    const lot = lots[0];
    expect(pixelAt('EPSG:900913', 10, lot.ring[0][0], lot.ring[0][1]).rgba[3]).toBe(LOT_OUTLINE_ALPHA);
  });
});
