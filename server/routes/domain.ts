import type { FastifyInstance } from 'fastify';
import { careTeamMessagesEndpoint } from '../../core/contracts';
import { loadCareTeamMessages } from '../data/careTeamMessages';
import { registerEndpoint } from '../http/endpoint';

/**
 * GET /mapviewer/api/domain/gm: the care team message bundles, validated at start-up (a missing id or a broken
 * ICU message in any locale stops the server with a message naming it).
 */
export async function domainRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const body = JSON.stringify(loadCareTeamMessages(options.dataDir));
  registerEndpoint(app, careTeamMessagesEndpoint, (_input, _request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/json; charset=utf-8').send(body),
  );
}
