import type { FastifyInstance } from 'fastify';
import { buildingIdentifyEndpoint, IDENTIFY_TOLERANCE_METRES, type BuildingIdentifyResponse } from '../../core/contracts';
import { catalogueRecordSchema } from '../../core/contracts/catalogue';
import { buildingInfo, loadMonuments, type FeatureInfoContext } from '../buildings/featureInfo';
import type { BuildingStore } from '../buildings/store';
import { loadDistrictIndex } from '../data/districts';
import { readDataJson } from '../data/files';
import { registerEndpoint } from '../http/endpoint';

/** The catalogue record whose revision date the identify answer gives for a building's 1:1000 map sheet. */
export const MAP_SHEET_CATALOGUE_RECORD = '3d-visualisation-map-non-textured.json';

/** GET /mapviewer/api/identify/buildings?lon=&lat=: the building store's record(s) at a point, or an empty list. */
export async function identifyRoutes(app: FastifyInstance, options: { dataDir: string; catalogueDir: string; buildings: BuildingStore }): Promise<void> {
  const context: FeatureInfoContext = {
    districts: loadDistrictIndex(options.dataDir),
    monuments: loadMonuments(options.dataDir),
    mapSheetRevisionDate: mapSheetRevisionDate(app, options.catalogueDir),
  };
  registerEndpoint(app, buildingIdentifyEndpoint, async ({ query }) => {
    const hits = await options.buildings.at(query.lon, query.lat, IDENTIFY_TOLERANCE_METRES);
    const answer: BuildingIdentifyResponse = { results: hits.map((hit) => buildingInfo(hit, [query.lon, query.lat], context)) };
    return answer;
  });
}

/**
 * The revision date of the 1:1000 sheets, from the 3D visualisation map's catalogue record. A catalogue without
 * that record (or with a broken one, which the catalogue seeding reports itself) leaves the date out of the
 * answers instead of stopping the server.
 */
function mapSheetRevisionDate(app: FastifyInstance, catalogueDir: string): string | null {
  try {
    return catalogueRecordSchema.parse(readDataJson<unknown>(catalogueDir, MAP_SHEET_CATALOGUE_RECORD)).dates.revision;
  } catch (error) {
    app.log.warn(`identify: map sheets answered without a revision date: ${(error as Error).message}`);
    return null;
  }
}
