/**
 * Shaded-relief base map tiles (Web Mercator XYZ, 256x256 PNG) rendered from the DEM sampler:
 * hillshade (sun azimuth 315°, altitude 45°), hypsometric land tint, calm sea, thin darker coastline, a plain
 * "no data" tone where no DEM source reaches (never sea: see groundClass), and from
 * zoom VECTOR_MIN_ZOOM the street plan (roads, rail, building footprints; vectors.ts) drawn over it.
 * The same relief comes in the map styles of SPEC §1 (map style drawer): `default` (the shaded relief),
 * `regular` (a light topographic palette), `dark` and `grey`; each style is one {@link ReliefPalette}.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PNG } from 'pngjs';
import { RELIEF_TILE_MAX_ZOOM, RELIEF_TILE_MIN_ZOOM, RELIEF_TILE_SIZE, type ReliefStyle } from '../../core/contracts/terrain';
import type { DemSampler } from './dem';
import type { BuildingRecord } from '../../core/contracts/buildings';
import type { BuildingStore } from '../buildings/store';
import { LruCache } from './lru';
import { SEA_LEVEL_THRESHOLD_M, smoothSurfaceOf } from './smoothSurface';
import { drawStreetVectors, FOOTPRINT_MIN_ZOOM, VECTOR_MIN_ZOOM, type StreetVectors, type VectorPalette } from './vectors';

export type { ReliefStyle };
export const TILE_SIZE = RELIEF_TILE_SIZE;
export const RELIEF_MIN_ZOOM = RELIEF_TILE_MIN_ZOOM;
export const RELIEF_MAX_ZOOM = RELIEF_TILE_MAX_ZOOM;
/** Bump when the look changes: it is part of the disk cache path. */
export const RELIEF_STYLE_VERSION = 'v3';
/**
 * The version the base map manifests put in their tile address (`&v=` / `?v=`), so a browser that cached tiles
 * of an older look for a day (TILE_CACHE_CONTROL) asks for new ones. Keep it equal to RELIEF_STYLE_VERSION.
 */
export const RELIEF_URL_VERSION = RELIEF_STYLE_VERSION;

type Rgb = readonly [number, number, number];

/** The colours of one relief style, streets included (vectors.ts draws those from zoom VECTOR_MIN_ZOOM). */
export interface ReliefPalette extends VectorPalette {
  sea: Rgb;
  /** The one-pixel line where land meets sea. */
  coast: Rgb;
  /** Colour land beyond the HKSAR boundary (SRTM context terrain) is blended towards, by `outsideFade`. */
  outside: Rgb;
  outsideFade: number;
  /**
   * Where no DEM source has a height (e.g. Shenzhen west of 114° E): a plain tone, neither the sea's blue nor the
   * land's tint, so the map never paints unknown ground as water (issue 12, point 8).
   */
  noData: Rgb;
  /** Hypsometric stops: metres -> RGB. */
  stops: ReadonlyArray<readonly [number, Rgb]>;
  /** Brightness factor of a slope turned fully away from the sun; flat ground keeps 1. Lower = stronger relief. */
  shadowFloor: number;
}

export const RELIEF_PALETTES: Record<ReliefStyle, ReliefPalette> = {
  // Today's shaded relief: green lowlands to brown and pale summits on a calm blue sea.
  default: {
    sea: [166, 200, 226],
    coast: [92, 124, 148],
    outside: [222, 222, 212],
    outsideFade: 0.55,
    noData: [188, 186, 182],
    stops: [
      [0, [184, 214, 160]],
      [40, [164, 204, 142]],
      [150, [136, 184, 116]],
      [300, [160, 182, 114]],
      [450, [190, 184, 128]],
      [600, [196, 166, 124]],
      [800, [176, 142, 110]],
      [1000, [214, 196, 178]],
      [1400, [240, 232, 224]],
    ],
    shadowFloor: 0.38,
    trunk: [250, 206, 128],
    main: [255, 246, 214],
    street: [255, 255, 255],
    casing: [126, 122, 110],
    metro: [96, 96, 112],
    tram: [40, 120, 70],
    building: [216, 206, 196],
    buildingOutline: [172, 160, 150],
  },
  // Light topographic map: pale cream land with a soft tint by height and gentle shading, the usual map-water blue.
  regular: {
    sea: [170, 211, 223],
    coast: [112, 156, 184],
    outside: [242, 240, 234],
    outsideFade: 0.6,
    noData: [208, 206, 202],
    stops: [
      [0, [238, 242, 228]],
      [100, [226, 236, 210]],
      [300, [216, 228, 196]],
      [500, [232, 226, 198]],
      [800, [226, 210, 186]],
      [1000, [238, 230, 222]],
      [1400, [248, 246, 242]],
    ],
    shadowFloor: 0.72,
    trunk: [252, 214, 164],
    main: [255, 250, 226],
    street: [255, 255, 255],
    casing: [168, 158, 144],
    metro: [110, 110, 124],
    tram: [60, 140, 90],
    building: [220, 210, 202],
    buildingOutline: [196, 182, 172],
  },
  // Dark map: charcoal land lightening slightly with height, near-black navy sea, a muted blue coastline.
  dark: {
    sea: [22, 30, 42],
    coast: [66, 90, 116],
    outside: [30, 32, 36],
    outsideFade: 0.5,
    noData: [80, 76, 72],
    stops: [
      [0, [50, 54, 58]],
      [300, [60, 64, 66]],
      [600, [72, 72, 72]],
      [1000, [88, 86, 84]],
      [1400, [100, 100, 100]],
    ],
    shadowFloor: 0.5,
    trunk: [150, 128, 88],
    main: [112, 112, 116],
    street: [92, 94, 100],
    casing: [28, 30, 34],
    metro: [150, 150, 168],
    tram: [96, 170, 120],
    building: [70, 72, 78],
    buildingOutline: [46, 48, 54],
  },
  // Greyscale: the shaded relief without hue (R = G = B everywhere).
  grey: {
    sea: [176, 176, 176],
    coast: [118, 118, 118],
    outside: [228, 228, 228],
    outsideFade: 0.55,
    noData: [148, 148, 148],
    stops: [
      [0, [206, 206, 206]],
      [300, [196, 196, 196]],
      [600, [186, 186, 186]],
      [1000, [212, 212, 212]],
      [1400, [238, 238, 238]],
    ],
    shadowFloor: 0.45,
    trunk: [236, 236, 236],
    main: [248, 248, 248],
    street: [255, 255, 255],
    casing: [120, 120, 120],
    metro: [92, 92, 92],
    tram: [70, 70, 70],
    building: [214, 214, 214],
    buildingOutline: [164, 164, 164],
  },
};

/** The default style's sea (tests and the plain-sea tile check against it). */
export const SEA_RGB: Rgb = RELIEF_PALETTES.default.sea;
export { SEA_LEVEL_THRESHOLD_M };

/** What the base map draws at a point. */
export type GroundClass = 'sea' | 'land' | 'no-data';

/**
 * The base map's rule for one point, given the DEM height there (null where no source covers it): sea only where
 * a source says so (LandsD inside the territory, where 0 is sea; SRTM outside it, where water is flattened to 0),
 * land above SEA_LEVEL_THRESHOLD_M, and "no data" where no source has a height — never sea.
 * renderReliefRgba draws the same rule with anti-aliased edges (smoothSurface's heightAt and dataAt).
 */
export function groundClass(height: number | null): GroundClass {
  if (height === null || !Number.isFinite(height)) return 'no-data';
  return height > SEA_LEVEL_THRESHOLD_M ? 'land' : 'sea';
}

/** The colour a class gets in a style's flat areas (land: its lowest tint, before shading and the outside fade). */
export function groundColour(kind: GroundClass, style: ReliefStyle = 'default'): Rgb {
  const palette = RELIEF_PALETTES[style];
  return kind === 'sea' ? palette.sea : kind === 'no-data' ? palette.noData : palette.stops[0][1];
}

const LUT_MAX = 1500;

/** Height (whole metres, 0..LUT_MAX) -> RGB, interpolated between the palette's stops. */
function tintTable(stops: ReliefPalette['stops']): Uint8Array {
  const lut = new Uint8Array((LUT_MAX + 1) * 3);
  for (let h = 0; h <= LUT_MAX; h++) {
    let k = 0;
    while (k < stops.length - 2 && h > stops[k + 1][0]) k++;
    const [h0, c0] = stops[k];
    const [h1, c1] = stops[k + 1];
    const t = Math.max(0, Math.min(1, (h - h0) / (h1 - h0)));
    for (let j = 0; j < 3; j++) lut[h * 3 + j] = Math.round(c0[j] + (c1[j] - c0[j]) * t);
  }
  return lut;
}

const tintTables = new Map<ReliefStyle, Uint8Array>();
function tintOf(style: ReliefStyle): Uint8Array {
  let table = tintTables.get(style);
  if (!table) {
    table = tintTable(RELIEF_PALETTES[style].stops);
    tintTables.set(style, table);
  }
  return table;
}

/** Vertical exaggeration for the hillshade by zoom: low zooms see a smoothed DEM, so they need more. */
export function zFactor(z: number): number {
  if (z <= 8) return 3;
  if (z <= 10) return 2.2;
  if (z <= 12) return 1.6;
  return 1.3;
}

export function tileLon(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}
export function tileLat(y: number, z: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
}

/** [west, south, east, north] of an XYZ tile. */
export function mercatorTileBounds(z: number, x: number, y: number): [number, number, number, number] {
  return [tileLon(x, z), tileLat(y + 1, z), tileLon(x + 1, z), tileLat(y, z)];
}

function intersects(a: readonly number[], b: readonly number[]): boolean {
  return a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1];
}

/**
 * RGBA pixels of one tile in one style (exported for the preview script, the download textures and tests).
 *
 * Heights and the HKSAR mask are read from the smooth surface (smoothSurface.ts) at each pixel centre, so neither
 * the shading nor the coast shows the DEM's grid at any zoom. The hillshade normal comes from the interpolated
 * shading heights (Horn's kernel at pixel spacing). The coast is the SEA_LEVEL_THRESHOLD_M contour of the
 * interpolated height: each pixel's signed distance to it, in pixels, is the height's offset from the threshold
 * over its gradient, which gives both the anti-aliased land/sea blend and a coast line of constant width.
 */
export function renderReliefRgba(sampler: DemSampler, z: number, x: number, y: number, style: ReliefStyle = 'default'): Uint8Array {
  const palette = RELIEF_PALETTES[style];
  const surface = smoothSurfaceOf(sampler);
  const TINT = tintOf(style);
  const { sea: SEA, coast: COAST, outside: OUTSIDE, outsideFade: OUTSIDE_FADE, noData: NO_DATA_RGB } = palette;
  const lit = 1 - palette.shadowFloor;
  const S = TILE_SIZE;
  const out = new Uint8Array(S * S * 4);
  const B = S + 2; // one-pixel border for the slope kernel
  const hs = new Float32Array(B * B);
  const shading = new Float32Array(B * B);
  const n = 2 ** z;
  const lons = new Float64Array(B);
  for (let i = 0; i < B; i++) lons[i] = ((x + (i - 0.5) / S) / n) * 360 - 180;
  const lats = new Float64Array(B);
  for (let j = 0; j < B; j++) {
    lats[j] = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + (j - 0.5) / S)) / n))) * 180) / Math.PI;
  }
  for (let j = 0; j < B; j++) {
    for (let i = 0; i < B; i++) {
      const k = j * B + i;
      hs[k] = surface.heightAt(lons[i], lats[j]);
      shading[k] = surface.shadingHeightAt(lons[i], lats[j]);
    }
  }
  // Sun: azimuth 315° (NW), altitude 45°. x = east, y = north, z = up.
  const az = (315 * Math.PI) / 180;
  const alt = (45 * Math.PI) / 180;
  const Lx = Math.sin(az) * Math.cos(alt);
  const Ly = Math.cos(az) * Math.cos(alt);
  const Lz = Math.sin(alt);
  const zf = zFactor(z);
  for (let j = 1; j <= S; j++) {
    // Mercator is conformal: the pixel is square on the ground, its size shrinks with cos(lat).
    const px = (40075016.686 * Math.cos((lats[j] * Math.PI) / 180)) / (S * n);
    for (let i = 1; i <= S; i++) {
      const k = j * B + i;
      const o = ((j - 1) * S + (i - 1)) * 4;
      out[o + 3] = 255;
      // Signed distance to the coast in pixels (> 0 on land).
      const gx = (hs[k + 1] - hs[k - 1]) / 2;
      const gy = (hs[k + B] - hs[k - B]) / 2;
      const gradient = Math.sqrt(gx * gx + gy * gy);
      const offset = hs[k] - SEA_LEVEL_THRESHOLD_M;
      const distance = gradient > 1e-6 ? offset / gradient : offset > 0 ? Infinity : -Infinity;
      const landCover = Math.max(0, Math.min(1, distance + 0.5));
      const coastCover = Math.max(0, Math.min(1, COAST_HALF_WIDTH_PX + 0.5 - Math.abs(distance)));
      let r = SEA[0];
      let gg = SEA[1];
      let bb = SEA[2];
      if (landCover > 0) {
        // Horn's kernel. Row j-1 is north.
        const a = shading[k - B - 1];
        const b = shading[k - B];
        const c = shading[k - B + 1];
        const d = shading[k - 1];
        const f = shading[k + 1];
        const g = shading[k + B - 1];
        const hh = shading[k + B];
        const ii = shading[k + B + 1];
        const dzdx = (c + 2 * f + ii - (a + 2 * d + g)) / (8 * px);
        const dzdy = (a + 2 * b + c - (g + 2 * hh + ii)) / (8 * px);
        const nx = -zf * dzdx;
        const ny = -zf * dzdy;
        const len = Math.sqrt(nx * nx + ny * ny + 1);
        const shade = Math.max(0, (nx * Lx + ny * Ly + Lz) / len);
        // Flat ground keeps its tint; slopes facing the sun lighten, the others darken.
        const fct = palette.shadowFloor + lit * (shade / Lz);
        const t = Math.min(LUT_MAX, Math.round(hs[k])) * 3;
        let lr = TINT[t];
        let lg = TINT[t + 1];
        let lb = TINT[t + 2];
        // Beyond the HKSAR boundary (SRTM context terrain): muted, so the territory stands out.
        const fade = OUTSIDE_FADE * (1 - surface.insideHkAt(lons[i], lats[j]));
        if (fade > 0) {
          lr = lr * (1 - fade) + OUTSIDE[0] * fade;
          lg = lg * (1 - fade) + OUTSIDE[1] * fade;
          lb = lb * (1 - fade) + OUTSIDE[2] * fade;
        }
        r += (Math.min(255, lr * fct) - r) * landCover;
        gg += (Math.min(255, lg * fct) - gg) * landCover;
        bb += (Math.min(255, lb * fct) - bb) * landCover;
      }
      if (coastCover > 0) {
        r += (COAST[0] - r) * coastCover;
        gg += (COAST[1] - gg) * coastCover;
        bb += (COAST[2] - bb) * coastCover;
      }
      // Where no DEM source has a height the surface reads 0, which would be sea: paint "no data" instead.
      const unknown = 1 - surface.dataAt(lons[i], lats[j]);
      if (unknown > 0) {
        r += (NO_DATA_RGB[0] - r) * unknown;
        gg += (NO_DATA_RGB[1] - gg) * unknown;
        bb += (NO_DATA_RGB[2] - bb) * unknown;
      }
      out[o] = r;
      out[o + 1] = gg;
      out[o + 2] = bb;
    }
  }
  return out;
}

/** Half the width of the coast line, pixels (the line is about 1.2 px wide at every zoom). */
const COAST_HALF_WIDTH_PX = 0.6;

export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const png = new PNG({ width, height, colorType: 2, inputHasAlpha: true });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png, { colorType: 2, inputHasAlpha: true, deflateLevel: 6 });
}

const noDataTiles = new Map<ReliefStyle, Buffer>();
/** The tile for anywhere outside the DEM: the style's plain "no data" tone (not sea: nothing says it is water). */
export function noDataTilePng(style: ReliefStyle = 'default'): Buffer {
  let tile = noDataTiles.get(style);
  if (!tile) {
    const tone = RELIEF_PALETTES[style].noData;
    const rgba = new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
    for (let i = 0; i < rgba.length; i += 4) {
      rgba[i] = tone[0];
      rgba[i + 1] = tone[1];
      rgba[i + 2] = tone[2];
      rgba[i + 3] = 255;
    }
    tile = encodePng(rgba, TILE_SIZE, TILE_SIZE);
    noDataTiles.set(style, tile);
  }
  return tile;
}

/** The street plan drawn over the relief (vectors.ts): line vectors and building footprints, either optional. */
export interface StreetLayerSources {
  vectors?: () => StreetVectors | null;
  buildings?: FootprintSource | null;
}

/** The part of the building store the base map reads. */
export type FootprintSource = Pick<BuildingStore, 'version' | 'records'>;

/** The base map tile: relief, then (from VECTOR_MIN_ZOOM) roads, rail and the given building footprints. */
export function renderBaseMapRgba(
  sampler: DemSampler,
  z: number,
  x: number,
  y: number,
  style: ReliefStyle,
  vectors: StreetVectors | null,
  footprints: Iterable<BuildingRecord> = [],
): Uint8Array {
  const rgba = renderReliefRgba(sampler, z, x, y, style);
  drawStreetVectors(rgba, { z, x, y, size: TILE_SIZE }, mercatorTileBounds(z, x, y), vectors, footprints, RELIEF_PALETTES[style]);
  return rgba;
}

export interface ReliefStats {
  rendered: number;
  memoryHits: number;
  diskHits: number;
  renderMsTotal: number;
}

/** How long the building store's version is trusted before it is asked again (it keys tiles with footprints). */
const BUILDING_VERSION_TTL_MS = 10_000;

/**
 * Base map tiles with a memory LRU in front of a disk cache (cacheDir/relief/<version>/z/x/y.png for the default
 * style, cacheDir/relief/<version>-<style>/z/x/y.png for the others; tiles showing building footprints go under
 * a further folder named by the building store's version, so a changed store draws new tiles). A tile is
 * rendered at most once per process and style while it is in memory or on disk; concurrent requests share one
 * render.
 */
export class ReliefTileStore {
  private readonly memory: LruCache<string, Buffer>;
  private readonly inflight = new Map<string, Promise<Buffer>>();
  private buildingVersion: { value: Promise<string>; at: number } | null = null;
  readonly stats: ReliefStats = { rendered: 0, memoryHits: 0, diskHits: 0, renderMsTotal: 0 };

  constructor(
    private readonly sampler: DemSampler,
    private readonly cacheDir: string | null,
    memoryTiles = 1024,
    private readonly streets: StreetLayerSources = {},
  ) {
    this.memory = new LruCache(memoryTiles);
  }

  /** The building store's version for tiles that draw footprints, else null. */
  private async footprintVersion(z: number): Promise<string | null> {
    const buildings = this.streets.buildings;
    if (!buildings || z < FOOTPRINT_MIN_ZOOM) return null;
    const now = Date.now();
    if (!this.buildingVersion || now - this.buildingVersion.at > BUILDING_VERSION_TTL_MS) {
      this.buildingVersion = { value: buildings.version(), at: now };
    }
    return this.buildingVersion.value;
  }

  private path(style: ReliefStyle, z: number, x: number, y: number, buildingVersion: string | null): string | null {
    if (!this.cacheDir) return null;
    // The default style keeps the folder it had before styles existed, so existing caches stay valid.
    const folder = style === 'default' ? RELIEF_STYLE_VERSION : `${RELIEF_STYLE_VERSION}-${style}`;
    const buildings = buildingVersion === null ? [] : [`buildings-${safeFolderName(buildingVersion)}`];
    return join(this.cacheDir, 'relief', folder, ...buildings, `${z}`, `${x}`, `${y}.png`);
  }

  async get(z: number, x: number, y: number, style: ReliefStyle = 'default'): Promise<Buffer> {
    const buildingVersion = await this.footprintVersion(z);
    const key = `${style}/${z}/${x}/${y}/${buildingVersion ?? ''}`;
    const hit = this.memory.get(key);
    if (hit) {
      this.stats.memoryHits++;
      return hit;
    }
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const p = this.load(style, z, x, y, buildingVersion).then(
      (buf) => {
        this.memory.set(key, buf);
        this.inflight.delete(key);
        return buf;
      },
      (err: unknown) => {
        this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, p);
    return p;
  }

  private async load(style: ReliefStyle, z: number, x: number, y: number, buildingVersion: string | null): Promise<Buffer> {
    const bounds = mercatorTileBounds(z, x, y);
    if (!intersects(bounds, this.sampler.dataBounds)) return noDataTilePng(style);
    const file = this.path(style, z, x, y, buildingVersion);
    if (file) {
      try {
        const buf = await readFile(file);
        this.stats.diskHits++;
        return buf;
      } catch {
        // not cached yet
      }
    }
    const footprints: BuildingRecord[] = [];
    if (buildingVersion !== null && this.streets.buildings) {
      for await (const record of this.streets.buildings.records(bounds)) footprints.push(record);
    }
    const vectors = z >= VECTOR_MIN_ZOOM ? (this.streets.vectors?.() ?? null) : null;
    const t0 = performance.now();
    const buf = encodePng(renderBaseMapRgba(this.sampler, z, x, y, style, vectors, footprints), TILE_SIZE, TILE_SIZE);
    this.stats.renderMsTotal += performance.now() - t0;
    this.stats.rendered++;
    if (file) {
      // Write-then-rename so a concurrent process never reads half a file. Failure only costs a re-render.
      const tmp = `${file}.${process.pid}.tmp`;
      mkdir(dirname(file), { recursive: true })
        .then(() => writeFile(tmp, buf))
        .then(() => rename(tmp, file))
        .catch(() => undefined);
    }
    return buf;
  }
}

/** A store version as a folder name: only letters, digits, `-` and `_`, at most 40 characters. */
function safeFolderName(version: string): string {
  return version.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
}
