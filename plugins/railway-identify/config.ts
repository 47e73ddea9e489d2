import { z } from 'zod';

/** Options of dynamic railway identify (development variants, flag `dynamicRailwayIdentify`). */
export const railwayIdentifyConfigSchema = z.strictObject({
  /**
   * While the tool is on, the railway data are fetched again this often, ms, and the named line refreshed from them.
   * SPEC §9 gives no interval for railways; the drone zones' 60000 is taken. Default 60000.
   */
  refreshIntervalMs: z.number().int().min(5000).default(60_000),
});
export type RailwayIdentifyConfig = z.infer<typeof railwayIdentifyConfigSchema>;
