/**
 * The terrain of 2000 for the then-and-now comparison (plugins/comparison): the SRTM grid resampled to the same
 * 70 m HK1980 grid as the LandsD DTM (`hk_srtm30_resampled70m_hk1980.json`, georeferenced by
 * `hk_grid_georef.json`; data/README.md "DEM"). SRTM was flown in February 2000, so land reclaimed since (Penny's
 * Bay, the Central waterfront, Container Terminal 9) is sea here and land in the LandsD 2020 DTM that the map's
 * own terrain (dem.ts) uses.
 *
 * Sea is 0 in the source, as in the LandsD grid. Heights are metres above EGM96 (LandsD: HKPD); the difference of
 * about a metre is ignored for display, as dem.ts does. Outside the grid there is no data (null): the comparison
 * must not fill it with the other year's terrain.
 *
 * The sampler has the two members the Cesium tile builder (heightmap.ts) reads, so the 2000 terrain is served as
 * the same heightmap-1.0 tiles as the map's terrain.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import proj4 from 'proj4';
import { HK1980_PROJ4 } from '../../core/contracts/hk1980';
import { resolveDemDir, type Bounds, type DemSampler, type HkGridGeoref, type HkGridHeights } from './dem';

export const SRTM2000_FILE = 'hk_srtm30_resampled70m_hk1980.json';
const GEOREF_FILE = 'hk_grid_georef.json';

export const SRTM2000_ATTRIBUTION = 'Terrain of 2000: SRTM (NASA/USGS, public domain), resampled to 70 m';

export type TerrainSampler = Pick<DemSampler, 'heightAt' | 'dataBounds'>;

export interface Srtm2000Sampler extends TerrainSampler {
  readonly attribution: string;
}

/** Reads the SRTM grid from `dataDir` (the repo's data/ or data/dem). Throws when the file is missing or malformed. */
export function createSrtm2000Sampler(dataDir: string): Srtm2000Sampler {
  const dir = resolveDemDir(dataDir);
  const grid = JSON.parse(readFileSync(join(dir, SRTM2000_FILE), 'utf8')) as HkGridHeights;
  const g = JSON.parse(readFileSync(join(dir, GEOREF_FILE), 'utf8')) as HkGridGeoref;
  if (grid.w !== g.W || grid.h !== g.H || grid.elev.length !== g.W * g.H) {
    throw new Error(`${SRTM2000_FILE}: ${grid.w}x${grid.h} grid with ${grid.elev.length} heights does not match ${GEOREF_FILE} (${g.W}x${g.H})`);
  }
  const heights = Float32Array.from(grid.elev);
  const toGrid = proj4('EPSG:4326', HK1980_PROJ4);
  const toLonLat = proj4(HK1980_PROJ4, 'EPSG:4326');

  // The grid's corners in lon/lat; the enclosing box is where tiles are built (outside it every sample is null).
  const corners = [
    [g.bE, g.bN],
    [g.bE + g.aE * (g.W - 1), g.bN],
    [g.bE, g.bN + g.aN * (g.H - 1)],
    [g.bE + g.aE * (g.W - 1), g.bN + g.aN * (g.H - 1)],
  ].map((corner) => toLonLat.forward(corner));
  const dataBounds: Bounds = [
    Math.min(...corners.map((c) => c[0])),
    Math.min(...corners.map((c) => c[1])),
    Math.max(...corners.map((c) => c[0])),
    Math.max(...corners.map((c) => c[1])),
  ];

  function heightAt(lon: number, lat: number): number | null {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return null;
    const [E, N] = toGrid.forward([lon, lat]);
    const c = (E - g.bE) / g.aE;
    const r = (N - g.bN) / g.aN;
    if (c < 0 || r < 0 || c > g.W - 1 || r > g.H - 1) return null;
    const c0 = Math.min(Math.floor(c), g.W - 2);
    const r0 = Math.min(Math.floor(r), g.H - 2);
    const fc = c - c0;
    const fr = r - r0;
    const i = r0 * g.W + c0;
    return (
      (heights[i] * (1 - fc) + heights[i + 1] * fc) * (1 - fr) +
      (heights[i + g.W] * (1 - fc) + heights[i + g.W + 1] * fc) * fr
    );
  }

  return { heightAt, dataBounds, attribution: SRTM2000_ATTRIBUTION };
}

const shared = new Map<string, Srtm2000Sampler>();

/** One SRTM-2000 sampler per data directory per process (read on the first tile, about 0.3 s). */
export function getSrtm2000Sampler(dataDir: string): Srtm2000Sampler {
  let sampler = shared.get(dataDir);
  if (!sampler) {
    sampler = createSrtm2000Sampler(dataDir);
    shared.set(dataDir, sampler);
  }
  return sampler;
}
