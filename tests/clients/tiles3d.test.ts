/**
 * The 3D Tiles and glTF the portal publishes, fetched over HTTP as a viewer or a GIS user's tool meets them and
 * checked with CesiumGS's 3d-tiles-validator and the Khronos glTF validator: the sheet tilesets of every dataset
 * (GET /mapviewer/api/download/tilesets/…), the .glb inside the sheet download packages (the portal's and the
 * download API's, which must be the same bytes), and the buildings tileset as served. Each tileset is written to
 * a temporary folder with the content its tile tree names, at the same relative paths, and validated there. Neither validator looks at where the content's vertices fall, so the
 * test also places every vertex on the globe and checks it lies inside its tile's bounding region. A few sheets
 * stand for all: buildings of each source, courtyards, terrain only.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_API_FORMATS } from '../../core/contracts/catalogue';
import { TILE_DATASETS } from '../../core/contracts/download';
import { localToGeodetic, multiplyMatrices } from '../../server/buildings/tiles/tileReader';
import { readGlb } from '../../server/download/generate/glb';
import { GENERATED_FORMATS } from '../../server/download/generate/package';
import { readZip } from '../../server/download/zip';
import { issueApiKey } from '../../server/keys/apiKeys';
import { buildTilesValidator, gltfProblems, TILES_VALIDATOR_BUILD_TIMEOUT_MS, validateTilesetFile } from '../../server/test/tilesValidators';
import { useLiveServer } from './liveServer';

/**
 * Tsim Sha Tsui (LandsD buildings, sea), Central with the Bank of China Tower (LandsD, courtyards), Kowloon Bay
 * (the CityGML model), CUHK (OpenStreetMap buildings on a slope) and a Lantau sheet with terrain only.
 */
const SHEETS = ['11-SW-4D', '11-SW-9C', '11-NE-12C', '7-NE-22A', '9-SE-22D'];
/** Generating a textured sheet renders its relief, and each validator run starts a Node process: seconds each. */
const TILESET_TEST_TIMEOUT_MS = 120_000;

const folder = mkdtempSync(join(tmpdir(), 'tiles3d-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const live = useLiveServer({ cacheDir: join(folder, 'cache'), downloadStorageDir: join(folder, 'storage') });
beforeAll(buildTilesValidator, TILES_VALIDATOR_BUILD_TIMEOUT_MS);

const CONTENT_TYPES: Record<string, string> = { json: 'application/json', glb: 'model/gltf-binary' };

async function get(url: URL): Promise<Buffer> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url.pathname}: ${response.status} ${body.toString('utf8').slice(0, 200)}`);
  const extension = /\.(\w+)$/.exec(url.pathname)?.[1] ?? '';
  if (CONTENT_TYPES[extension]) expect(response.headers.get('content-type'), url.pathname).toBe(CONTENT_TYPES[extension]);
  return body;
}

interface ContentJson {
  uri: string;
  boundingVolume?: BoundingVolumeJson;
}
interface BoundingVolumeJson {
  region?: number[];
}
interface TileJson {
  boundingVolume: BoundingVolumeJson;
  transform?: number[];
  content?: ContentJson;
  contents?: ContentJson[];
  implicitTiling?: unknown;
  children?: TileJson[];
}

interface FetchedTileset {
  tilesetFile: string;
  /** Every content file other than tilesets, by its path relative to the root tileset. */
  contents: { path: string; bytes: Buffer }[];
}

/**
 * Downloads a tileset and everything its tile tree names (content, external tilesets) into a fresh folder,
 * each file at its path relative to the root tileset's folder.
 */
async function fetchTileset(path: string, name: string): Promise<FetchedTileset> {
  const target = mkdtempSync(join(folder, `${name}-`));
  const root = new URL(path, live().origin);
  const base = new URL('.', root);
  const relativePath = (url: URL) => {
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) throw new Error(`${url.href} lies outside the tileset's folder ${base.href}`);
    return decodeURIComponent(url.pathname.slice(base.pathname.length));
  };
  const contents: FetchedTileset['contents'] = [];
  const tilesets = [root];
  const seen = new Set<string>();
  while (tilesets.length > 0) {
    const url = tilesets.shift()!;
    const bytes = await get(url);
    const file = join(target, relativePath(url));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    const visit = async (tile: TileJson) => {
      // Implicit tiling names its content by template: this walk would miss it, so say so rather than pass.
      if (tile.implicitTiling) throw new Error(`${url.pathname}: implicit tiling is not walked by this test`);
      for (const { uri } of [...(tile.content ? [tile.content] : []), ...(tile.contents ?? [])]) {
        const contentUrl = new URL(uri, url);
        if (seen.has(contentUrl.href)) continue;
        seen.add(contentUrl.href);
        if (contentUrl.pathname.endsWith('.json')) {
          tilesets.push(contentUrl);
          continue;
        }
        const contentBytes = await get(contentUrl);
        const contentPath = relativePath(contentUrl);
        mkdirSync(dirname(join(target, contentPath)), { recursive: true });
        writeFileSync(join(target, contentPath), contentBytes);
        contents.push({ path: contentPath, bytes: contentBytes });
      }
      for (const child of tile.children ?? []) await visit(child);
    };
    await visit((JSON.parse(bytes.toString('utf8')) as { root: TileJson }).root);
  }
  return { tilesetFile: join(target, relativePath(root)), contents };
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const RADIANS_TO_METRES = 6_378_137;

/** Local (east, north, up) positions of a glTF's vertices: node translations applied, y-up turned to z-up as 3D Tiles does. */
function glbPositions(glb: Buffer, file: string): number[][] {
  const { json, bin } = readGlb(glb);
  const gltf = json as {
    scene?: number;
    scenes: { nodes: number[] }[];
    nodes: { children?: number[]; mesh?: number; translation?: number[]; matrix?: unknown; rotation?: unknown; scale?: unknown }[];
    meshes: { primitives: { attributes: { POSITION: number } }[] }[];
    accessors: { bufferView: number; byteOffset?: number; componentType: number; count: number; type: string }[];
    bufferViews: { byteOffset?: number; byteStride?: number }[];
  };
  const points: number[][] = [];
  const visit = (index: number, offset: number[]) => {
    const node = gltf.nodes[index];
    // This check places vertices by translation only: say so if a node rotates or scales.
    if (node.matrix || node.rotation || node.scale) throw new Error(`${file}: node ${index} has a matrix, rotation or scale, which this check does not apply`);
    const at = offset.map((value, k) => value + (node.translation?.[k] ?? 0));
    for (const primitive of node.mesh === undefined ? [] : gltf.meshes[node.mesh].primitives) {
      const accessor = gltf.accessors[primitive.attributes.POSITION];
      const view = gltf.bufferViews[accessor.bufferView];
      if (accessor.componentType !== 5126 || (view.byteStride ?? 12) !== 12) throw new Error(`${file}: POSITION is not tightly packed FLOAT VEC3`);
      const start = (view.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
      for (let k = 0; k < accessor.count; k += 1) {
        const [x, y, z] = [0, 1, 2].map((c) => bin.readFloatLE(start + (k * 3 + c) * 4) + at[c]);
        points.push([x, -z, y]);
      }
    }
    for (const child of node.children ?? []) visit(child, at);
  };
  for (const root of gltf.scenes[gltf.scene ?? 0].nodes) visit(root, [0, 0, 0]);
  return points;
}

/**
 * Every vertex of every content, placed on the globe by the tile transforms, checked against its tile's region
 * and its content's region: one line per content with vertices outside, naming how far out (metres) and which way.
 */
function contentOutsideRegions(tilesetFile: string): string[] {
  const problems: string[] = [];
  const visitTileset = (file: string, parentWorld: number[]) => {
    const tileset = JSON.parse(readFileSync(file, 'utf8')) as { root: TileJson };
    const visitTile = (tile: TileJson, parent: number[]) => {
      const world = multiplyMatrices(parent, tile.transform ?? IDENTITY);
      for (const content of [...(tile.content ? [tile.content] : []), ...(tile.contents ?? [])]) {
        const contentFile = join(dirname(file), content.uri);
        if (content.uri.endsWith('.json')) {
          visitTileset(contentFile, world);
          continue;
        }
        const volumes = [
          { name: 'tile', region: tile.boundingVolume.region },
          ...(content.boundingVolume ? [{ name: 'content', region: content.boundingVolume.region }] : []),
        ];
        for (const { name, region } of volumes) {
          if (!region) throw new Error(`${content.uri}: the ${name} bounding volume is not a region, which this check reads`);
          const beyond = { west: 0, south: 0, east: 0, north: 0, below: 0, above: 0 };
          let outside = 0;
          const points = glbPositions(readFileSync(contentFile), content.uri);
          for (const [east, north, up] of points) {
            const { longitudeDegrees, latitudeDegrees, heightMetres } = localToGeodetic(world, east, north, up);
            const longitude = (longitudeDegrees * Math.PI) / 180;
            const latitude = (latitudeDegrees * Math.PI) / 180;
            const metresOut = {
              west: (region[0] - longitude) * RADIANS_TO_METRES * Math.cos(latitude),
              south: (region[1] - latitude) * RADIANS_TO_METRES,
              east: (longitude - region[2]) * RADIANS_TO_METRES * Math.cos(latitude),
              north: (latitude - region[3]) * RADIANS_TO_METRES,
              below: region[4] - heightMetres,
              above: heightMetres - region[5],
            };
            if (Object.values(metresOut).some((metres) => metres > 0)) outside += 1;
            for (const side of Object.keys(beyond) as (keyof typeof beyond)[]) beyond[side] = Math.max(beyond[side], metresOut[side]);
          }
          if (outside > 0) {
            const sides = Object.entries(beyond).filter(([, metres]) => metres > 0).map(([side, metres]) => `${metres.toFixed(3)} m ${side}`);
            problems.push(`${content.uri}: ${outside} of ${points.length} vertices outside the ${name} region, up to ${sides.join(', ')}`);
          }
        }
      }
      for (const child of tile.children ?? []) visitTile(child, world);
    };
    visitTile(tileset.root, parentWorld);
  };
  visitTileset(tilesetFile, IDENTITY);
  return problems;
}

/** Both validators over a fetched tileset (no error or warning from either), and its content inside its bounding volumes. */
async function expectValidTileset({ tilesetFile, contents }: FetchedTileset): Promise<void> {
  expect(contents.length, 'the tileset names no content').toBeGreaterThan(0);
  const report = validateTilesetFile(tilesetFile);
  expect(report.problems, `3d-tiles-validator: ${report.numErrors} errors, ${report.numWarnings} warnings`).toEqual([]);
  for (const { path, bytes } of contents) {
    if (!/\.(glb|gltf)$/.test(path)) continue;
    expect(await gltfProblems(bytes, path), `glTF validator: ${path}`).toEqual([]);
  }
  expect(contentOutsideRegions(tilesetFile), 'content outside its bounding volume').toEqual([]);
}

describe.each(TILE_DATASETS)('the %s sheet tilesets', (dataset) => {
  it.each(SHEETS)(
    '%s passes the 3D Tiles and glTF validators, its content inside its bounding region',
    async (sheet) => {
      await expectValidTileset(await fetchTileset(`/mapviewer/api/download/tilesets/${dataset}/${sheet}/tileset.json`, `${dataset}-${sheet}`));
    },
    TILESET_TEST_TIMEOUT_MS,
  );
});

let apiKey: string;
beforeAll(async () => {
  apiKey = (await issueApiKey(live().app.db, { environment: 'development', period: '2026Q4', holder: 'tiles3d test', expiresAt: new Date('2099-01-01T00:00:00Z') })).key;
});

describe.each(TILE_DATASETS)('the %s sheet download packages', (dataset) => {
  it.each(SHEETS)(
    '%s: every glTF in a package passes the glTF validator, and the download API sends the same packages',
    async (sheet) => {
      let gltfFiles = 0;
      for (const format of GENERATED_FORMATS) {
        const zip = await get(new URL(`/mapviewer/api/download/files/${dataset}/${format}/${sheet}.zip`, live().origin));
        if ((DOWNLOAD_API_FORMATS as readonly string[]).includes(format)) {
          const fromApi = await get(new URL(`/mapviewer/api/3d-zip/${format}/${sheet}.zip?dataset=${dataset}&key=${apiKey}`, live().origin));
          expect(fromApi.equals(zip), `${format}: the download API's package differs from the portal's`).toBe(true);
        }
        for (const { name, data } of readZip(zip)) {
          if (!/\.(glb|gltf)$/i.test(name)) continue;
          gltfFiles += 1;
          expect(await gltfProblems(data, name), `glTF validator: ${format} ${name}`).toEqual([]);
        }
      }
      // GLTF and CESIUM each carry one .glb.
      expect(gltfFiles).toBe(2);
    },
    TILESET_TEST_TIMEOUT_MS,
  );
});

describe('the buildings tileset as served', () => {
  it(
    'passes the 3D Tiles and glTF validators, every tile with its content inside its bounding regions',
    async () => {
      await expectValidTileset(await fetchTileset('/mapviewer/api/3dtiles/buildings/tileset.json', 'buildings'));
    },
    TILESET_TEST_TIMEOUT_MS,
  );
});
