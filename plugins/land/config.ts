import { z } from 'zod';

/**
 * The variant's land flags as this plugin's config (SPEC §1): each part is registered only where its flag is on.
 * The census layer (flag `census`) is a manifest that needs no code here.
 */
export const landConfigSchema = z.strictObject({
  /** The land parcel search drawer (flag `landParcelSearch`: full and dev variants). Default true. */
  parcelSearch: z.boolean().default(true),
  /** The land sale lots layer's popup (flag `lotGla`: the lot and GLA mode layers). Default true. */
  saleLots: z.boolean().default(true),
  /** The zoning plan layer's zone colours (flag `zoningPlans`: second, full and the dev variants). Default true. */
  zoningPlans: z.boolean().default(true),
});
export type LandConfig = z.infer<typeof landConfigSchema>;
