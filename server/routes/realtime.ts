import type { FastifyInstance } from 'fastify';
import {
  aeEndpoint,
  aqhiEndpoint,
  beachEndpoint,
  humidityEndpoint,
  temperatureEndpoint,
  windEndpoint,
  type EndpointContract,
} from '../../core/contracts';
import { registerEndpoint } from '../http/endpoint';
import type { SourcesOptions } from '../sources/config';
import { createRealtimeFeeds } from '../sources/feeds';
import type { Feed } from '../sources/live-feed';

/** Longest time a browser or CDN may reuse a feed answer, seconds (shorter when the feed refreshes faster). */
const MAX_CACHE_SECONDS = 60;

/**
 * GET /mapviewer/api/realtime/{temperature,humidity,wind,aqhi,ae} and /mapviewer/api/static/beach: each answer is
 * the feed's current data with `source` saying whether it is live, a fallback or the offline snapshot (SOURCES).
 */
export async function realtimeRoutes(app: FastifyInstance, options: { dataDir: string; sources?: SourcesOptions }): Promise<void> {
  const feeds = createRealtimeFeeds(options.dataDir, options.sources);
  const serve = (endpoint: EndpointContract, feed: Feed<{ intervalClient?: number }>) =>
    registerEndpoint(app, endpoint, async (_input, _request, reply) => {
      const answer = await feed.current();
      return reply
        .header('cache-control', `public, max-age=${Math.min(MAX_CACHE_SECONDS, answer.data.intervalClient ?? MAX_CACHE_SECONDS)}`)
        .type('application/geo+json; charset=utf-8')
        .send(answer.body);
    });
  serve(temperatureEndpoint, feeds.temperature);
  serve(humidityEndpoint, feeds.humidity);
  serve(windEndpoint, feeds.wind);
  serve(aqhiEndpoint, feeds.aqhi);
  serve(aeEndpoint, feeds.ae);
  serve(beachEndpoint, feeds.beach);
}
