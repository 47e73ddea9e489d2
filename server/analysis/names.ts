import type { AnalysisBuildingName } from '../../core/contracts/analysis';
import type { BuildingRecord } from '../../core/contracts/buildings';

/** The names a record has (English and Chinese as the source gives them), or null when it has none. */
export function buildingNameOf(record: BuildingRecord): AnalysisBuildingName | null {
  if (record.nameEn === null && record.nameZh === null) return null;
  return { en: record.nameEn, zh: record.nameZh };
}
