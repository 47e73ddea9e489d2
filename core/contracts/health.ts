import { z } from 'zod';

/** GET /mapviewer/api/health */
export const healthResponseSchema = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
