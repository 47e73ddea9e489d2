import type { FastifyInstance } from 'fastify';
import { windSeriesEndpoint } from '../../core/contracts/windSeries';
import { registerEndpoint } from '../http/endpoint';
import { loadWindSeries } from '../data/windSeries';

/** A recorded series never changes: browsers may keep it a day. */
const CACHE_SECONDS = 86_400;

/** GET /mapviewer/api/weather/wind-series: the recorded wind series of Typhoon Tapah's night (server/data/windSeries.ts). */
export async function windSeriesRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  registerEndpoint(app, windSeriesEndpoint, (_input, _request, reply) =>
    reply
      .header('cache-control', `public, max-age=${CACHE_SECONDS}`)
      .type('application/geo+json; charset=utf-8')
      .send(loadWindSeries(options.dataDir)),
  );
}
