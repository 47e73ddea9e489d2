import type { FastifyInstance } from 'fastify';
import {
  BUILDING_QUERY_DEFAULT_LIMIT,
  buildingCoverageEndpoint,
  buildingQueryEndpoint,
  type BuildingCoverageResponse,
  type BuildingQueryResponse,
  type BuildingRecord,
} from '../../core/contracts/buildings';
import type { Db } from '../db';
import { registerEndpoint } from '../http/endpoint';
import { buildingCoverage } from './coverage';
import type { BuildingStore } from './store';

/**
 * The building query of the analysis tools (SPEC §7: records with footprints and heights in a bbox) and the
 * covered areas of the building data (one outline per dataset, recomputed when the store's version changes).
 */
export async function buildingRoutes(app: FastifyInstance, options: { db: Db; buildings: BuildingStore }): Promise<void> {
  registerEndpoint(app, buildingQueryEndpoint, async ({ query }) => {
    const limit = query.limit ?? BUILDING_QUERY_DEFAULT_LIMIT;
    const records: BuildingRecord[] = [];
    let truncated = false;
    for await (const record of options.buildings.records(query.bbox)) {
      if (records.length === limit) {
        truncated = true;
        break;
      }
      records.push(record);
    }
    const answer: BuildingQueryResponse = { records, truncated };
    return answer;
  });

  let coverage: { version: string; answer: Promise<BuildingCoverageResponse> } | null = null;
  registerEndpoint(app, buildingCoverageEndpoint, async (_input, _request, reply) => {
    const version = await options.buildings.version();
    if (coverage?.version !== version) coverage = { version, answer: buildingCoverage(options.db) };
    return reply.type('application/geo+json; charset=utf-8').send(await coverage.answer);
  });
}
