import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ecefToGeodetic } from '../../../core/contracts/ecef';
import { fromHk1980, toHk1980 } from '../../../core/contracts/hk1980';
import { formatSheetId, parseSheetId, sheetAt, sheetBounds } from '../../../core/contracts/mapSheets';
import { ROOT_DIR } from '../../app';
import { loadDefaultBuildingRecords } from '../../buildings/defaultSources';
import { createMemoryBuildingStore } from '../../buildings/store';
import { getDemSampler } from '../../terrain/dem';
import type { IndexedSheet } from '../sheetIndex';
import { readZip } from '../zip';
import { readGlb } from './glb';
import { PACKAGE_DATE, SheetPackageGenerator } from './package';

const DATA_DIR = join(ROOT_DIR, 'data');
const buildingStore = createMemoryBuildingStore(loadDefaultBuildingRecords(DATA_DIR).records);
const generator = new SheetPackageGenerator(DATA_DIR, buildingStore);
const dem = getDemSampler(DATA_DIR);
const sheetOf = (id: string): IndexedSheet => ({ id, bounds: sheetBounds(parseSheetId(id)!) });
const sheetAtLonLat = (lonLat: [number, number]) => sheetOf(formatSheetId(sheetAt(...toHk1980(lonLat))!));
const TSIM_SHA_TSUI = sheetOf('11-SW-4D');
const TAI_MO_SHAN = sheetAtLonLat([114.1244, 22.4107]);
/** The CUHK campus (University Library), where the OSM footprints are. */
const CUHK = sheetAtLonLat([114.2069, 22.4196]);
/** The sheet of the Bank of China Tower in Central (LandsD transect record, roof level 310.3 m above HKPD). */
const BANK_OF_CHINA = sheetAtLonLat([114.1615, 22.2793]);

interface Accessor {
  bufferView: number;
  componentType: number;
  count: number;
  type: string;
  min?: number[];
  max?: number[];
}
interface Gltf {
  asset: { version: string };
  nodes: Array<{ name: string; children?: number[]; mesh?: number; translation?: number[]; extras?: Record<string, unknown> }>;
  meshes: Array<{ name: string; primitives: Array<{ attributes: Record<string, number>; indices: number; material: number }> }>;
  materials: Array<{ name: string; pbrMetallicRoughness: { baseColorTexture?: { index: number } } }>;
  images?: Array<{ bufferView: number; mimeType: string }>;
  accessors: Accessor[];
  bufferViews: Array<{ byteOffset: number; byteLength: number }>;
  buffers: Array<{ byteLength: number }>;
}

function unzip(zip: Buffer): Map<string, Buffer> {
  return new Map(readZip(zip).map((entry) => [entry.name, entry.data]));
}

/** The accessor's values (float or 32-bit unsigned), read straight from the binary chunk. */
function accessorValues(gltf: Gltf, bin: Buffer, index: number): Float32Array | Uint32Array {
  const accessor = gltf.accessors[index];
  const view = gltf.bufferViews[accessor.bufferView];
  const components = { SCALAR: 1, VEC2: 2, VEC3: 3 }[accessor.type as 'SCALAR'] ?? 0;
  expect(view.byteLength).toBe(accessor.count * components * 4);
  const copy = bin.buffer.slice(bin.byteOffset + view.byteOffset, bin.byteOffset + view.byteOffset + view.byteLength);
  return accessor.componentType === 5126 ? new Float32Array(copy) : new Uint32Array(copy);
}

function parseGlb(glb: Buffer): { gltf: Gltf; bin: Buffer } {
  const { json, bin } = readGlb(glb);
  const gltf = json as unknown as Gltf;
  expect(gltf.asset.version).toBe('2.0');
  expect(gltf.buffers[0].byteLength).toBe(bin.length);
  return { gltf, bin };
}

/** Checks every primitive: accessor counts agree, min/max match the data, indices point at vertices. */
function checkPrimitives(gltf: Gltf, bin: Buffer): void {
  for (const mesh of gltf.meshes) {
    for (const primitive of mesh.primitives) {
      const position = gltf.accessors[primitive.attributes.POSITION];
      const values = accessorValues(gltf, bin, primitive.attributes.POSITION);
      for (let axis = 0; axis < 3; axis += 1) {
        const column = values.filter((_, k) => k % 3 === axis);
        expect([Math.min(...column), Math.max(...column)]).toEqual([position.min![axis], position.max![axis]]);
      }
      for (const accessor of Object.values(primitive.attributes)) expect(gltf.accessors[accessor].count).toBe(position.count);
      const indices = accessorValues(gltf, bin, primitive.indices);
      expect(indices.length % 3).toBe(0);
      expect(Math.max(...indices)).toBeLessThan(position.count);
    }
  }
}

describe('GLTF package', () => {
  it('is a zip of <sheet>/<sheet>.glb and a README with the fixed date', async () => {
    const files = unzip(await generator.generate(TSIM_SHA_TSUI, 'GLTF', 'non-textured'));
    expect([...files.keys()]).toEqual(['11-SW-4D/11-SW-4D.glb', '11-SW-4D/README.txt']);
    const readme = files.get('11-SW-4D/README.txt')!.toString();
    expect(readme).toContain('not the LandsD production model');
    // Tsim Sha Tsui has LandsD transect buildings and no OpenStreetMap ones: the README credits what is there.
    expect(readme).toContain('Lands Department (iB1000)');
    expect(readme).toContain('DATA.GOV.HK terms of use');
    expect(readme).not.toContain('OpenStreetMap contributors');
    expect(readme).toContain(`building store (version ${await buildingStore.version()})`);
    const [minE, minN] = TSIM_SHA_TSUI.bounds;
    expect(readme).toContain(`HK1980 Grid ${minE.toFixed(3)} E ${minN.toFixed(3)} N`);
    expect(PACKAGE_DATE.getFullYear()).toBe(2020);
  }, 30_000);

  it('gives the same bytes every time', async () => {
    expect((await generator.generate(TSIM_SHA_TSUI, 'OBJ', 'textured')).equals(await new SheetPackageGenerator(DATA_DIR, buildingStore).generate(TSIM_SHA_TSUI, 'OBJ', 'textured'))).toBe(true);
  }, 30_000);

  it('holds a valid GLB whose terrain heights are the DEM heights (Tai Mo Shan)', async () => {
    const { gltf, bin } = parseGlb(unzip(await generator.generate(TAI_MO_SHAN, 'GLTF', 'non-textured')).get(`${TAI_MO_SHAN.id}/${TAI_MO_SHAN.id}.glb`)!);
    checkPrimitives(gltf, bin);
    expect(gltf.meshes.map((mesh) => mesh.name)).toEqual(['terrain']);
    const terrain = gltf.meshes[0].primitives[0];
    // 10 m spacing over 750 m x 600 m.
    expect(gltf.accessors[terrain.attributes.POSITION].count).toBe(76 * 61);
    expect(gltf.accessors[terrain.indices].count).toBe(75 * 60 * 6);
    const positions = accessorValues(gltf, bin, terrain.attributes.POSITION);
    const [minE, minN] = TAI_MO_SHAN.bounds;
    // glTF is y-up: x = east, y = height, z = -north of the south-west corner.
    for (const vertex of [0, 75, 1234, 76 * 61 - 1, 2000]) {
      const [x, y, z] = positions.subarray(vertex * 3, vertex * 3 + 3);
      expect(x).toBeCloseTo((vertex % 76) * 10, 3);
      expect(-z).toBeCloseTo(Math.floor(vertex / 76) * 10, 3);
      expect(y).toBeCloseTo(dem.heightAt(...fromHk1980([minE + x, minN - z]))!, 1);
    }
    // The summit: the DEM peaks at 952 m (the real Tai Mo Shan is 957 m).
    expect(gltf.accessors[terrain.attributes.POSITION].max![1]).toBeGreaterThan(930);
    expect(gltf.nodes[0].extras).toMatchObject({ originEasting: minE, originNorthing: minN, crs: 'EPSG:2326' });
  }, 30_000);

  it('has building triangles on the CUHK sheet, standing on the terrain', async () => {
    const { gltf, bin } = parseGlb(unzip(await generator.generate(CUHK, 'GLTF', 'non-textured')).get(`${CUHK.id}/${CUHK.id}.glb`)!);
    checkPrimitives(gltf, bin);
    expect(gltf.meshes.map((mesh) => mesh.name)).toEqual(['terrain', 'buildings']);
    const buildings = gltf.meshes[1].primitives[0];
    expect(gltf.accessors[buildings.indices].count / 3).toBeGreaterThan(500);
    expect((await generator.model(CUHK, await buildingStore.version())).buildingCount).toBeGreaterThan(20);
    // Building tops are above the lowest ground of the sheet and below the terrain's top plus a tower.
    const terrainBounds = gltf.accessors[gltf.meshes[0].primitives[0].attributes.POSITION];
    const buildingBounds = gltf.accessors[buildings.attributes.POSITION];
    expect(buildingBounds.min![1]).toBeGreaterThanOrEqual(terrainBounds.min![1] - 0.01);
    expect(buildingBounds.max![1]).toBeLessThan(terrainBounds.max![1] + 150);
  }, 30_000);

  it('credits OpenStreetMap on the CUHK sheet, whose buildings come from OSM', async () => {
    const readme = unzip(await generator.generate(CUHK, 'GLTF', 'non-textured')).get(`${CUHK.id}/README.txt`)!.toString();
    expect(readme).toContain('© OpenStreetMap contributors (ODbL 1.0)');
    expect(readme).toContain('https://www.openstreetmap.org/copyright');
  }, 30_000);

  it('draws the store\'s LandsD buildings to their measured roof: the Bank of China Tower reaches 310 m above HKPD', async () => {
    const model = await generator.model(BANK_OF_CHINA, await buildingStore.version());
    expect(model.buildingSources).toContain('landsd-ib1000');
    expect(model.heightKinds.measured).toBeGreaterThan(0);
    const { gltf, bin } = parseGlb(unzip(await generator.generate(BANK_OF_CHINA, 'GLTF', 'non-textured')).get(`${BANK_OF_CHINA.id}/${BANK_OF_CHINA.id}.glb`)!);
    checkPrimitives(gltf, bin);
    expect(gltf.meshes.map((mesh) => mesh.name)).toEqual(['terrain', 'buildings']);
    const top = gltf.accessors[gltf.meshes[1].primitives[0].attributes.POSITION].max![1];
    expect(top).toBeCloseTo(310.3, 0);
  }, 30_000);

  it('changes with the building store: another store version gives other bytes', async () => {
    const records = loadDefaultBuildingRecords(DATA_DIR).records;
    const [west, south, east, north] = [114.155, 22.275, 114.17, 22.285];
    const fewer = createMemoryBuildingStore(records.filter(({ footprint: [[[longitude, latitude]]] }) => !(longitude > west && longitude < east && latitude > south && latitude < north)));
    expect(await fewer.version()).not.toBe(await buildingStore.version());
    const before = await generator.generate(BANK_OF_CHINA, 'GLTF', 'non-textured');
    const after = await new SheetPackageGenerator(DATA_DIR, fewer).generate(BANK_OF_CHINA, 'GLTF', 'non-textured');
    expect(after.equals(before)).toBe(false);
    expect(parseGlb(unzip(after).get(`${BANK_OF_CHINA.id}/${BANK_OF_CHINA.id}.glb`)!).gltf.meshes.map((mesh) => mesh.name)).toEqual(['terrain']);
  }, 30_000);

  it('embeds the relief PNG as the terrain texture in the textured dataset', async () => {
    const { gltf, bin } = parseGlb(unzip(await generator.generate(CUHK, 'GLTF', 'textured')).get(`${CUHK.id}/${CUHK.id}.glb`)!);
    checkPrimitives(gltf, bin);
    expect(gltf.materials[0].pbrMetallicRoughness.baseColorTexture).toEqual({ index: 0 });
    const image = gltf.bufferViews[gltf.images![0].bufferView];
    expect(bin.subarray(image.byteOffset, image.byteOffset + 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(gltf.accessors[gltf.meshes[0].primitives[0].attributes.TEXCOORD_0]).toMatchObject({ count: 76 * 61, type: 'VEC2' });
  }, 30_000);
});

describe('OBJ package', () => {
  it('has an .obj whose faces reference existing vertices, normals and texture coordinates, its .mtl and the texture', async () => {
    const files = unzip(await generator.generate(CUHK, 'OBJ', 'textured'));
    expect([...files.keys()].sort()).toEqual([`${CUHK.id}/${CUHK.id}.mtl`, `${CUHK.id}/${CUHK.id}.obj`, `${CUHK.id}/${CUHK.id}.png`, `${CUHK.id}/README.txt`]);
    const lines = files.get(`${CUHK.id}/${CUHK.id}.obj`)!.toString().split('\n');
    const count = (prefix: string) => lines.filter((line) => line.startsWith(prefix)).length;
    const model = await generator.model(CUHK, await buildingStore.version());
    expect(count('v ')).toBe((model.terrain.positions.length + model.buildings!.positions.length) / 3);
    expect(count('vn ')).toBe(count('v '));
    expect(count('vt ')).toBe(76 * 61);
    expect(count('f ')).toBe((model.terrain.indices.length + model.buildings!.indices.length) / 3);
    const [vertices, uvs] = [count('v '), count('vt ')];
    const badCorners = lines
      .filter((line) => line.startsWith('f '))
      .flatMap((face) => face.slice(2).split(' '))
      .filter((corner) => {
        const [vertex, uv, normal] = corner.split('/').map((text) => (text === '' ? null : Number(text)));
        return !(vertex !== null && vertex >= 1 && vertex <= vertices && normal === vertex && (uv === null || (uv >= 1 && uv <= uvs)));
      });
    expect(badCorners).toEqual([]);
    expect(lines[1]).toContain(`easting = x + ${CUHK.bounds[0]}, northing = y + ${CUHK.bounds[1]}`);
    expect(lines).toContain(`mtllib ${CUHK.id}.mtl`);
    const mtl = files.get(`${CUHK.id}/${CUHK.id}.mtl`)!.toString();
    expect(mtl).toContain(`map_Kd ${CUHK.id}.png`);
    expect(mtl).toContain('newmtl buildings');
  }, 30_000);

  it('keeps heights in metres with z up (the first vertex is the south-west corner)', async () => {
    const lines = unzip(await generator.generate(TAI_MO_SHAN, 'OBJ', 'non-textured')).get(`${TAI_MO_SHAN.id}/${TAI_MO_SHAN.id}.obj`)!.toString().split('\n');
    const [x, y, z] = lines.find((line) => line.startsWith('v '))!.slice(2).split(' ').map(Number);
    expect([x, y]).toEqual([0, 0]);
    expect(z).toBeCloseTo(dem.heightAt(...fromHk1980([TAI_MO_SHAN.bounds[0], TAI_MO_SHAN.bounds[1]]))!, 2);
  }, 30_000);
});

describe('CESIUM package', () => {
  const files = async () => unzip(await generator.generate(CUHK, 'CESIUM', 'non-textured'));

  it('is a 3D Tiles 1.1 tileset pointing at the glb beside it', async () => {
    const entries = await files();
    expect([...entries.keys()]).toEqual([`${CUHK.id}/tileset.json`, `${CUHK.id}/${CUHK.id}.glb`, `${CUHK.id}/README.txt`]);
    const tileset = JSON.parse(entries.get(`${CUHK.id}/tileset.json`)!.toString());
    expect(tileset.asset.version).toBe('1.1');
    expect(tileset.geometricError).toBeGreaterThan(0);
    expect(tileset.root.content.uri).toBe(`${CUHK.id}.glb`);
    expect(tileset.root.transform).toHaveLength(16);
    const [west, south, east, north, minHeight, maxHeight] = tileset.root.boundingVolume.region;
    const [centreLon, centreLat] = fromHk1980([CUHK.bounds[0] + 375, CUHK.bounds[1] + 300]).map((degrees) => (degrees * Math.PI) / 180);
    expect(west < centreLon && centreLon < east && south < centreLat && centreLat < north).toBe(true);
    expect(minHeight).toBeLessThan(maxHeight);
  }, 30_000);

  it('places the model in place on the globe: transform origin at the sheet centre, a corner vertex on its HK1980 corner', async () => {
    const entries = await files();
    const transform: number[] = JSON.parse(entries.get(`${CUHK.id}/tileset.json`)!.toString()).root.transform;
    const [minE, minN, maxE, maxN] = CUHK.bounds;
    const centre = ecefToGeodetic(transform[12], transform[13], transform[14]);
    const [centreLon, centreLat, centreHeight] = [centre.longitudeDegrees, centre.latitudeDegrees, centre.heightMetres];
    const expected = fromHk1980([(minE + maxE) / 2, (minN + maxN) / 2]);
    expect(centreLon).toBeCloseTo(expected[0], 7);
    expect(centreLat).toBeCloseTo(expected[1], 7);
    expect(centreHeight).toBeCloseTo(0, 3);

    // The glb's south-west terrain vertex, through node translation, glTF y-up to 3D Tiles z-up, and the transform.
    const { gltf, bin } = parseGlb(entries.get(`${CUHK.id}/${CUHK.id}.glb`)!);
    const [x, y, z] = accessorValues(gltf, bin, gltf.meshes[0].primitives[0].attributes.POSITION).subarray(0, 3);
    const [tx, ty, tz] = gltf.nodes[0].translation!;
    const local = [x + tx, -(z + tz), y + ty];
    const ecef = [0, 1, 2].map((row) => transform[row] * local[0] + transform[4 + row] * local[1] + transform[8 + row] * local[2] + transform[12 + row]);
    const corner = ecefToGeodetic(ecef[0], ecef[1], ecef[2]);
    const [lon, lat, height] = [corner.longitudeDegrees, corner.latitudeDegrees, corner.heightMetres];
    const [cornerE, cornerN] = toHk1980([lon, lat]);
    expect(Math.abs(cornerE - minE)).toBeLessThan(0.1);
    expect(Math.abs(cornerN - minN)).toBeLessThan(0.1);
    // Off the centre the ellipsoid curves away from the tangent plane: 480 m out, by about 2 cm.
    expect(height).toBeCloseTo(y, 1);
  }, 30_000);
});
