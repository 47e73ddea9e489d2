import type { FastifyInstance } from 'fastify';
import { buildingIdentifyEndpoint, type BuildingIdentifyResponse } from '../../core/contracts';
import { loadDistrictIndex } from '../data/districts';
import { loadBuildingIndex } from '../geo/buildings';
import { registerEndpoint } from '../http/endpoint';

/** GET /mapviewer/api/identify/buildings?lon=&lat=: the OSM footprint(s) at a point, or an empty list. */
export async function identifyRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const buildings = loadBuildingIndex(options.dataDir, loadDistrictIndex(options.dataDir));
  registerEndpoint(app, buildingIdentifyEndpoint, ({ query }) => {
    const answer: BuildingIdentifyResponse = { results: buildings.identify(query.lon, query.lat), attribution: '© OpenStreetMap contributors' };
    return answer;
  });
}
