import { z } from 'zod';

/** The variant's flags `fullScreen` and `compass` (SPEC §1: off in the second variant), as this plugin's config. */
export const mapControlsConfigSchema = z.strictObject({
  /** The full-screen button (flag fullScreen). Default true. */
  fullScreen: z.boolean().default(true),
  /** The compass (flag compass). Default true. */
  compass: z.boolean().default(true),
});
export type MapControlsConfig = z.infer<typeof mapControlsConfigSchema>;
