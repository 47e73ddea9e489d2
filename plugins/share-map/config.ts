import { z } from 'zod';

/**
 * The share-map plugin's options: the variant flags of SPEC §1 that shape it (the plugin itself is flag `shareMap`).
 * Without the two development flags it is the second variant's "functions only" share: the Share map button, the
 * link with its copy and QR code. A test keeps every variant's config equal to its flags.
 */
export const shareMapConfigSchema = z.strictObject({
  /** Flag `shareWithUrl`: the browser's address follows the map, so the address bar itself is a share link. Default false. */
  withUrl: z.boolean().default(false),
  /** Flag `fullShareOptions`: choose what the link carries, e-mail it, or hand it to the device's share sheet. Default false. */
  fullOptions: z.boolean().default(false),
  /** Flag `lookAt`: `?lookAt=` links are followed, and the panel offers one for the place at the map's centre. Default false. */
  lookAt: z.boolean().default(false),
});
export type ShareMapConfig = z.infer<typeof shareMapConfigSchema>;
