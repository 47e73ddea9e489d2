/**
 * The Hong Kong DEM sampler: one height function over real data, shared by the Cesium terrain tiles, the
 * shaded-relief base map and POST /mapviewer/api/getZ/dtm.
 *
 * Sources (see data/README.md, section "DEM"):
 *  1. LandsD 5 m DTM resampled to 36.3 m over Lantau (`lantau_landsd_dtm5m_resampled36m_hk1980.json`),
 *     feathered into
 *  2. LandsD 5 m DTM resampled to 70 m over the whole territory (`hk_landsd_dtm5m_resampled70m_hk1980.json`),
 *     both on the HK1980 Grid (EPSG:2326), sea = 0. These are authoritative inside the HKSAR boundary
 *     (`hksar_18_district_boundary.json`, HAD), where 0 means sea.
 *  3. SRTM3 N22E114 (`N22E114_SRTM3_from_usgs_tif.hgt`, 114–115E, 22–23N, EGM96) outside the HKSAR boundary
 *     (Shenzhen, Mirs Bay, Huizhou hills) and anywhere the LandsD grids do not reach. Negative SRTM values
 *     (sea noise) are clamped to 0.
 *  Anywhere else: null (no data; e.g. Shenzhen west of 114E, which neither source covers).
 *
 * No summit correction is applied: the LandsD 70 m grid already peaks at 952 m at Tai Mo Shan (true 957 m),
 * and bilinear sampling at 22.4107N 114.1244E gives ~941 m.
 *
 * Heights are metres above the local vertical datum (HKPD for LandsD, EGM96 for SRTM), not the ellipsoid; the
 * difference (a few metres) is ignored for display.
 *
 * For speed everything is resampled once, at creation, into one regular lon/lat grid of 1 arc-second
 * (~31 m x 28 m) covering the territory; the HK1980 coordinates of that grid are computed with proj4 on a
 * coarse lattice and interpolated (the transverse Mercator is smooth; the error is far below a millimetre).
 * heightAt is then a bilinear lookup: ~20 ns per point.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import proj4 from 'proj4';
import { HK1980_PROJ4 } from '../../core/contracts/hk1980';

export { HK1980_PROJ4 };

export const DEM_ATTRIBUTION =
  'Terrain: Lands Department 5 m DTM (DATA.GOV.HK terms), SRTM (NASA/USGS)';

export const DEM_FILES = {
  hk70: 'hk_landsd_dtm5m_resampled70m_hk1980.json',
  hkGeoref: 'hk_grid_georef.json',
  lantau36: 'lantau_landsd_dtm5m_resampled36m_hk1980.json',
  lantauGeoref: 'lantau_grid_georefs.json',
  srtm: 'N22E114_SRTM3_from_usgs_tif.hgt',
  boundary: 'hksar_18_district_boundary.json',
} as const;

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

export interface DemGrid {
  /** Longitude of column 0 (cell centre = sample point). */
  lon0: number;
  /** Latitude of row 0 (the northern edge; rows go south). */
  lat0: number;
  /** Degrees between samples, both axes. */
  step: number;
  width: number;
  height: number;
  /** Heights in decimetres; NO_DATA where no source covers the point. */
  dm: Int16Array;
  /** 1 where the sample lies inside the HKSAR boundary (LandsD is authoritative there). */
  hk: Uint8Array;
}

export interface DemSampler {
  /** Height in metres at WGS84 lon/lat, bilinear; null outside every source. */
  heightAt(lon: number, lat: number): number | null;
  /** Batch form, for getZ: same semantics, one entry per point. */
  heightsAt(points: ReadonlyArray<readonly [number, number]>): (number | null)[];
  /** Whether a point lies inside the HKSAR boundary (nearest grid sample; false outside the grid). */
  insideHk(lon: number, lat: number): boolean;
  /** Which source wins at a point (for metadata and tests). */
  sourceAt(lon: number, lat: number): 'landsd' | 'srtm' | null;
  /** Extent of the precomputed grid (LandsD + margin). */
  readonly gridBounds: Bounds;
  /** Extent where heightAt can return a value (grid plus the SRTM tile). */
  readonly dataBounds: Bounds;
  readonly grid: DemGrid;
  readonly attribution: string;
  /** Milliseconds spent building the sampler. */
  readonly buildMs: number;
}

export const NO_DATA = -32768;

/** A height grid on the shared 70 m HK1980 grid (the LandsD DTM, SRTM 2000): w x h heights, row by row. */
export interface HkGridHeights {
  w: number;
  h: number;
  elev: number[];
}
interface HkGridJson extends HkGridHeights {
  cell: number;
}
/** `hk_grid_georef.json`: cell centres at E = bE + aE*col, N = bN + aN*row on a W x H grid. */
export interface HkGridGeoref {
  aE: number;
  bE: number;
  aN: number;
  bN: number;
  W: number;
  H: number;
}

/** A projected grid: value at (E, N) by bilinear interpolation, cell centres at bE + aE*col, bN + aN*row. */
class ProjectedGrid {
  constructor(
    readonly g: HkGridGeoref,
    readonly v: Float32Array,
  ) {}
  /** Fractional column/row, or null outside the grid. */
  colRow(E: number, N: number): [number, number] | null {
    const c = (E - this.g.bE) / this.g.aE;
    const r = (N - this.g.bN) / this.g.aN;
    if (c < 0 || r < 0 || c > this.g.W - 1 || r > this.g.H - 1) return null;
    return [c, r];
  }
  sample(c: number, r: number): number {
    const W = this.g.W;
    const c0 = Math.min(Math.floor(c), W - 2);
    const r0 = Math.min(Math.floor(r), this.g.H - 2);
    const fc = c - c0;
    const fr = r - r0;
    const i = r0 * W + c0;
    const v = this.v;
    return (
      (v[i] * (1 - fc) + v[i + 1] * fc) * (1 - fr) + (v[i + W] * (1 - fc) + v[i + W + 1] * fc) * fr
    );
  }
}

/** SRTM .hgt tile (1201x1201 big-endian int16, row 0 = north edge). */
class HgtTile {
  readonly v: Float32Array;
  constructor(
    buf: Buffer,
    readonly lonW: number,
    readonly latN: number,
  ) {
    const n = 1201;
    if (buf.length !== n * n * 2) throw new Error(`SRTM tile: expected ${n * n * 2} bytes, got ${buf.length}`);
    this.v = new Float32Array(n * n);
    for (let i = 0; i < n * n; i++) {
      const h = buf.readInt16BE(i * 2);
      // -32768/-32767 are voids (none in this tile); negative values over the sea are noise.
      this.v[i] = h <= -32767 ? NaN : Math.max(0, h);
    }
  }
  covers(lon: number, lat: number): boolean {
    return lon >= this.lonW && lon <= this.lonW + 1 && lat <= this.latN && lat >= this.latN - 1;
  }
  sample(lon: number, lat: number): number | null {
    if (!this.covers(lon, lat)) return null;
    const c = (lon - this.lonW) * 1200;
    const r = (this.latN - lat) * 1200;
    const c0 = Math.min(Math.floor(c), 1199);
    const r0 = Math.min(Math.floor(r), 1199);
    const fc = c - c0;
    const fr = r - r0;
    const i = r0 * 1201 + c0;
    const v = this.v;
    const h = (v[i] * (1 - fc) + v[i + 1] * fc) * (1 - fr) + (v[i + 1201] * (1 - fc) + v[i + 1202] * fc) * fr;
    return Number.isNaN(h) ? null : h;
  }
}

type Ring = number[][];

/** Rasterises polygons (even-odd per polygon, union across polygons) onto the lon/lat grid. */
function rasterisePolygons(polys: Ring[][], lon0: number, lat0: number, step: number, W: number, H: number) {
  const mask = new Uint8Array(W * H);
  for (const poly of polys) {
    const xs: number[] = [];
    for (let row = 0; row < H; row++) {
      const lat = lat0 - row * step;
      xs.length = 0;
      for (const ring of poly) {
        for (let k = 0, n = ring.length; k < n; k++) {
          const [x1, y1] = ring[k];
          const [x2, y2] = ring[(k + 1) % n];
          if (y1 <= lat !== y2 <= lat) xs.push(x1 + ((lat - y1) / (y2 - y1)) * (x2 - x1));
        }
      }
      if (xs.length < 2) continue;
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const c1 = Math.max(0, Math.ceil((xs[k] - lon0) / step));
        const c2 = Math.min(W - 1, Math.floor((xs[k + 1] - lon0) / step));
        for (let c = c1; c <= c2; c++) mask[row * W + c] = 1;
      }
    }
  }
  return mask;
}

function readJson<T>(dataDir: string, name: string): T {
  return JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as T;
}

export interface DemSamplerOptions {
  /** Grid step in degrees (default 1/3600). */
  step?: number;
  /** Grid extent (default: the LandsD grid with a margin). */
  bounds?: Bounds;
}

/** The folder holding the DEM files: `dataDir/dem` when it exists (dataDir = the repo's data/), else dataDir. */
export function resolveDemDir(dataDir: string): string {
  const nested = join(dataDir, 'dem');
  return existsSync(join(nested, DEM_FILES.hk70)) ? nested : dataDir;
}

/**
 * Loads the DEM files and builds the sampler. dataDir is the repo's data/ folder or data/dem itself.
 * Synchronous, about a second. Throws if a required file is missing or malformed.
 */
export function createDemSampler(dataDir: string, options: DemSamplerOptions = {}): DemSampler {
  const t0 = performance.now();
  dataDir = resolveDemDir(dataDir);
  const toGrid = proj4('EPSG:4326', HK1980_PROJ4);

  const hkJson = readJson<HkGridJson>(dataDir, DEM_FILES.hk70);
  const hkGeoref = readJson<HkGridGeoref>(dataDir, DEM_FILES.hkGeoref);
  if (hkJson.elev.length !== hkGeoref.W * hkGeoref.H) throw new Error('LandsD 70 m grid: size mismatch');
  const hk = new ProjectedGrid(hkGeoref, Float32Array.from(hkJson.elev));

  let lantau: ProjectedGrid | null = null;
  try {
    const lj = readJson<HkGridJson>(dataDir, DEM_FILES.lantau36);
    const lg = readJson<{ hk5m: HkGridGeoref }>(dataDir, DEM_FILES.lantauGeoref).hk5m;
    if (lj.elev.length === lg.W * lg.H) lantau = new ProjectedGrid(lg, Float32Array.from(lj.elev));
  } catch {
    lantau = null; // optional refinement
  }

  const srtm = new HgtTile(readFileSync(join(dataDir, DEM_FILES.srtm)), 114, 23);

  const boundary = readJson<{ features: { geometry: { type: string; coordinates: unknown } }[] }>(
    dataDir,
    DEM_FILES.boundary,
  );
  const polys: Ring[][] = [];
  for (const f of boundary.features) {
    if (f.geometry.type === 'Polygon') polys.push(f.geometry.coordinates as Ring[]);
    else if (f.geometry.type === 'MultiPolygon') polys.push(...(f.geometry.coordinates as Ring[][]));
  }

  const step = options.step ?? 1 / 3600;
  const [west, south, east, north] = options.bounds ?? [113.8, 22.1, 114.52, 22.62];
  const W = Math.round((east - west) / step) + 1;
  const H = Math.round((north - south) / step) + 1;
  const lon0 = west;
  const lat0 = north;
  const inHk = rasterisePolygons(polys, lon0, lat0, step, W, H);

  // HK1980 coordinates on a coarse lattice, interpolated per cell.
  const L = 16;
  const LW = Math.ceil((W - 1) / L) + 1;
  const LH = Math.ceil((H - 1) / L) + 1;
  const latE = new Float64Array(LW * LH);
  const latN = new Float64Array(LW * LH);
  for (let j = 0; j < LH; j++) {
    for (let i = 0; i < LW; i++) {
      const [E, N] = toGrid.forward([lon0 + i * L * step, lat0 - j * L * step]);
      latE[j * LW + i] = E;
      latN[j * LW + i] = N;
    }
  }

  const feather = 6; // cells of the Lantau grid over which it fades into the 70 m grid
  const dm = new Int16Array(W * H);
  for (let row = 0; row < H; row++) {
    const lat = lat0 - row * step;
    const lj = Math.min(Math.floor(row / L), LH - 2);
    const fj = row / L - lj;
    for (let col = 0; col < W; col++) {
      const idx = row * W + col;
      const lon = lon0 + col * step;
      let h: number | null = null;
      if (inHk[idx]) {
        const li = Math.min(Math.floor(col / L), LW - 2);
        const fi = col / L - li;
        const k = lj * LW + li;
        const E =
          (latE[k] * (1 - fi) + latE[k + 1] * fi) * (1 - fj) + (latE[k + LW] * (1 - fi) + latE[k + LW + 1] * fi) * fj;
        const N =
          (latN[k] * (1 - fi) + latN[k + 1] * fi) * (1 - fj) + (latN[k + LW] * (1 - fi) + latN[k + LW + 1] * fi) * fj;
        const cr = hk.colRow(E, N);
        if (cr) {
          h = hk.sample(cr[0], cr[1]);
          const lcr = lantau?.colRow(E, N);
          if (lantau && lcr) {
            const d = Math.min(lcr[0], lcr[1], lantau.g.W - 1 - lcr[0], lantau.g.H - 1 - lcr[1]);
            const w = Math.min(1, d / feather);
            h = w * lantau.sample(lcr[0], lcr[1]) + (1 - w) * h;
          }
        } else {
          h = srtm.sample(lon, lat) ?? 0; // inside HKSAR, beyond the LandsD grid: open sea
        }
      } else {
        h = srtm.sample(lon, lat);
      }
      dm[idx] = h === null ? NO_DATA : Math.round(h * 10);
    }
  }

  const grid: DemGrid = { lon0, lat0, step, width: W, height: H, dm, hk: inHk };
  const gridBounds: Bounds = [west, lat0 - (H - 1) * step, lon0 + (W - 1) * step, north];
  const dataBounds: Bounds = [
    Math.min(gridBounds[0], 114),
    Math.min(gridBounds[1], 22),
    Math.max(gridBounds[2], 115),
    Math.max(gridBounds[3], 23),
  ];

  function heightAt(lon: number, lat: number): number | null {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return null;
    const c = (lon - lon0) / step;
    const r = (lat0 - lat) / step;
    if (c >= 0 && r >= 0 && c <= W - 1 && r <= H - 1) {
      const c0 = Math.min(Math.floor(c), W - 2);
      const r0 = Math.min(Math.floor(r), H - 2);
      const fc = c - c0;
      const fr = r - r0;
      const i = r0 * W + c0;
      const a = dm[i];
      const b = dm[i + 1];
      const cc = dm[i + W];
      const d = dm[i + W + 1];
      if (a !== NO_DATA && b !== NO_DATA && cc !== NO_DATA && d !== NO_DATA) {
        return ((a * (1 - fc) + b * fc) * (1 - fr) + (cc * (1 - fc) + d * fc) * fr) / 10;
      }
      // Edge of the data: weight only the corners that have data.
      let sum = 0;
      let wsum = 0;
      const ws = [(1 - fc) * (1 - fr), fc * (1 - fr), (1 - fc) * fr, fc * fr];
      const vs = [a, b, cc, d];
      for (let k = 0; k < 4; k++) {
        if (vs[k] !== NO_DATA && ws[k] > 0) {
          sum += vs[k] * ws[k];
          wsum += ws[k];
        }
      }
      return wsum > 0 ? sum / wsum / 10 : null;
    }
    return srtm.sample(lon, lat);
  }

  function insideHk(lon: number, lat: number): boolean {
    const c = Math.round((lon - lon0) / step);
    const r = Math.round((lat0 - lat) / step);
    return c >= 0 && r >= 0 && c < W && r < H && inHk[r * W + c] === 1;
  }

  function sourceAt(lon: number, lat: number): 'landsd' | 'srtm' | null {
    if (insideHk(lon, lat)) {
      const [E, N] = toGrid.forward([lon, lat]);
      if (hk.colRow(E, N)) return 'landsd';
    }
    return srtm.covers(lon, lat) ? 'srtm' : null;
  }

  return {
    heightAt,
    heightsAt: (points) => points.map(([lon, lat]) => heightAt(lon, lat)),
    sourceAt,
    insideHk,
    gridBounds,
    dataBounds,
    grid,
    attribution: DEM_ATTRIBUTION,
    buildMs: performance.now() - t0,
  };
}

const shared = new Map<string, DemSampler>();

/** One sampler per data directory per process (terrain tiles, relief tiles and getZ share it). */
export function getDemSampler(dataDir: string): DemSampler {
  let s = shared.get(dataDir);
  if (!s) {
    s = createDemSampler(dataDir);
    shared.set(dataDir, s);
  }
  return s;
}
