/**
 * The building importer (`npm run buildings:import -- <file>`, scripts/buildings-import.ts): streams a LandsD
 * "Building Footprint Public" GeoJSON export or an OpenStreetMap GeoJSON into the store, in batches merged under
 * the store's rule (merge.ts). A bad row is reported with its line and a reason, and the import goes on.
 */
import { basename } from 'node:path';
import type { BuildingRecord } from '../../core/contracts/buildings';
import type { DatabaseBuildingStore } from './databaseStore';
import { geoJsonFileFeatures, type StreamedFeature } from './geojsonStream';
import { BuildingRowError, readLandsdFootprintFeature, readOsmFeature, type FeatureReader, type GeoJsonFeature } from './readers';

export const IMPORT_SOURCES = ['landsd', 'osm'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface BadRow {
  line: number;
  reason: string;
}

export interface ImportReport {
  /** The source the rows were read as (given, or recognised from the first feature). */
  source: ImportSource | null;
  /** Features read (good and bad). */
  rows: number;
  /** Records written, stored records replaced by them, incoming records left out as duplicates. */
  written: number;
  replaced: number;
  skipped: number;
  badRows: number;
}

export interface ImportOptions {
  file: string;
  store: DatabaseBuildingStore;
  /** Force the reader; otherwise a first feature with BUILDINGCSUID is LandsD, anything else OpenStreetMap. */
  source?: ImportSource;
  /** Records per merge transaction. */
  batchSize?: number;
  onBadRow?: (row: BadRow) => void;
  /** Called after each batch, e.g. for a progress line. */
  onProgress?: (report: ImportReport) => void;
  /** The features to read; default: streamed from `file` (tests pass their own). */
  features?: AsyncIterable<StreamedFeature>;
}

const READERS: Record<ImportSource, (dataset: string) => FeatureReader> = {
  landsd: readLandsdFootprintFeature,
  osm: readOsmFeature,
};

function recognise(feature: GeoJsonFeature): ImportSource {
  return feature.properties && 'BUILDINGCSUID' in feature.properties ? 'landsd' : 'osm';
}

/** Imports one file. Throws UnusableGeoJsonError (from the stream) when the file is no GeoJSON at all. */
export async function importBuildings(options: ImportOptions): Promise<ImportReport> {
  const dataset = basename(options.file);
  const batchSize = options.batchSize ?? 2000;
  const report: ImportReport = { source: options.source ?? null, rows: 0, written: 0, replaced: 0, skipped: 0, badRows: 0 };
  let read: FeatureReader | null = options.source ? READERS[options.source](dataset) : null;
  let batch: BuildingRecord[] = [];
  const bad = (row: BadRow) => {
    report.badRows += 1;
    options.onBadRow?.(row);
  };
  const flush = async () => {
    const counts = await options.store.merge(batch);
    report.written += counts.written;
    report.replaced += counts.replaced;
    report.skipped += counts.skipped;
    batch = [];
    options.onProgress?.(report);
  };

  for await (const item of options.features ?? geoJsonFileFeatures(options.file)) {
    report.rows += 1;
    if ('error' in item) {
      bad({ line: item.line, reason: item.error });
      continue;
    }
    let feature: GeoJsonFeature;
    try {
      feature = JSON.parse(item.text) as GeoJsonFeature;
    } catch (error) {
      bad({ line: item.line, reason: `not JSON: ${(error as Error).message}` });
      continue;
    }
    if (!feature || typeof feature !== 'object' || feature.type !== 'Feature') {
      bad({ line: item.line, reason: 'not a GeoJSON Feature (type must be "Feature")' });
      continue;
    }
    if (!read) {
      report.source = recognise(feature);
      read = READERS[report.source](dataset);
    }
    try {
      batch.push(...read(feature));
    } catch (error) {
      if (!(error instanceof BuildingRowError)) throw error;
      bad({ line: item.line, reason: error.message });
      continue;
    }
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return report;
}
