import type { FastifyInstance } from 'fastify';
import { indoorVenueDownloadEndpoint, indoorVenueListEndpoint, type IndoorVenueSummary } from '../../core/contracts';
import { HttpError } from '../http/errors';
import { registerEndpoint } from '../http/endpoint';
import { venueFeatureCollection } from '../indoor-download/geojson';
import { venueShapefileZip } from '../indoor-download/shapefilePackage';
import { indoorVenuesOf } from '../indoor-download/venues';

/** SPEC §8: the message of an unknown venue. */
export const VENUE_NOT_FOUND_MESSAGE = '3D indoor map is not found';

/** Venues and their files change only with data/ (and a restart). */
const INDOOR_DOWNLOAD_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The indoor download page's calls: GET /mapviewer/api/indoor/venues (search) and
 * GET /mapviewer/api/indoor/download/{GEOJSON|SHP}/{venueId}. Venues are loaded at start-up; each venue's files
 * are built on first request and kept (about 900 venues of tens to hundreds of kilobytes each).
 */
export async function indoorDownloadRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const catalogue = indoorVenuesOf(options.dataDir);
  const files = new Map<string, Buffer>();

  registerEndpoint(app, indoorVenueListEndpoint, ({ query }) => {
    const venues: IndoorVenueSummary[] = catalogue.search(query).map((venue) => venue.summary);
    return { total: venues.length, venues };
  });

  registerEndpoint(app, indoorVenueDownloadEndpoint, ({ params }, _request, reply) => {
    const venue = catalogue.venue(params.venueId);
    if (!venue) throw new HttpError(404, VENUE_NOT_FOUND_MESSAGE, 'venueId');
    const key = `${params.format}/${venue.summary.id}`;
    let body = files.get(key);
    if (!body) {
      body = params.format === 'GEOJSON' ? Buffer.from(JSON.stringify(venueFeatureCollection(venue)), 'utf8') : venueShapefileZip(venue);
      files.set(key, body);
    }
    const [extension, contentType] = params.format === 'GEOJSON' ? ['geojson', 'application/geo+json; charset=utf-8'] : ['zip', 'application/zip'];
    return reply
      .header('cache-control', INDOOR_DOWNLOAD_CACHE_CONTROL)
      .header('content-disposition', `attachment; filename="${venue.summary.id}.${extension}"`)
      .type(contentType)
      .send(body);
  });
}
