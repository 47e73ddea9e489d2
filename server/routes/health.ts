import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '../../core/contracts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/mapviewer/api/health', async (): Promise<HealthResponse> => ({ ok: true }));
}
