import type { FastifyInstance } from 'fastify';
import { aeDrivingEndpoint } from '../../core/contracts/driving';
import { registerEndpoint } from '../http/endpoint';
import { aeDrivingAnswer, createAeRouter, type AeRouter, type GroundHeight } from '../routing/emergency';
import { loadRoadNetwork } from '../routing/roads';
import { getDemSampler } from '../terrain/dem';

/**
 * GET /mapviewer/api/routing/ae?lon=&lat=&hospital=: driving distance and time from a place to each A&E hospital
 * (server/routing/emergency.ts). The road graph is built on the first request, not at start-up: building it takes
 * 0.3–0.9 s (server/routing/CONTEXT.md), which every server start (and every test that builds a server) would
 * otherwise pay although most never route. The first route answer waits for the build; later ones take
 * milliseconds. A road data file that cannot be read is a 500 naming the file, on that request, not a failed start.
 */
export async function drivingRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  let router: AeRouter | null = null;
  const routerNow = () => {
    if (router) return router;
    let groundHeight: GroundHeight | null = null;
    try {
      const dem = getDemSampler(options.dataDir);
      groundHeight = (lon, lat) => dem.heightAt(lon, lat);
    } catch (error) {
      // Without the DEM the water check cannot run; an origin far from roads is then 'no-road-near-origin'.
      app.log.error({ err: error }, 'DEM not available; A&E routes cannot tell water from land');
    }
    router = createAeRouter(options.dataDir, loadRoadNetwork(options.dataDir), groundHeight);
    return router;
  };
  registerEndpoint(app, aeDrivingEndpoint, ({ query }) => aeDrivingAnswer(routerNow(), [query.lon, query.lat], query.hospital));
}
