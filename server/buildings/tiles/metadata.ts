/**
 * The buildings' properties as an EXT_structural_metadata property table: one row per building of a tile, in
 * the order of its feature ids. CesiumJS reads a row through `Cesium3DTileFeature.getProperty(name)` and
 * 3D Tiles styles through `${name}`; a value the source does not have is the property's `noData`, which
 * CesiumJS answers as undefined.
 */
import type { BuildingRecord } from '../../../core/contracts/buildings';
import type { GlbPropertyColumn, GlbPropertyTable } from '../../download/generate/glb';

export const BUILDING_CLASS = 'building';
/** Stands for "not measured" in the level columns (no building stands 9999 m below the datum). */
const NO_LEVEL = -9999;
/** Stands for "no storey count" (a building has at least one). */
const NO_STOREYS = 0;

type StringProperty = { type: 'STRING'; required: boolean; description: string; noData?: string };
type NumberProperty = {
  type: 'SCALAR';
  componentType: 'FLOAT32' | 'UINT16';
  required: boolean;
  description: string;
  noData?: number;
};

/** The schema: property names (snake_case, as 3D Tiles styles write them), types, units. */
export const BUILDING_PROPERTIES = {
  id: { type: 'STRING', required: true, description: 'Building id of the store: the CSUID where the source has one, else source:id' },
  csuid: { type: 'STRING', required: false, noData: '', description: 'LandsD Common Spatial Unique Identifier' },
  name_en: { type: 'STRING', required: false, noData: '', description: 'English name' },
  name_zh: { type: 'STRING', required: false, noData: '', description: 'Chinese name' },
  height: { type: 'SCALAR', componentType: 'FLOAT32', required: true, description: 'Height of the building, metres (roof minus base where measured)' },
  height_kind: { type: 'STRING', required: true, description: 'measured, from-storeys or assumed' },
  base_level: { type: 'SCALAR', componentType: 'FLOAT32', required: false, noData: NO_LEVEL, description: 'Measured base level, metres above HKPD' },
  roof_level: { type: 'SCALAR', componentType: 'FLOAT32', required: false, noData: NO_LEVEL, description: 'Measured roof level, metres above HKPD' },
  storeys: { type: 'SCALAR', componentType: 'UINT16', required: false, noData: NO_STOREYS, description: 'Storeys above ground' },
  category: { type: 'STRING', required: true, description: 'residential, commercial, industrial, institutional, government, transport, religious or other' },
  source: { type: 'STRING', required: true, description: 'landsd-footprint, landsd-ib1000, landsd-citygml or osm' },
} satisfies Record<string, StringProperty | NumberProperty>;

type PropertyName = keyof typeof BUILDING_PROPERTIES;

const VALUE_OF: Record<PropertyName, (record: BuildingRecord) => string | number | null> = {
  id: (record) => record.id,
  csuid: (record) => record.csuid,
  name_en: (record) => record.nameEn,
  name_zh: (record) => record.nameZh,
  height: (record) => record.heightMetres,
  height_kind: (record) => record.heightKind,
  base_level: (record) => record.baseLevelMetres,
  roof_level: (record) => record.roofLevelMetres,
  storeys: (record) => record.storeys,
  category: (record) => record.category,
  source: (record) => record.source,
};

function stringColumn(values: ReadonlyArray<string>): GlbPropertyColumn {
  const encoded = values.map((value) => Buffer.from(value, 'utf8'));
  const offsets = new Uint32Array(values.length + 1);
  for (let k = 0; k < encoded.length; k += 1) offsets[k + 1] = offsets[k] + encoded[k].length;
  return { values: Buffer.concat(encoded), stringOffsets: Buffer.from(offsets.buffer) };
}

function numberColumn(values: ReadonlyArray<number>, componentType: 'FLOAT32' | 'UINT16'): GlbPropertyColumn {
  const array = componentType === 'FLOAT32' ? Float32Array.from(values) : Uint16Array.from(values);
  return { values: Buffer.from(array.buffer, array.byteOffset, array.byteLength) };
}

/**
 * The property table of a tile's buildings, with the schema it is read by. An optional property no building of
 * the tile has is left out of both: an empty string column would be a zero-length buffer view, which glTF
 * forbids, and CesiumJS answers undefined for a property the class lacks, as for a noData value.
 */
export function buildingPropertyTable(records: ReadonlyArray<BuildingRecord>): GlbPropertyTable {
  const columns: Record<string, GlbPropertyColumn> = {};
  const properties: Record<string, StringProperty | NumberProperty> = {};
  for (const [name, property] of Object.entries(BUILDING_PROPERTIES) as Array<[PropertyName, StringProperty | NumberProperty]>) {
    const raw = records.map(VALUE_OF[name]);
    if (!property.required && raw.every((value) => value === null || value === '')) continue;
    properties[name] = property;
    if (property.type === 'STRING') {
      columns[name] = stringColumn(raw.map((value) => (value === null ? (property.noData ?? '') : String(value))));
    } else {
      columns[name] = numberColumn(raw.map((value) => (value === null ? (property.noData ?? 0) : Number(value))), property.componentType);
    }
  }
  return {
    schema: { id: 'hk_buildings', name: 'Hong Kong buildings', classes: { [BUILDING_CLASS]: { name: 'Building', properties } } },
    className: BUILDING_CLASS,
    count: records.length,
    columns,
  };
}
