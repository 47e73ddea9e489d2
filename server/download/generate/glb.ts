/**
 * A binary glTF 2.0 (.glb) writer for the sheet meshes and the building tiles: one node and one mesh per part,
 * positions, normals, optional texture coordinates and a PNG embedded in the binary chunk, 32-bit indices, and
 * optionally a feature id per vertex with a property table (EXT_mesh_features + EXT_structural_metadata, the
 * 3D Tiles 1.1 way to give each building its properties) and a `_FLOOR` attribute (the building tiles' floor
 * per vertex, which a CesiumJS custom shader reads as `vsInput.attributes.floor`). glTF is y-up: the model's
 * local (east, north, up) becomes glTF (x, y, z) = (east, up, -north), a rotation, so triangles keep their winding.
 */
import type { MeshData } from './sheetModel';

const GLB_MAGIC = 0x46546c67; // 'glTF'
const GLB_VERSION = 2;
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'
const FLOAT = 5126;
const UNSIGNED_INT = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const TRIANGLES = 4;
const LINEAR = 9729;
const LINEAR_MIPMAP_LINEAR = 9987;
const CLAMP_TO_EDGE = 33071;

export interface GlbPart {
  name: string;
  mesh: MeshData;
  /** Linear RGBA factor; multiplied with the texture when there is one. */
  baseColor: [number, number, number, number];
  /** A PNG applied with the mesh's uvs. */
  texturePng?: Buffer;
  /** Row of the scene's property table for each vertex (`_FEATURE_ID_0`); needs `GlbScene.propertyTable`. */
  featureIds?: Float32Array;
  /**
   * Storeys below the building's roof at each vertex, written as the application-specific attribute `_FLOOR`
   * (FLOAT SCALAR; glTF lets attributes starting with an underscore be the application's own). CesiumJS custom
   * shaders cannot read property tables, only vertex attributes, so the floors travel per vertex.
   */
  floors?: Float32Array;
}

/** One column of a property table, as EXT_structural_metadata lays it out (little-endian). */
export interface GlbPropertyColumn {
  values: Buffer;
  /** Byte offsets of each string's start, plus the end (count + 1 UINT32), for STRING properties. */
  stringOffsets?: Buffer;
}

/** The EXT_structural_metadata schema and the one property table the parts' feature ids index. */
export interface GlbPropertyTable {
  /** The schema object (`id`, `classes`, ...), written as given. */
  schema: object;
  className: string;
  count: number;
  columns: Record<string, GlbPropertyColumn>;
}

export interface GlbScene {
  /** Name of the root node. */
  name: string;
  parts: GlbPart[];
  /** Translation of the root node, glTF axes (used to centre the 3D Tiles copy on the sheet centre). */
  translation?: [number, number, number];
  /** Written to the root node's `extras` (e.g. the HK1980 origin). */
  extras?: Record<string, unknown>;
  copyright: string;
  /** `asset.generator`; the sheet generator's name when omitted. */
  generator?: string;
  propertyTable?: GlbPropertyTable;
}

/** Local (east, north, up) to glTF (x, y, z) = (east, up, -north). */
function toYUp(values: Float32Array): Float32Array {
  const out = new Float32Array(values.length);
  for (let k = 0; k < values.length; k += 3) {
    out[k] = values[k];
    out[k + 1] = values[k + 2];
    out[k + 2] = 0 - values[k + 1]; // not -x: that writes -0 for the sheet's south edge
  }
  return out;
}

function minMax(values: Float32Array, components: number): { min: number[]; max: number[] } {
  const min = new Array<number>(components).fill(Infinity);
  const max = new Array<number>(components).fill(-Infinity);
  for (let k = 0; k < values.length; k += 1) {
    const c = k % components;
    if (values[k] < min[c]) min[c] = values[k];
    if (values[k] > max[c]) max[c] = values[k];
  }
  return { min, max };
}

const padTo4 = (length: number) => (length + 3) & ~3;

export function writeGlb(scene: GlbScene): Buffer {
  const chunks: Buffer[] = [];
  let byteLength = 0;
  const bufferViews: object[] = [];
  const accessors: object[] = [];
  /** `alignment` 8 for property table columns (EXT_structural_metadata asks for it); 4 suits everything else. */
  const addView = (data: Buffer, target?: number, alignment = 4): number => {
    const lead = (alignment - (byteLength % alignment)) % alignment;
    if (lead) {
      chunks.push(Buffer.alloc(lead));
      byteLength += lead;
    }
    bufferViews.push({ buffer: 0, byteOffset: byteLength, byteLength: data.length, ...(target ? { target } : {}) });
    chunks.push(data);
    const padding = padTo4(data.length) - data.length;
    if (padding) chunks.push(Buffer.alloc(padding));
    byteLength += data.length + padding;
    return bufferViews.length - 1;
  };
  const bytes = (array: Float32Array | Uint32Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  const addFloats = (values: Float32Array, type: 'SCALAR' | 'VEC2' | 'VEC3', bounds: boolean): number => {
    const components = { SCALAR: 1, VEC2: 2, VEC3: 3 }[type];
    accessors.push({
      bufferView: addView(bytes(values), ARRAY_BUFFER),
      componentType: FLOAT,
      count: values.length / components,
      type,
      ...(bounds ? minMax(values, components) : {}),
    });
    return accessors.length - 1;
  };

  const meshes: object[] = [];
  const materials: object[] = [];
  const textures: object[] = [];
  const images: object[] = [];
  const nodes: object[] = [];
  for (const part of scene.parts) {
    const { mesh } = part;
    const attributes: Record<string, number> = {
      POSITION: addFloats(toYUp(mesh.positions), 'VEC3', true),
      NORMAL: addFloats(toYUp(mesh.normals), 'VEC3', false),
    };
    const material: Record<string, unknown> = {
      name: part.name,
      pbrMetallicRoughness: { baseColorFactor: part.baseColor, metallicFactor: 0, roughnessFactor: 1 },
    };
    if (part.texturePng) {
      if (!mesh.uvs) throw new Error(`The ${part.name} mesh has a texture but no texture coordinates`);
      attributes.TEXCOORD_0 = addFloats(mesh.uvs, 'VEC2', false);
      images.push({ bufferView: addView(part.texturePng), mimeType: 'image/png' });
      textures.push({ sampler: 0, source: images.length - 1 });
      (material.pbrMetallicRoughness as Record<string, unknown>).baseColorTexture = { index: textures.length - 1 };
    }
    const primitiveExtensions: Record<string, unknown> = {};
    if (part.featureIds) {
      if (!scene.propertyTable) throw new Error(`The ${part.name} mesh has feature ids but the scene has no property table`);
      attributes._FEATURE_ID_0 = addFloats(part.featureIds, 'SCALAR', false);
      primitiveExtensions.EXT_mesh_features = { featureIds: [{ featureCount: scene.propertyTable.count, attribute: 0, propertyTable: 0 }] };
    }
    if (part.floors) attributes._FLOOR = addFloats(part.floors, 'SCALAR', false);
    accessors.push({
      bufferView: addView(bytes(mesh.indices), ELEMENT_ARRAY_BUFFER),
      componentType: UNSIGNED_INT,
      count: mesh.indices.length,
      type: 'SCALAR',
    });
    const indices = accessors.length - 1;
    materials.push(material);
    meshes.push({
      name: part.name,
      primitives: [
        {
          attributes,
          indices,
          material: materials.length - 1,
          mode: TRIANGLES,
          ...(part.featureIds ? { extensions: primitiveExtensions } : {}),
        },
      ],
    });
    nodes.push({ name: part.name, mesh: meshes.length - 1 });
  }
  const root = {
    name: scene.name,
    children: nodes.map((_, k) => k + 1),
    ...(scene.translation ? { translation: scene.translation } : {}),
    ...(scene.extras ? { extras: scene.extras } : {}),
  };

  let metadataExtension: object | undefined;
  if (scene.propertyTable) {
    const { schema, className, count, columns } = scene.propertyTable;
    const properties: Record<string, { values: number; stringOffsets?: number }> = {};
    for (const [name, column] of Object.entries(columns)) {
      properties[name] = {
        values: addView(column.values, undefined, 8),
        ...(column.stringOffsets ? { stringOffsets: addView(column.stringOffsets, undefined, 8) } : {}),
      };
    }
    metadataExtension = { schema, propertyTables: [{ class: className, count, properties }] };
  }

  const gltf = {
    asset: { version: '2.0', generator: scene.generator ?? 'Hong Kong 3D map portal sheet generator', copyright: scene.copyright },
    ...(metadataExtension ? { extensionsUsed: ['EXT_mesh_features', 'EXT_structural_metadata'], extensions: { EXT_structural_metadata: metadataExtension } } : {}),
    scene: 0,
    scenes: [{ name: scene.name, nodes: [0] }],
    nodes: [root, ...nodes],
    meshes,
    materials,
    ...(textures.length
      ? { textures, images, samplers: [{ magFilter: LINEAR, minFilter: LINEAR_MIPMAP_LINEAR, wrapS: CLAMP_TO_EDGE, wrapT: CLAMP_TO_EDGE }] }
      : {}),
    accessors,
    bufferViews,
    buffers: [{ byteLength }],
  };
  const jsonText = Buffer.from(JSON.stringify(gltf), 'utf8');
  const json = Buffer.concat([jsonText, Buffer.alloc(padTo4(jsonText.length) - jsonText.length, 0x20)]);
  const header = Buffer.alloc(12);
  const jsonHeader = Buffer.alloc(8);
  const binHeader = Buffer.alloc(8);
  const total = 12 + 8 + json.length + 8 + byteLength;
  header.writeUInt32LE(GLB_MAGIC, 0);
  header.writeUInt32LE(GLB_VERSION, 4);
  header.writeUInt32LE(total, 8);
  jsonHeader.writeUInt32LE(json.length, 0);
  jsonHeader.writeUInt32LE(CHUNK_JSON, 4);
  binHeader.writeUInt32LE(byteLength, 0);
  binHeader.writeUInt32LE(CHUNK_BIN, 4);
  return Buffer.concat([header, jsonHeader, json, binHeader, ...chunks], total);
}

/** The parts of a .glb: its JSON and binary chunk (for tests and checks). */
export function readGlb(glb: Buffer): { json: Record<string, unknown>; bin: Buffer } {
  if (glb.length < 20 || glb.readUInt32LE(0) !== GLB_MAGIC) throw new Error('Not a binary glTF file (no glTF magic)');
  if (glb.readUInt32LE(4) !== GLB_VERSION) throw new Error(`Binary glTF version ${glb.readUInt32LE(4)}, expected 2`);
  if (glb.readUInt32LE(8) !== glb.length) throw new Error(`Binary glTF header says ${glb.readUInt32LE(8)} bytes, file has ${glb.length}`);
  const jsonLength = glb.readUInt32LE(12);
  if (glb.readUInt32LE(16) !== CHUNK_JSON) throw new Error('The first glTF chunk is not JSON');
  const json = JSON.parse(glb.subarray(20, 20 + jsonLength).toString('utf8')) as Record<string, unknown>;
  const binStart = 20 + jsonLength;
  if (binStart === glb.length) return { json, bin: Buffer.alloc(0) };
  if (glb.readUInt32LE(binStart + 4) !== CHUNK_BIN) throw new Error('The second glTF chunk is not BIN');
  const binLength = glb.readUInt32LE(binStart);
  return { json, bin: glb.subarray(binStart + 8, binStart + 8 + binLength) };
}
