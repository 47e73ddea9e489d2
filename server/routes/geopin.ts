import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  droneWindow,
  droneWindowCqlFilter,
  exceptionReportVersion,
  matchesCqlTimeFilter,
  ogcExceptionOfIssue,
  parseCqlTimeFilter,
  urnOfCrs,
  uavZoneWfsEndpoint,
  type OgcException,
  type UavZoneFeature,
  type UavZoneFeatureCollection,
  type WfsRequest,
} from '../../core/contracts';
import { loadUavZones } from '../geo/uav-zones';
import {
  describeFeatureTypeUrl,
  gmlContentType,
  projectRings,
  serviceUrl,
  wgs84Envelope,
  WFS_EXCEPTION_STATUS,
  WFS_XML_CONTENT_TYPE,
  writeCapabilities,
  writeExceptionReport,
  writeFeatureCollection,
  writeFeatureTypeSchema,
  zoneMeetsBox,
} from '../geo/uav-zones-wfs';
import { registerEndpoint } from '../http/endpoint';

export interface GeopinRoutesOptions {
  dataDir: string;
  /** The clock the zone schedule is generated for (tests pin it); default Date.now. */
  now?: () => number;
}

type GetFeature = Extract<WfsRequest, { request: 'GetFeature' }>;

/** The layer refreshes every minute (SPEC §9); a shorter cache keeps the temporary zones' rollover prompt. */
const FEATURE_CACHE = 'public, max-age=30';
/** Capabilities and the schema change only with a deployment (the bounding box is the sites', not the week's). */
const DOCUMENT_CACHE = 'public, max-age=3600';

/**
 * GET /mapviewer/geopin/pin/wfs: the sample drone zones as a WFS (server/geo/uav-zones-wfs.ts writes the XML).
 * The contract has already read the request (core/contracts/wfs.ts); a request it turns away is answered with
 * the OGC exception report of the version asked for, never the JSON error body.
 */
export async function geopinRoutes(app: FastifyInstance, options: GeopinRoutesOptions): Promise<void> {
  const zones = loadUavZones(options.dataDir);
  const now = options.now ?? Date.now;

  function sendException(reply: FastifyReply, exception: OgcException) {
    return reply.status(WFS_EXCEPTION_STATUS).header('cache-control', 'no-store').type(WFS_XML_CONTENT_TYPE).send(writeExceptionReport(exception));
  }

  /** The zones a GetFeature selects, in feed order: its CQL filter over the feed, else the drone window; then BBOX. */
  function select(query: GetFeature, nowMs: number): UavZoneFeature[] {
    let filter = query.cqlFilter;
    if (!filter) {
      const { fromMs, toMs } = droneWindow(nowMs);
      const windowFilter = parseCqlTimeFilter(droneWindowCqlFilter(fromMs, toMs));
      if (!windowFilter.ok) throw new Error(`the drone window filter does not parse: ${windowFilter.message}`);
      filter = windowFilter.filter;
    }
    const timeFilter = filter;
    return zones.zonesAt(nowMs).filter((zone) => matchesCqlTimeFilter(timeFilter, zone.properties) && (!query.bbox || zoneMeetsBox(zone, query.bbox)));
  }

  function getFeature(query: GetFeature, request: FastifyRequest, reply: FastifyReply) {
    const nowMs = now();
    const matched = select(query, nowMs);
    const end = query.count === undefined ? undefined : query.startIndex + query.count;
    const page = query.resultType === 'hits' ? [] : matched.slice(query.startIndex, end);
    const timeStamp = new Date(nowMs).toISOString();
    reply.header('cache-control', FEATURE_CACHE);
    if (query.outputFormat === 'json') {
      // GeoJSON is x/y whatever the CRS name's axis order (as GeoServer's GeoJSON and GDAL read it).
      const features = query.crs.epsg === 4326 ? page : page.map((zone) => ({ ...zone, geometry: { type: 'Polygon' as const, coordinates: projectRings(zone, query.crs.epsg) } }));
      const body: UavZoneFeatureCollection = {
        type: 'FeatureCollection',
        features,
        totalFeatures: matched.length,
        numberMatched: matched.length,
        numberReturned: features.length,
        timeStamp,
        crs: { type: 'name', properties: { name: urnOfCrs(query.crs.epsg) } },
        sample: true,
      };
      return reply.type('application/json; charset=utf-8').send(body);
    }
    const base = serviceUrl(request.protocol, request.host, uavZoneWfsEndpoint.path);
    const xml = writeFeatureCollection({
      version: query.version,
      crs: query.crs,
      zones: page,
      numberMatched: matched.length,
      hits: query.resultType === 'hits',
      timeStamp,
      schemaUrl: describeFeatureTypeUrl(base, query.version),
    });
    return reply.type(gmlContentType(query.version)).send(xml);
  }

  registerEndpoint(
    app,
    uavZoneWfsEndpoint,
    ({ query }, request, reply) => {
      if (query.request === 'GetFeature') return getFeature(query, request, reply);
      reply.header('cache-control', DOCUMENT_CACHE);
      if (query.request === 'DescribeFeatureType') return reply.type(gmlContentType(query.version)).send(writeFeatureTypeSchema(query.version));
      const base = serviceUrl(request.protocol, request.host, uavZoneWfsEndpoint.path);
      return reply.type(WFS_XML_CONTENT_TYPE).send(writeCapabilities(query.version, base, wgs84Envelope(zones.zonesAt(now()))));
    },
    {
      onInvalidQuery: (issue, request, reply) => {
        const rawQuery = (request.query ?? {}) as Record<string, unknown>;
        // The schema's own exception, or (a declared parameter of the wrong type: given twice) an InvalidParameterValue.
        const locator = String(issue.path[0] ?? '');
        const exception = ogcExceptionOfIssue(issue) ?? {
          code: 'InvalidParameterValue',
          locator,
          text: Array.isArray(rawQuery[locator]) ? `${locator} is given more than once` : `${locator}: ${issue.message}`,
          version: exceptionReportVersion(rawQuery),
        };
        return sendException(reply, exception);
      },
    },
  );
}
