import type { FastifyInstance } from 'fastify';
import { dtmEndpoint, type DtmResponse } from '../../core/contracts';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { getDemSampler, type DemSampler } from '../terrain/dem';

/**
 * POST /mapviewer/api/getZ/dtm: heights from the same DEM sampler as the terrain tiles (server/terrain/dem.ts),
 * so the derived ground height of a drone zone matches the terrain the viewer draws. Without the DEM files the
 * server still starts and this call answers 503, like the terrain routes.
 */
export async function dtmRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  let dem: DemSampler | null = null;
  try {
    dem = getDemSampler(options.dataDir);
  } catch (error) {
    app.log.error({ err: error }, 'DEM not available; getZ answers 503');
  }
  registerEndpoint(app, dtmEndpoint, ({ body }) => {
    if (!dem) throw new HttpError(503, 'Terrain heights are temporarily not available.');
    const answer: DtmResponse = {
      success: true,
      data: dem.heightsAt(body).map((height) => (height === null ? null : Math.round(height * 100) / 100)),
    };
    return answer;
  });
}
