import { z } from 'zod';
import { timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

/** GET /mapviewer/api/health */
export const healthResponseSchema = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthEndpoint = defineEndpoint({
  id: 'getHealth',
  method: 'GET',
  path: '/mapviewer/api/health',
  tag: 'Service',
  summary: 'Liveness: the service is up and its database is open',
  description: 'For load balancers and monitors: 200 while the process runs. It does not check the live data sources.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/json', description: 'Always { ok: true } while the service runs', schema: healthResponseSchema },
});
