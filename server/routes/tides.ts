import type { FastifyInstance } from 'fastify';
import { HKO_TIDE_PREDICTION_STATIONS, tideDayEndpoint, tideStationsEndpoint, type TideStationCode } from '../../core/contracts/tides';
import { buildTideDay, loadTideData, offlineCurveKind, shippedTables, tideStationsCollection, type TideTables } from '../data/tides';
import { createHkoTideClient } from '../data/tidesHko';
import { DEFAULT_SOURCE_TIMEOUT_MS, sourcesModeFromEnvironment, type SourcesOptions } from '../sources/config';
import { errorMessage } from '../sources/http';
import { registerEndpoint } from '../http/endpoint';

/** Predictions for a past or future day never change; the station list only with a deployment. */
const DAY_CACHE_CONTROL = 'public, max-age=3600';
/** An answer given while HKO was unreachable is not kept, so the next request asks HKO again. */
const UNAVAILABLE_CACHE_CONTROL = 'no-store';

/**
 * GET /mapviewer/api/tides/stations and /mapviewer/api/tides/{station}?date= (core/contracts/tides.ts). Offline:
 * HKO's shipped Tai Po Kau tables and the harmonic fit to them (server/data/tides.ts). With live sources
 * (SOURCES=live, server/sources/config.ts): HKO's astronomical tide open data for the 14 stations it publishes
 * (server/data/tidesHko.ts); when HKO fails, the day says `liveUnavailable` and carries the offline answer.
 */
export async function tideRoutes(app: FastifyInstance, options: { dataDir: string; sources?: SourcesOptions }): Promise<void> {
  const data = loadTideData(options.dataDir);
  const live = (options.sources?.mode ?? sourcesModeFromEnvironment()) === 'live';
  const hko = live
    ? createHkoTideClient({
        fetch: options.sources?.fetch ?? ((url, init) => fetch(url, init)),
        timeoutMs: options.sources?.timeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS,
        now: options.sources?.now ?? Date.now,
      })
    : null;
  const servedLive = (code: TideStationCode) => hko !== null && HKO_TIDE_PREDICTION_STATIONS.includes(code);
  const stations = JSON.stringify(tideStationsCollection(data, (code) => (servedLive(code) ? 'hko-live' : offlineCurveKind(code))));

  registerEndpoint(app, tideStationsEndpoint, (_input, _request, reply) =>
    reply.header('cache-control', DAY_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(stations),
  );

  registerEndpoint(app, tideDayEndpoint, async ({ params, query }, request, reply) => {
    const code = params.station;
    let tables: TideTables | null = shippedTables(data, code);
    let liveUnavailable = false;
    if (hko && servedLive(code)) {
      try {
        tables = await hko.tables(code, Number(query.date.slice(0, 4)));
      } catch (error) {
        request.log.warn(`tide gauge: HKO predictions for ${code} unavailable: ${errorMessage(error)}`);
        liveUnavailable = true;
      }
    }
    const day = buildTideDay(data, code, query.date, tables, liveUnavailable);
    return reply.header('cache-control', liveUnavailable ? UNAVAILABLE_CACHE_CONTROL : DAY_CACHE_CONTROL).send(day);
  });
}
