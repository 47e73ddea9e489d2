/**
 * Seeds the shipped building files (defaultSources.ts) into the store at start-up, only when their checksum
 * changed since the last seed (`seed_state` row `buildings-defaults`), so a usual start reads one row. Records of
 * other datasets (an importer run) stay; the default datasets are removed and merged in again under the merge rule.
 */
import { withSchemaLock, type Db } from '../db';
import type { DatabaseBuildingStore } from './databaseStore';
import { DEFAULT_BUILDING_DATASETS, defaultBuildingsChecksum, loadDefaultBuildingRecords } from './defaultSources';

const SEED_ROW = 'buildings-defaults';
const SEED_BATCH = 1000;

/** Returns the records written (0 when the store already holds the current files). */
export async function seedDefaultBuildings(db: Db, store: DatabaseBuildingStore, dataDir: string): Promise<number> {
  const checksum = defaultBuildingsChecksum(dataDir);
  // Under the schema lock, so several servers starting on one PostgreSQL seed once, in turn.
  return withSchemaLock(db, async () => {
    const { rows } = await db.query<{ checksum: string }>('SELECT checksum FROM seed_state WHERE name = $1', [SEED_ROW]);
    if (rows[0]?.checksum === checksum) return 0;
    const { records } = loadDefaultBuildingRecords(dataDir);
    for (const dataset of DEFAULT_BUILDING_DATASETS) await store.removeDataset(dataset.file);
    let written = 0;
    for (let start = 0; start < records.length; start += SEED_BATCH) written += (await store.merge(records.slice(start, start + SEED_BATCH))).written;
    await db.query(
      `INSERT INTO seed_state (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, seeded_at = now()`,
      [SEED_ROW, checksum],
    );
    return written;
  });
}
