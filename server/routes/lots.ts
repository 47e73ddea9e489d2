import type { FastifyInstance } from 'fastify';
import { pointInPolygon } from '../data/geometry';
import { landLotSearchEndpoint, landLotsEndpoint, lotTileEndpoint, matchLotNumbers, type LandLotCollection, type LandLotSearchResponse } from '../../core/contracts';
import { loadDistrictIndex } from '../data/districts';
import { createLotTileRenderer } from '../geo/lot-tiles';
import { generateLandLots, type LandLot } from '../geo/lots';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { getDemSampler } from '../terrain/dem';
import type { WmtsTileSources } from '../geo/wmts';

/**
 * The sample land lots: boundary tiles at the GeoWebCache WMTS path of SPEC §7, and their attributes at
 * GET /mapviewer/api/lots, the land parcel search over their lot numbers at GET /mapviewer/api/lots/search. The lots are generated on land from the DEM; without the DEM the server still starts
 * and both calls answer 503. The tile renderer and the lots' extent are also handed to the WMTS service
 * (`wmtsTiles`), whose capabilities list the layer and whose KVP GetTile answers the same tiles.
 */
export async function lotRoutes(app: FastifyInstance, options: { dataDir: string; wmtsTiles?: WmtsTileSources }): Promise<void> {
  let lots: LandLot[] | null = null;
  try {
    lots = generateLandLots(options.dataDir, getDemSampler(options.dataDir), loadDistrictIndex(options.dataDir));
  } catch (error) {
    app.log.error({ err: error }, 'Sample lots not available; lot tiles and attributes answer 503');
  }
  const renderer = lots ? createLotTileRenderer(lots) : null;
  if (lots && renderer && options.wmtsTiles) {
    const boxes = lots.map((lot) => lot.bbox);
    options.wmtsTiles.lots = {
      coverage: [
        Math.min(...boxes.map((box) => box[0])),
        Math.min(...boxes.map((box) => box[1])),
        Math.max(...boxes.map((box) => box[2])),
        Math.max(...boxes.map((box) => box[3])),
      ],
      tile: (set, level, row, column) => renderer.tile(set, level, row, column),
    };
  }
  const unavailable = () => new HttpError(503, 'Lot boundaries are temporarily not available.');

  registerEndpoint(app, lotTileEndpoint, ({ params }, _request, reply) => {
    if (!renderer) throw unavailable();
    const png = renderer.tile(params.TileMatrixSet, params.TileMatrix, params.TileRow, params.TileCol);
    return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(png);
  });

  registerEndpoint(app, landLotsEndpoint, ({ query }, _request, reply) => {
    if (!lots) throw unavailable();
    const { lon, lat } = query;
    const selected = lon === undefined || lat === undefined ? lots : lots.filter((lot) => pointInPolygon([lon, lat], [lot.ring]));
    const body: LandLotCollection = { type: 'FeatureCollection', features: selected.map((lot) => lot.feature), sample: true };
    return reply.type('application/geo+json; charset=utf-8').send(body);
  });

  registerEndpoint(app, landLotSearchEndpoint, ({ query }, _request, reply) => {
    if (!lots) throw unavailable();
    const matches = matchLotNumbers(lots, (lot) => lot.feature.properties.lotNumber, query.q);
    const body: LandLotSearchResponse = {
      type: 'FeatureCollection',
      features: matches.slice(0, query.limit).map((lot) => lot.feature),
      matched: matches.length,
      sample: true,
    };
    return reply.type('application/geo+json; charset=utf-8').send(body);
  });
}
