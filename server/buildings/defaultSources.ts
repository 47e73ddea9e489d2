/**
 * The building files shipped in data/buildings (../../data/README.md): which reader reads each, which area it
 * covers, and the merged records of all of them, which the server seeds into the store at start-up.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildingRecord, BuildingSource } from '../../core/contracts/buildings';
import type { LocalisedText } from '../../core/contracts/common';
import { readCityGml } from './citygml';
import { mergeBuildingRecords, type MergeResult } from './merge';
import { BuildingRowError, readKwunTongFeature, readOsmFeature, readTransectFeature, readWongTaiSinFeature, type FeatureReader, type GeoJsonFeature } from './readers';

export interface DefaultBuildingDataset {
  /** File name under data/buildings; also the records' `sourceDataset`. */
  file: string;
  source: BuildingSource;
  /** The area the file covers, as the covered-areas outline names it. */
  area: LocalisedText;
  read: { kind: 'geojson'; reader: (dataset: string) => FeatureReader } | { kind: 'citygml' };
}

export const DEFAULT_BUILDING_DATASETS: readonly DefaultBuildingDataset[] = [
  {
    file: 'hk_core_transect_buildings_landsd_ib1000.geojson',
    source: 'landsd-ib1000',
    area: { 'en-US': 'Central–Kowloon transects (a sample, not complete)', 'zh-HK': '中環至九龍樣線（抽樣，並不完整）', 'zh-CN': '中环至九龙样线（抽样，并不完整）' },
    read: { kind: 'geojson', reader: readTransectFeature },
  },
  {
    file: 'kwun_tong_landsd_ib1000_buildings.geojson',
    source: 'landsd-ib1000',
    area: { 'en-US': 'Kwun Tong business area', 'zh-HK': '觀塘商貿區', 'zh-CN': '观塘商贸区' },
    read: { kind: 'geojson', reader: readKwunTongFeature },
  },
  {
    file: 'wong_tai_sin_landsd_ib1000_building_heights.geojson',
    source: 'landsd-ib1000',
    area: { 'en-US': 'Wong Tai Sin', 'zh-HK': '黃大仙', 'zh-CN': '黄大仙' },
    read: { kind: 'geojson', reader: readWongTaiSinFeature },
  },
  {
    file: 'kowloon_bay_lod1_citygml_sample_utm50n.gml',
    source: 'landsd-citygml',
    area: { 'en-US': 'Kowloon Bay (LOD1 model sample)', 'zh-HK': '九龍灣（LOD1 模型樣本）', 'zh-CN': '九龙湾（LOD1 模型样本）' },
    read: { kind: 'citygml' },
  },
  {
    file: 'cuhk_shatin_osm_buildings.geojson',
    source: 'osm',
    area: { 'en-US': 'Sha Tin and CUHK (OpenStreetMap)', 'zh-HK': '沙田及中文大學（OpenStreetMap）', 'zh-CN': '沙田及中文大学（OpenStreetMap）' },
    read: { kind: 'geojson', reader: readOsmFeature },
  },
];

export const BUILDINGS_DATA_FOLDER = 'buildings';

/**
 * Bumped when a reader or the merge rule changes what the same files give, so the start-up seed reruns.
 */
const READER_REVISION = 1;

/** Digest of the default files and the reader revision: the seed reruns when it changes. */
export function defaultBuildingsChecksum(dataDir: string): string {
  const hash = createHash('sha256').update(`readers ${READER_REVISION}\n`);
  for (const dataset of DEFAULT_BUILDING_DATASETS) hash.update(dataset.file).update(readFileSync(join(dataDir, BUILDINGS_DATA_FOLDER, dataset.file)));
  return hash.digest('hex');
}

export interface DefaultBuildings extends MergeResult {
  /** Rows of the shipped files that could not be read (none today; kept visible rather than silently skipped). */
  errors: Array<{ file: string; index: number; reason: string }>;
}

/** Reads every shipped building file and merges them into one record per building. */
export function loadDefaultBuildingRecords(dataDir: string): DefaultBuildings {
  const records: BuildingRecord[] = [];
  const errors: DefaultBuildings['errors'] = [];
  for (const dataset of DEFAULT_BUILDING_DATASETS) {
    const text = readFileSync(join(dataDir, BUILDINGS_DATA_FOLDER, dataset.file), 'utf8');
    if (dataset.read.kind === 'citygml') {
      const result = readCityGml(text, dataset.file);
      records.push(...result.records);
      errors.push(...result.errors.map((error) => ({ file: dataset.file, index: error.line, reason: error.reason })));
      continue;
    }
    const read = dataset.read.reader(dataset.file);
    (JSON.parse(text) as { features: GeoJsonFeature[] }).features.forEach((feature, index) => {
      try {
        records.push(...read(feature));
      } catch (error) {
        if (!(error instanceof BuildingRowError)) throw error;
        errors.push({ file: dataset.file, index, reason: error.message });
      }
    });
  }
  return { ...mergeBuildingRecords(records), errors };
}
