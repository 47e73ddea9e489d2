import type { FastifyInstance } from 'fastify';
import { temperatureEndpoint, type RealtimeFeatureCollection } from '../../core/contracts';
import { registerEndpoint } from '../http/endpoint';
import { loadTemperatureFeed } from '../data/temperature';

/** GET /mapviewer/api/realtime/temperature: the HKO snapshot in data/, loaded once at start-up. */
export async function realtimeRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const temperature: RealtimeFeatureCollection = loadTemperatureFeed(options.dataDir);
  const body = JSON.stringify(temperature);
  registerEndpoint(app, temperatureEndpoint, (_input, _request, reply) => {
    return reply
      .header('cache-control', `public, max-age=${Math.min(60, temperature.intervalClient ?? 60)}`)
      .type('application/geo+json; charset=utf-8')
      .send(body);
  });
}
