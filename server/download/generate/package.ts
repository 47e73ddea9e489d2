/**
 * Builds the zip package of one sheet in one generated format: GLTF (a .glb), OBJ (.obj + .mtl) or CESIUM
 * (3D Tiles 1.1: tileset.json + .glb), each with a README.txt, and for the `textured` dataset the shaded-relief
 * texture. Every zip entry carries the same fixed date, so one sheet of one building store version always gives
 * the same bytes (and ETag).
 */
import { ASSUMED_BUILDING_HEIGHT_METRES, ASSUMED_STOREY_HEIGHT_METRES, BUILDING_SOURCE_ATTRIBUTION, type BuildingSource } from '../../../core/contracts/buildings';
import type { TileDataset } from '../../../core/contracts/download';
import type { BuildingStore } from '../../buildings/store';
import { getDemSampler, type DemSampler } from '../../terrain/dem';
import { LruCache } from '../../terrain/lru';
import type { IndexedSheet } from '../sheetIndex';
import { createZip, type ZipEntry } from '../zip';
import { writeGlb, type GlbPart } from './glb';
import { writeObj } from './obj';
import { buildSheetModel, TERRAIN_SPACING_METRES, type SheetModel } from './sheetModel';
import { renderSheetTexturePng, TEXTURE_SIZE } from './texture';
import { buildTileset } from './tileset';

/** The formats this server produces itself; the others come only from the storage folder. */
export const GENERATED_FORMATS = ['GLTF', 'OBJ', 'CESIUM'] as const;
export type GeneratedFormat = (typeof GENERATED_FORMATS)[number];

/** The date on every zip entry: the LandsD DTM's LiDAR survey year, the age of the data inside. */
export const PACKAGE_DATE = new Date(2020, 0, 1, 0, 0, 0);

/** Raise when the packages' bytes change for the same data (geometry, README, formats): cached files then regenerate. */
export const SHEET_PACKAGE_GENERATOR_VERSION = 3;

const TERRAIN_ATTRIBUTION = 'Terrain: Lands Department 5 m DTM (DATA.GOV.HK terms of use), SRTM (NASA/USGS, public domain).';

/** Attribution of a sheet: the terrain's, and that of each building source actually in the sheet. */
export function packageAttribution(sources: readonly BuildingSource[]): string {
  if (sources.length === 0) return TERRAIN_ATTRIBUTION;
  const buildings = sources.map((source) => `${BUILDING_SOURCE_ATTRIBUTION[source].attribution} (${BUILDING_SOURCE_ATTRIBUTION[source].licence})`);
  return `${TERRAIN_ATTRIBUTION} Buildings: ${[...new Set(buildings)].join('; ')}.`;
}

/** Plain colours of the non-textured dataset (linear RGB). */
const TERRAIN_COLOUR: [number, number, number] = [0.42, 0.5, 0.33];
const BUILDING_COLOUR: [number, number, number] = [0.8, 0.78, 0.74];

/** What the README says about the sheet's buildings: how many, from where, how tall. */
function buildingLines(model: SheetModel): string[] {
  if (model.buildingCount === 0) {
    return [`Buildings: none (no footprint of the building store, version ${model.storeVersion}, has its centroid in the sheet).`];
  }
  const { measured, 'from-storeys': fromStoreys, assumed } = model.heightKinds;
  return [
    `Buildings: ${model.buildingCount} footprints of the portal's building store (version ${model.storeVersion}) whose centroid lies in`,
    'the sheet: Lands Department iB1000 records (Central-Kowloon transects, a sample; Kwun Tong; Wong Tai Sin), the',
    'Kowloon Bay LOD1 CityGML model and OpenStreetMap around Sha Tin / CUHK (sheets outside these have terrain only).',
    'Each stands from the lowest ground under its footprint to its LandsD-measured roof level (HKPD) where there',
    `is one, else to the ground plus its height: ${measured} measured, ${fromStoreys} from storeys x ${ASSUMED_STOREY_HEIGHT_METRES} m, ${assumed} assumed (${ASSUMED_BUILDING_HEIGHT_METRES} m).`,
  ];
}

function readme(model: SheetModel, format: GeneratedFormat, dataset: TileDataset, files: string[]): string {
  const { sheet, frame } = model;
  const [minE, minN, maxE, maxN] = sheet.bounds;
  const layout: Record<GeneratedFormat, string> = {
    GLTF: 'glTF 2.0 binary (.glb): y up, metres; x = east, y = up, z = south of the origin below.',
    OBJ: 'Wavefront OBJ with its .mtl: z up, metres; x = east, y = north of the origin below (choose "Z up" when importing into a y-up tool).',
    CESIUM:
      '3D Tiles 1.1 (tileset.json + .glb): load tileset.json in CesiumJS or any 3D Tiles viewer; its transform places the model on the WGS84 globe. The .glb inside is centred on the sheet centre.',
  };
  return [
    `Sheet ${sheet.id} of the 1:1000 map-sheet grid, ${dataset} dataset, ${format} format.`,
    '',
    'A generated sample of the 3D visualisation map, not the LandsD production model: terrain from the',
    'Lands Department digital terrain model plus the footprints of the portal\'s building store extruded to their roof.',
    '',
    `Files: ${files.join(', ')}`,
    layout[format],
    '',
    'Coordinate reference system: Hong Kong 1980 Grid (EPSG:2326) for x and y; heights in metres above the DEM',
    'datum (Hong Kong Principal Datum; SRTM EGM96 outside the HKSAR boundary).',
    `Origin (local 0,0,0): HK1980 Grid ${minE.toFixed(3)} E ${minN.toFixed(3)} N, height 0 m: the sheet's south-west corner.`,
    `Sheet extent: ${minE} to ${maxE} E, ${minN} to ${maxN} N (${frame.width} m x ${frame.height} m).`,
    `Sheet centre: longitude ${frame.centre[0].toFixed(7)}, latitude ${frame.centre[1].toFixed(7)} (WGS84).`,
    '',
    `Terrain: a ${TERRAIN_SPACING_METRES} m grid sampled bilinearly from the DEM (itself resampled to 36-70 m).`,
    ...buildingLines(model),
    dataset === 'textured'
      ? `Texture: the portal's shaded relief over the sheet, ${TEXTURE_SIZE} x ${TEXTURE_SIZE} pixels, north up.`
      : 'Materials: plain colours (terrain green, buildings grey).',
    '',
    `Attribution: ${packageAttribution(model.buildingSources)}`,
    'LandsD data: DATA.GOV.HK terms of use (https://data.gov.hk/en/terms-and-conditions).',
    ...(model.buildingSources.includes('osm') ? ['OpenStreetMap data: Open Database License 1.0 (https://www.openstreetmap.org/copyright).'] : []),
    '',
  ].join('\r\n');
}

/**
 * Produces sheet packages from the data folder's DEM and the building store, keeping the last few sheet models
 * (per store version) in memory.
 */
export class SheetPackageGenerator {
  private demSampler: DemSampler | null = null;
  /** A sheet's list of formats generates up to three packages from one model in a row. */
  private readonly models = new LruCache<string, SheetModel>(4);
  private readonly textures = new LruCache<string, Buffer>(4);

  constructor(
    readonly dataDir: string,
    readonly buildings: BuildingStore,
  ) {}

  private get dem(): DemSampler {
    this.demSampler ??= getDemSampler(this.dataDir);
    return this.demSampler;
  }

  /** The model of a sheet from the store's `storeVersion` (cached; the version is the caller's, read once per request). */
  async model(sheet: IndexedSheet, storeVersion: string): Promise<SheetModel> {
    const key = `${sheet.id} ${sheet.bounds.join(' ')} ${storeVersion}`;
    let model = this.models.get(key);
    if (!model) {
      model = await buildSheetModel(sheet, this.dem, this.buildings, storeVersion);
      this.models.set(key, model);
    }
    return model;
  }

  /** The textured dataset's PNG for a sheet (cached). */
  texture(model: SheetModel): Buffer {
    const { sheet } = model;
    const key = `${sheet.id} ${sheet.bounds.join(' ')}`;
    let png = this.textures.get(key);
    if (!png) {
      png = renderSheetTexturePng(model.frame, this.dem);
      this.textures.set(key, png);
    }
    return png;
  }

  private glbParts(model: SheetModel, dataset: TileDataset): GlbPart[] {
    const parts: GlbPart[] = [
      dataset === 'textured'
        ? { name: 'terrain', mesh: model.terrain, baseColor: [1, 1, 1, 1], texturePng: this.texture(model) }
        : { name: 'terrain', mesh: model.terrain, baseColor: [...TERRAIN_COLOUR, 1] },
    ];
    if (model.buildings) parts.push({ name: 'buildings', mesh: model.buildings, baseColor: [...BUILDING_COLOUR, 1] });
    return parts;
  }

  private glb(model: SheetModel, dataset: TileDataset, centred: boolean): Buffer {
    const { frame } = model;
    return writeGlb({
      name: model.sheet.id,
      parts: this.glbParts(model, dataset),
      // glTF axes: x east, z south; moving the south-west origin to the centre.
      translation: centred ? [-frame.width / 2, 0, frame.height / 2] : undefined,
      extras: { sheet: model.sheet.id, crs: 'EPSG:2326', originEasting: frame.originEasting, originNorthing: frame.originNorthing, centred },
      copyright: packageAttribution(model.buildingSources),
    });
  }

  /** The zip of one sheet in one format and dataset, from the store's current version unless one is given. */
  async generate(sheet: IndexedSheet, format: GeneratedFormat, dataset: TileDataset, storeVersion?: string): Promise<Buffer> {
    const model = await this.model(sheet, storeVersion ?? (await this.buildings.version()));
    const attribution = packageAttribution(model.buildingSources);
    const folder = sheet.id;
    const entries: ZipEntry[] = [];
    if (format === 'GLTF') {
      entries.push({ name: `${folder}/${sheet.id}.glb`, data: this.glb(model, dataset, false) });
    } else if (format === 'CESIUM') {
      const tileset = buildTileset({ frame: model.frame, meshes: [model.terrain, ...(model.buildings ? [model.buildings] : [])], contentUri: `${sheet.id}.glb`, attribution });
      entries.push({ name: `${folder}/tileset.json`, data: Buffer.from(`${JSON.stringify(tileset, null, 2)}\n`) });
      entries.push({ name: `${folder}/${sheet.id}.glb`, data: this.glb(model, dataset, true) });
    } else {
      const textureFile = dataset === 'textured' ? `${sheet.id}.png` : undefined;
      const { frame } = model;
      const { obj, mtl } = writeObj({
        header: [
          `Sheet ${sheet.id}, ${dataset}: generated sample of the 3D visualisation map, not the LandsD production model.`,
          `Local metres, z up: HK1980 Grid (EPSG:2326) easting = x + ${frame.originEasting}, northing = y + ${frame.originNorthing}; z = height in metres (HKPD).`,
          attribution,
        ],
        mtlFile: `${sheet.id}.mtl`,
        parts: [
          { name: 'terrain', mesh: model.terrain, colour: dataset === 'textured' ? [1, 1, 1] : TERRAIN_COLOUR, textureFile },
          ...(model.buildings ? [{ name: 'buildings', mesh: model.buildings, colour: BUILDING_COLOUR }] : []),
        ],
      });
      entries.push({ name: `${folder}/${sheet.id}.obj`, data: Buffer.from(obj) }, { name: `${folder}/${sheet.id}.mtl`, data: Buffer.from(mtl) });
      if (textureFile) entries.push({ name: `${folder}/${textureFile}`, data: this.texture(model) });
    }
    const files = entries.map((entry) => entry.name.slice(folder.length + 1));
    entries.push({ name: `${folder}/README.txt`, data: Buffer.from(readme(model, format, dataset, [...files, 'README.txt'])) });
    return createZip(entries, PACKAGE_DATE);
  }
}
