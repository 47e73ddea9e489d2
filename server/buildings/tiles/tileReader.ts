/**
 * Reads a building tile back (tests and checks): its vertices on the globe, normals, feature ids, floors and property
 * table, through the same glTF conventions the writer uses (y-up: glTF (x, y, z) = (east, up, -north)).
 */
import { ecefToGeodetic, type Geodetic } from '../../../core/contracts/ecef';
import { readGlb } from '../../download/generate/glb';

interface Accessor {
  bufferView: number;
  byteOffset?: number;
  componentType: number;
  count: number;
  type: 'SCALAR' | 'VEC2' | 'VEC3';
}
interface GltfJson {
  accessors: Accessor[];
  bufferViews: Array<{ byteOffset: number; byteLength: number }>;
  meshes: Array<{ primitives: Array<{ attributes: Record<string, number>; indices: number }> }>;
  extensions: {
    EXT_structural_metadata: {
      schema: { classes: Record<string, { properties: Record<string, { type: string; componentType?: string; noData?: unknown }> }> };
      propertyTables: Array<{ class: string; count: number; properties: Record<string, { values: number; stringOffsets?: number }> }>;
    };
  };
}

export interface ReadTile {
  /** Local east, north, up metres of each vertex (the tile's frame). */
  positions: Float64Array;
  normals: Float64Array;
  featureIds: Float32Array;
  /** Storeys below the roof at each vertex (`_FLOOR`). */
  floors: Float32Array;
  indices: Uint32Array;
  /** Each property's values by feature id (noData values as written). */
  properties: Record<string, Array<string | number>>;
  featureCount: number;
}

const COMPONENTS = { SCALAR: 1, VEC2: 2, VEC3: 3 } as const;

export function readBuildingTile(glb: Buffer): ReadTile {
  const { json: raw, bin } = readGlb(glb);
  const json = raw as unknown as GltfJson;
  const viewBytes = (index: number) => {
    const view = json.bufferViews[index];
    return Buffer.from(bin.subarray(view.byteOffset, view.byteOffset + view.byteLength));
  };
  const accessor = (index: number): Float32Array | Uint32Array => {
    const { bufferView, byteOffset = 0, componentType, count, type } = json.accessors[index];
    const bytes = viewBytes(bufferView).subarray(byteOffset);
    const length = count * COMPONENTS[type];
    const aligned = new ArrayBuffer(length * 4);
    new Uint8Array(aligned).set(bytes.subarray(0, length * 4));
    return componentType === 5125 ? new Uint32Array(aligned) : new Float32Array(aligned);
  };
  // glTF (x, y, z) = (east, up, -north) back to (east, north, up).
  const fromYUp = (values: ArrayLike<number>) => {
    const out = new Float64Array(values.length);
    for (let k = 0; k < values.length; k += 3) {
      out[k] = values[k];
      out[k + 1] = -values[k + 2];
      out[k + 2] = values[k + 1];
    }
    return out;
  };
  const primitive = json.meshes[0].primitives[0];
  const metadata = json.extensions.EXT_structural_metadata;
  const table = metadata.propertyTables[0];
  const classProperties = metadata.schema.classes[table.class].properties;
  const properties: Record<string, Array<string | number>> = {};
  for (const [name, column] of Object.entries(table.properties)) {
    const values = viewBytes(column.values);
    const definition = classProperties[name];
    if (definition.type === 'STRING') {
      const offsets = viewBytes(column.stringOffsets!);
      properties[name] = Array.from({ length: table.count }, (_, k) => values.subarray(offsets.readUInt32LE(k * 4), offsets.readUInt32LE(k * 4 + 4)).toString('utf8'));
    } else if (definition.componentType === 'FLOAT32') {
      properties[name] = Array.from({ length: table.count }, (_, k) => values.readFloatLE(k * 4));
    } else {
      properties[name] = Array.from({ length: table.count }, (_, k) => values.readUInt16LE(k * 2));
    }
  }
  return {
    positions: fromYUp(accessor(primitive.attributes.POSITION)),
    normals: fromYUp(accessor(primitive.attributes.NORMAL)),
    featureIds: accessor(primitive.attributes._FEATURE_ID_0) as Float32Array,
    floors: accessor(primitive.attributes._FLOOR) as Float32Array,
    indices: accessor(primitive.indices) as Uint32Array,
    properties,
    featureCount: table.count,
  };
}

/** Column-major 4 x 4 product a · b. */
export function multiplyMatrices(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(16).fill(0);
  for (let column = 0; column < 4; column += 1) {
    for (let row = 0; row < 4; row += 1) {
      for (let k = 0; k < 4; k += 1) out[column * 4 + row] += a[k * 4 + row] * b[column * 4 + k];
    }
  }
  return out;
}

/** The WGS84 position of a local point under a tile's world matrix (column-major, local metres to ECEF). */
export function localToGeodetic(matrix: readonly number[], east: number, north: number, up: number): Geodetic {
  const x = matrix[0] * east + matrix[4] * north + matrix[8] * up + matrix[12];
  const y = matrix[1] * east + matrix[5] * north + matrix[9] * up + matrix[13];
  const z = matrix[2] * east + matrix[6] * north + matrix[10] * up + matrix[14];
  return ecefToGeodetic(x, y, z);
}
