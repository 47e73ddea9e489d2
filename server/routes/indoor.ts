import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { indoorPolygonsEndpoint, indoorStationsEndpoint, indoorWallsEndpoint, type IndoorPolygonCollection, type IndoorWallCollection } from '../../core/contracts';
import { generateIndoorModel, loadIndoorGeneratorParameters } from '../data/indoorGenerator';
import { buildIndoorStationFeed, loadMtrStations } from '../data/mtrStations';
import { HttpError } from '../http/errors';
import { registerEndpoint } from '../http/endpoint';
import { buildingFeedFeatures } from '../indoor-download/buildingFeed';
import { indoorVenuesOf } from '../indoor-download/venues';
import { VENUE_NOT_FOUND_MESSAGE } from './indoorDownload';

/** The venues are real data; the floor plans are a generated sample. Both change only with data/. */
const INDOOR_CACHE_CONTROL = 'public, max-age=3600';

type Feature = IndoorPolygonCollection['features'][number] | IndoorWallCollection['features'][number];

const collection = (features: readonly Feature[]) => JSON.stringify({ type: 'FeatureCollection', sample: true, features });

/** A prepared feed body and, made on first use, its gzip (the overview floor feed is ~2.4 MB of JSON, ~240 KB gzipped). */
interface PreparedBody {
  json: string;
  gzipped?: Buffer;
}

const prepared = (json: string): PreparedBody => ({ json });

/** Sends a prepared body, gzipped when the client accepts it (the server has no general compression). */
function sendPrepared(request: FastifyRequest, reply: FastifyReply, body: PreparedBody) {
  reply.header('cache-control', INDOOR_CACHE_CONTROL).header('vary', 'accept-encoding').type('application/geo+json; charset=utf-8');
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(body.json);
  body.gzipped ??= gzipSync(body.json);
  return reply.header('content-encoding', 'gzip').send(body.gzipped);
}

/**
 * GET /mapviewer/api/static/indoormtrpt, indoor and indoorwall: built once at start-up from the MTR station data,
 * the seeded station generator and the building venues, and served as prepared JSON. Without `venue` the floor
 * and wall feeds hold every station's plan and each building's ground floor (its slab and outer wall: what the
 * indoor layer shows to pick a building); with `venue` one venue's whole plan, prepared on first request. Bodies
 * go out gzipped where the client accepts it.
 */
export async function indoorRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const stations = loadMtrStations(options.dataDir);
  const model = generateIndoorModel(stations, loadIndoorGeneratorParameters(options.dataDir));
  const catalogue = indoorVenuesOf(options.dataDir);
  const buildings = buildingFeedFeatures(catalogue.venues);
  const isOverview = (feature: Feature) => feature.properties.floorLevel === 0 && ('space' in feature.properties ? feature.properties.space === 'floor' : feature.properties.wallType === 'outer-wall');
  const feeds = {
    polygons: { all: [...model.polygons.features, ...buildings.polygons] as Feature[], overview: prepared(''), byVenue: new Map<string, PreparedBody>() },
    walls: { all: [...model.walls.features, ...buildings.walls] as Feature[], overview: prepared(''), byVenue: new Map<string, PreparedBody>() },
  };
  for (const feed of Object.values(feeds)) {
    feed.overview = prepared(collection(feed.all.filter((feature) => feature.properties.venueType === 'metro-station' || isOverview(feature))));
  }
  const stationBody = prepared(JSON.stringify(buildIndoorStationFeed(stations)));
  registerEndpoint(app, indoorStationsEndpoint, (_input, request, reply) => sendPrepared(request, reply, stationBody));
  for (const [endpoint, feed] of [
    [indoorPolygonsEndpoint, feeds.polygons],
    [indoorWallsEndpoint, feeds.walls],
  ] as const) {
    registerEndpoint(app, endpoint, ({ query }, request, reply) => {
      let body = feed.overview;
      if (query.venue !== undefined) {
        const venueId = query.venue;
        if (!catalogue.venue(venueId)) throw new HttpError(404, VENUE_NOT_FOUND_MESSAGE, 'venue');
        let venueBody = feed.byVenue.get(venueId);
        if (venueBody === undefined) {
          venueBody = prepared(collection(feed.all.filter((feature) => feature.properties.Venue_ID === venueId)));
          feed.byVenue.set(venueId, venueBody);
        }
        body = venueBody;
      }
      return sendPrepared(request, reply, body);
    });
  }
}
