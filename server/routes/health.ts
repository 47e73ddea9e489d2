import type { FastifyInstance } from 'fastify';
import { healthEndpoint, type HealthResponse } from '../../core/contracts';
import { registerEndpoint } from '../http/endpoint';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, healthEndpoint, (): HealthResponse => ({ ok: true }));
}
