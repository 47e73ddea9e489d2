import type { FastifyInstance } from 'fastify';
import { matchesCqlTimeFilter, uavZoneWfsEndpoint, type UavZoneFeatureCollection } from '../../core/contracts';
import { loadUavZones } from '../geo/uav-zones';
import { registerEndpoint } from '../http/endpoint';

export interface GeopinRoutesOptions {
  dataDir: string;
  /** The clock the zone schedule is generated for (tests pin it); default Date.now. */
  now?: () => number;
}

/**
 * GET /mapviewer/geopin/pin/wfs: the sample drone zones as a WFS GetFeature GeoJSON answer. The contract has
 * already parsed CQL_FILTER into a tree; here it is only evaluated against each zone's times.
 */
export async function geopinRoutes(app: FastifyInstance, options: GeopinRoutesOptions): Promise<void> {
  const zones = loadUavZones(options.dataDir);
  const now = options.now ?? Date.now;
  registerEndpoint(app, uavZoneWfsEndpoint, ({ query }, _request, reply) => {
    const nowMs = now();
    const filter = query.CQL_FILTER;
    const features = zones.zonesAt(nowMs).filter((zone) => !filter || matchesCqlTimeFilter(filter, zone.properties));
    const body: UavZoneFeatureCollection = {
      type: 'FeatureCollection',
      features,
      totalFeatures: features.length,
      numberMatched: features.length,
      numberReturned: features.length,
      timeStamp: new Date(nowMs).toISOString(),
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } },
      sample: true,
    };
    // The layer refreshes every minute (SPEC §9); a shorter cache keeps the temporary zones' rollover prompt.
    return reply.header('cache-control', 'public, max-age=30').type('application/json; charset=utf-8').send(body);
  });
}
