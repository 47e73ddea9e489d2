import type { FastifyInstance } from 'fastify';
import { indoorPlacesEndpoint, indoorRouteEndpoint } from '../../core/contracts';
import { generateIndoorModel, loadIndoorGeneratorParameters, type IndoorGeneratorParameters } from '../data/indoorGenerator';
import { loadMtrStations, type MtrStation } from '../data/mtrStations';
import { HttpError } from '../http/errors';
import { registerEndpoint } from '../http/endpoint';
import { createStationRouter, stationRoute, type StationRouter } from '../routing/stationNetwork';

/** The SPEC §8 message for a venue that has no indoor map. */
const VENUE_NOT_FOUND = '3D indoor map is not found';

/**
 * GET /mapviewer/api/indoor/places and GET /mapviewer/api/routing/indoor: the places of a station and routes
 * between them (server/routing/stationNetwork.ts). A station's model and graphs are built on its first request
 * (a few milliseconds; one station's sample plan does not depend on the others), not at start-up, so servers
 * that never route pay nothing.
 */
export async function indoorRoutingRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  let source: { stations: Map<string, MtrStation>; parameters: IndoorGeneratorParameters } | null = null;
  const routers = new Map<string, StationRouter>();
  const routerFor = (venueId: string): StationRouter => {
    const cached = routers.get(venueId);
    if (cached) return cached;
    source ??= {
      stations: new Map(loadMtrStations(options.dataDir).map((station) => [`MTR-${station.code}`, station])),
      parameters: loadIndoorGeneratorParameters(options.dataDir),
    };
    const station = source.stations.get(venueId);
    if (!station) throw new HttpError(404, VENUE_NOT_FOUND);
    const router = createStationRouter(generateIndoorModel([station], source.parameters).stations[0]);
    routers.set(venueId, router);
    return router;
  };

  registerEndpoint(app, indoorPlacesEndpoint, ({ query }) => {
    const router = routerFor(query.venue);
    return { venueId: router.model.venueId, sample: true as const, places: router.places };
  });
  registerEndpoint(app, indoorRouteEndpoint, ({ query }) =>
    stationRoute(routerFor(query.venue), query.from, query.to, { stepFree: query.stepFree === 'true', lang: query.lang ?? 'en-US' }),
  );
}
