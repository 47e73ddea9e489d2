import type { FastifyInstance } from 'fastify';
import { realtimeQuerySchema, type RealtimeFeatureCollection } from '../../core/contracts';
import { parseInput } from '../http/errors';
import { loadTemperatureFeed } from '../data/temperature';

/** GET /mapviewer/api/realtime/temperature: the HKO snapshot in data/, loaded once at start-up. */
export async function realtimeRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const temperature: RealtimeFeatureCollection = loadTemperatureFeed(options.dataDir);
  const body = JSON.stringify(temperature);
  app.get('/mapviewer/api/realtime/temperature', async (request, reply) => {
    parseInput(realtimeQuerySchema, request.query, 'query');
    return reply
      .header('cache-control', `public, max-age=${Math.min(60, temperature.intervalClient ?? 60)}`)
      .type('application/geo+json; charset=utf-8')
      .send(body);
  });
}
