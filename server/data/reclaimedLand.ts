/**
 * Where the LandsD 2020 DTM has land and SRTM 2000 had sea level, for the then-and-now comparison: both grids share
 * one 70 m HK1980 grid (`dem/hk_grid_georef.json`), so the cells compare one to one. A cell counts when the DTM is
 * at least {@link LAND_MIN_METRES} high and SRTM at most {@link SEA_MAX_METRES} (both grids store sea as 0). Runs of
 * such cells along a grid row become one rectangle (the cells' edges, ±35 m about their centres), converted to
 * WGS84 with proj4. Mostly reclamation (Penny's Bay, the Central waterfront, Kai Tak, Container Terminal 9); SRTM
 * also flattened fish ponds and inland water to 0 (Yuen Long), which show too: the layer's text says so.
 */
import proj4 from 'proj4';
import { HK1980_PROJ4 } from '../../core/contracts/hk1980';
import type { ReclaimedLand } from '../../core/contracts';
import type { HkGridGeoref, HkGridHeights } from '../terrain/dem';
import { readDataJson } from './files';

const FILES = {
  dtm: 'dem/hk_landsd_dtm5m_resampled70m_hk1980.json',
  srtm: 'dem/hk_srtm30_resampled70m_hk1980.json',
  georef: 'dem/hk_grid_georef.json',
} as const;
/** A DTM cell this high is land (the coast's 0.5 m contour is the map's; 1 m keeps tidal flats out). */
export const LAND_MIN_METRES = 1;
/** An SRTM cell this low is sea level. */
export const SEA_MAX_METRES = 0.5;

export function buildReclaimedLand(dataDir: string): ReclaimedLand {
  const dtm = readDataJson<HkGridHeights>(dataDir, FILES.dtm);
  const srtm = readDataJson<HkGridHeights>(dataDir, FILES.srtm);
  const g = readDataJson<HkGridGeoref>(dataDir, FILES.georef);
  for (const [name, grid] of [[FILES.dtm, dtm], [FILES.srtm, srtm]] as const) {
    if (grid.elev.length !== g.W * g.H) throw new Error(`data/${name}: ${grid.elev.length} heights, the grid has ${g.W * g.H}`);
  }
  const toLonLat = proj4(HK1980_PROJ4, 'EPSG:4326');
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const corner = (E: number, N: number): [number, number] => {
    const [lon, lat] = toLonLat.forward([E, N]);
    return [round(lon), round(lat)];
  };
  const halfE = Math.abs(g.aE) / 2;
  const halfN = Math.abs(g.aN) / 2;
  const features: ReclaimedLand['features'] = [];
  let cells = 0;
  for (let row = 0; row < g.H; row++) {
    let col = 0;
    while (col < g.W) {
      const changed = (c: number) => dtm.elev[row * g.W + c] >= LAND_MIN_METRES && srtm.elev[row * g.W + c] <= SEA_MAX_METRES;
      if (!changed(col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < g.W && changed(col)) col++;
      cells += col - start;
      const west = g.bE + g.aE * start - halfE;
      const east = g.bE + g.aE * (col - 1) + halfE;
      const north = g.bN + g.aN * row + halfN;
      const south = g.bN + g.aN * row - halfN;
      features.push({
        type: 'Feature',
        id: `r${row}c${start}`,
        geometry: { type: 'Polygon', coordinates: [[corner(west, south), corner(east, south), corner(east, north), corner(west, north), corner(west, south)]] },
        properties: { cells: col - start },
      });
    }
  }
  return {
    type: 'FeatureCollection',
    features,
    cells,
    cellAreaSquareMetres: Math.abs(g.aE * g.aN),
    attribution: 'Lands Department 5 m DTM (DATA.GOV.HK terms); SRTM (NASA/USGS, public domain)',
    sample: false,
  };
}
