import type { FastifyInstance } from 'fastify';
import { indoorPolygonsEndpoint, indoorStationsEndpoint, indoorWallsEndpoint } from '../../core/contracts';
import { generateIndoorModel, loadIndoorGeneratorParameters } from '../data/indoorGenerator';
import { buildIndoorStationFeed, loadMtrStations } from '../data/mtrStations';
import { registerEndpoint } from '../http/endpoint';

/** The station venues are real data; the floor plans are a generated sample. Both change only with data/. */
const INDOOR_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /mapviewer/api/static/indoormtrpt, indoor and indoorwall: built once at start-up from the MTR station data
 * and the seeded indoor generator, and served as prepared JSON.
 */
export async function indoorRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const stations = loadMtrStations(options.dataDir);
  const model = generateIndoorModel(stations, loadIndoorGeneratorParameters(options.dataDir));
  const bodies = {
    stations: JSON.stringify(buildIndoorStationFeed(stations)),
    polygons: JSON.stringify(model.polygons),
    walls: JSON.stringify(model.walls),
  };
  for (const [endpoint, body] of [
    [indoorStationsEndpoint, bodies.stations],
    [indoorPolygonsEndpoint, bodies.polygons],
    [indoorWallsEndpoint, bodies.walls],
  ] as const) {
    registerEndpoint(app, endpoint, (_input, _request, reply) =>
      reply.header('cache-control', INDOOR_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(body),
    );
  }
}
