import { z } from 'zod';

/** Options of the navigation plugin; every button is on by default. */
export const navigationConfigSchema = z.strictObject({
  /** Home extent button (variant flag goHome). Default true. */
  home: z.boolean().default(true),
  /** North, top view and 45° view buttons. Default true. */
  orientation: z.boolean().default(true),
  /** Zoom in / out buttons (variant flag zoom). Default true. */
  zoom: z.boolean().default(true),
  /** Field-of-view toggle, default ↔ 1.5x (variant flag fieldOfView). Default true. */
  fieldOfView: z.boolean().default(true),
  /** Pitch of the tilted view, degrees below the horizon. Default 45. */
  tiltDegrees: z.number().min(10).max(89).default(45),
});
export type NavigationConfig = z.infer<typeof navigationConfigSchema>;
