import type { FastifyInstance } from 'fastify';
import { analysisLineOfSightEndpoint, analysisProfileEndpoint, analysisViewshedEndpoint } from '../../core/contracts/analysis';
import { BUILDING_SOURCE_ATTRIBUTION } from '../../core/contracts/buildings';
import { createAnalysisEngine, type AnalysisEngine } from '../analysis/engine';
import { NoSurfaceError } from '../analysis/sightLine';
import { NoObserverSurfaceError } from '../analysis/viewshed';
import type { BuildingStore } from '../buildings/store';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { getDemSampler } from '../terrain/dem';

/**
 * GET /mapviewer/api/analysis/{profile,line-of-sight,viewshed}: the spatial analysis engine (server/analysis/) over
 * the DEM and the building store. Without the DTM the server still starts and the three calls answer 503, like the
 * terrain routes; a point outside the DTM is a 404 naming the parameter.
 */
export async function analysisRoutes(app: FastifyInstance, options: { dataDir: string; buildings: BuildingStore }): Promise<void> {
  let engine: AnalysisEngine | null = null;
  try {
    const dem = getDemSampler(options.dataDir);
    const attribution = `${dem.attribution}; buildings: ${BUILDING_SOURCE_ATTRIBUTION['landsd-footprint'].attribution}, ${BUILDING_SOURCE_ATTRIBUTION.osm.attribution}`;
    engine = createAnalysisEngine(dem, options.buildings, attribution);
  } catch (error) {
    app.log.error({ err: error }, 'Spatial analysis not available (no DTM); the analysis calls answer 503');
  }
  const ready = (): AnalysisEngine => {
    if (!engine) throw new HttpError(503, 'Terrain data is temporarily not available. Please try again later.');
    return engine;
  };
  const outsideDtm = (error: unknown): never => {
    if (error instanceof NoSurfaceError || error instanceof NoObserverSurfaceError) throw new HttpError(404, error.message);
    throw error;
  };
  registerEndpoint(app, analysisProfileEndpoint, ({ query }) => ready().profile(query.line, query.spacing));
  registerEndpoint(app, analysisLineOfSightEndpoint, ({ query }) =>
    ready()
      .lineOfSight({ from: query.from, fromHeight: query.fromHeight, to: query.to, toHeight: query.toHeight })
      .catch(outsideDtm),
  );
  registerEndpoint(app, analysisViewshedEndpoint, ({ query }) =>
    ready()
      .viewshed(query.observer, {
        observerHeight: query.observerHeight,
        heading: query.heading,
        horizontalAngle: query.horizontalAngle,
        verticalAngle: query.verticalAngle,
        distance: query.distance,
      })
      .catch(outsideDtm),
  );
}
