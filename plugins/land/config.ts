import { z } from 'zod';

/**
 * The variant's land flags as this plugin's config (SPEC §1): each part is registered only where its flag is on.
 * Zoning plans (flag `zoningPlans`) and census (flag `census`) are manifest layers that need no code here.
 */
export const landConfigSchema = z.strictObject({
  /** The land parcel search drawer (flag `landParcelSearch`: full and dev variants). Default true. */
  parcelSearch: z.boolean().default(true),
  /** The land sale lots layer's popup (flag `lotGla`: the lot and GLA mode layers). Default true. */
  saleLots: z.boolean().default(true),
});
export type LandConfig = z.infer<typeof landConfigSchema>;
