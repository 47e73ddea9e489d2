/**
 * Builds the zip package of one sheet in one generated format (GLTF, OBJ, CESIUM).
 */
import type { TileDataset } from '../../../core/contracts/download';
import type { IndexedSheet } from '../sheetIndex';

/** The formats this server produces itself; the others come only from the storage folder. */
export const GENERATED_FORMATS = ['GLTF', 'OBJ', 'CESIUM'] as const;
export type GeneratedFormat = (typeof GENERATED_FORMATS)[number];

export class SheetPackageGenerator {
  constructor(readonly dataDir: string) {}

  generate(sheet: IndexedSheet, format: GeneratedFormat, dataset: TileDataset): Buffer {
    throw new Error(`Generating ${dataset} ${format} for ${sheet.id} is being written (helper A, next commit)`);
  }
}
