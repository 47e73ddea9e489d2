/**
 * The WMTS service (core/contracts/wmts.ts): capabilities by KVP and at both RESTful paths, and KVP GetTile,
 * which answers the very tiles of the RESTful URLs: it asks the same renderers the tile routes use, which the
 * lot and terrain routes put in the shared `WmtsTileSources` (server/geo/wmts.ts) when they start.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LOT_LAYER_NAME,
  RELIEF_LAYER_NAME,
  wmtsKvpEndpoint,
  wmtsRestCapabilitiesEndpoint,
  wmtsStandardCapabilitiesEndpoint,
  type LotTileMatrixSet,
  type ReliefStyle,
  type WmtsTileRequest,
} from '../../core/contracts';
import { wmtsCapabilitiesXml, type WmtsTileSources } from '../geo/wmts';
import { registerEndpoint } from '../http/endpoint';
import { answerWithExceptionReport, sendExceptionReport } from '../http/ows';

/** The lot and relief tile routes send tiles cached for a day; the capabilities change only with a deployment. */
const TILE_CACHE_CONTROL = 'public, max-age=86400';
const CAPABILITIES_CACHE_CONTROL = 'public, max-age=3600';

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export async function wmtsRoutes(app: FastifyInstance, options: { sources: WmtsTileSources }): Promise<void> {
  const { sources } = options;

  const capabilities = (request: FastifyRequest) =>
    wmtsCapabilitiesXml({
      origin: originOf(request),
      coverage: {
        ...(sources.lots ? { [LOT_LAYER_NAME]: sources.lots.coverage } : {}),
        ...(sources.relief ? { [RELIEF_LAYER_NAME]: sources.relief.coverage } : {}),
      },
    });

  /** The tile, or null when the layer's data is missing on this server. */
  async function tile(request: WmtsTileRequest): Promise<Buffer | null> {
    if (request.layer === LOT_LAYER_NAME) {
      return sources.lots ? sources.lots.tile(request.tileMatrixSet as LotTileMatrixSet, request.level, request.row, request.column) : null;
    }
    return sources.relief ? sources.relief.tile(request.level, request.column, request.row, request.style as ReliefStyle) : null;
  }

  const capabilitiesReply = (request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', CAPABILITIES_CACHE_CONTROL).type('application/xml; charset=utf-8').send(capabilities(request));

  registerEndpoint(
    app,
    wmtsKvpEndpoint,
    async ({ query }, request, reply) => {
      if (query.request === 'GetCapabilities') return capabilitiesReply(request, reply);
      const png = await tile(query);
      if (!png) {
        return sendExceptionReport(reply, { code: 'NoApplicableCode', locator: 'LAYER', text: `${query.layer} is temporarily not available.`, status: 503 });
      }
      return reply.header('cache-control', TILE_CACHE_CONTROL).type('image/png').send(png);
    },
    { onInvalidQuery: answerWithExceptionReport },
  );

  for (const endpoint of [wmtsRestCapabilitiesEndpoint, wmtsStandardCapabilitiesEndpoint]) {
    registerEndpoint(app, endpoint, (_input, request, reply) => capabilitiesReply(request, reply), { onInvalidQuery: answerWithExceptionReport });
  }
}
