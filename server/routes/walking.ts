import type { FastifyInstance } from 'fastify';
import { walkingRouteEndpoint } from '../../core/contracts/walking';
import { loadDistrictIndex, type DistrictIndex } from '../data/districts';
import { registerEndpoint } from '../http/endpoint';
import { loadWalkingNetwork, pedestrianNetworkFile, walkingRoute, type WalkingNetwork } from '../routing/walking';

/**
 * GET /mapviewer/api/routing/walk?from=LON,LAT&to=LON,LAT&lang=: the shortest walk over the walking network
 * (server/routing/walking.ts). The graph is built on the first request, not at start-up, like the driving graph
 * (server/routes/driving.ts): building it takes about 0.7 s, which every server start and every test server
 * would otherwise pay. A dropped-in 3D pedestrian network that cannot be read makes that first request fail
 * with a 500 whose log names the file; a `PEDESTRIAN_NETWORK_FILE` naming a missing file is checked at start-up.
 */
export async function walkingRoutes(app: FastifyInstance, options: { dataDir: string; env?: Record<string, string | undefined> }): Promise<void> {
  const env = options.env ?? process.env;
  // A variable that names a missing file is a configuration error: say so at start-up, not on the first walk.
  pedestrianNetworkFile(options.dataDir, env);
  let network: WalkingNetwork | null = null;
  let districts: DistrictIndex | null = null;
  registerEndpoint(app, walkingRouteEndpoint, ({ query }) => {
    network ??= loadWalkingNetwork(options.dataDir, { env });
    districts ??= loadDistrictIndex(options.dataDir);
    return walkingRoute(network, districts, query.from, query.to, query.lang ?? 'en-US');
  });
}
