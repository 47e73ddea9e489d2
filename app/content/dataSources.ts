/**
 * The data-source table (data/sources.json, written by the data service's data preparation), validated with
 * the shared contract. Loaded through a glob so the shell still builds before the file exists.
 */
import { dataSourcesSchema, type DataSources } from '../../core/contracts/sources';

const files = import.meta.glob<{ default: unknown }>('../../data/sources.json', { eager: true });

/** Parses whatever the glob found; an invalid or missing file gives an empty table. */
export function parseDataSources(raw: unknown): DataSources {
  const result = dataSourcesSchema.safeParse(raw);
  return result.success ? result.data : [];
}

export const DATA_SOURCES: DataSources = parseDataSources(Object.values(files)[0]?.default);

/** Message id for each licence of `terms` (core/contracts DATA_TERMS). */
export const TERMS_MESSAGE_IDS: Record<string, string> = {
  'DATA.GOV.HK terms of use': 'app.about.sources.licence.datagovhk',
  'ODbL 1.0 © OpenStreetMap contributors': 'app.about.sources.licence.odbl',
  'Public domain (NASA/USGS)': 'app.about.sources.licence.publicDomain',
};
