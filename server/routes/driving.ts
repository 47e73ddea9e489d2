import type { FastifyInstance } from 'fastify';
import { aeDrivingEndpoint, emergencyFacilitiesEndpoint, type EmergencyFacilities } from '../../core/contracts/driving';
import { readDataJson } from '../data/files';
import { convertCharacters, type CharacterMap } from '../data/searchText';
import { registerEndpoint } from '../http/endpoint';
import { aeDrivingAnswer, createAeRouter, type AeRouter, type GroundHeight } from '../routing/emergency';
import { loadRoadNetwork } from '../routing/roads';
import { getDemSampler } from '../terrain/dem';

export const EMERGENCY_FACILITY_FILES = {
  /** The FSD AED registry's records at ambulance depots (36 points): name_tc, address_tc, aed_location_tc. */
  depots: 'health/fsd_ambulance_depots.geojson',
  /** The project's Traditional → Simplified character table. */
  script: 'names/chinese_script_characters.json',
} as const;

interface DepotFile {
  features: Array<{ geometry: { type: string; coordinates: [number, number] } | null; properties: { name_tc?: string; address_tc?: string; aed_location_tc?: string } | null }>;
}

/** The AED and ambulance depot layers' points from the registry extract; throws naming the file and record when one is incomplete. */
export function loadEmergencyFacilities(dataDir: string): EmergencyFacilities {
  const table = readDataJson<{ toSimplified: CharacterMap }>(dataDir, EMERGENCY_FACILITY_FILES.script).toSimplified;
  const simplified = (text: string) => convertCharacters(text, table);
  const file = readDataJson<DepotFile>(dataDir, EMERGENCY_FACILITY_FILES.depots);
  return {
    type: 'FeatureCollection',
    features: file.features.map((feature, index) => {
      const { name_tc, address_tc, aed_location_tc } = feature.properties ?? {};
      if (feature.geometry?.type !== 'Point' || !name_tc || !address_tc || !aed_location_tc) {
        throw new Error(`${EMERGENCY_FACILITY_FILES.depots}: feature ${index} needs a Point and name_tc, address_tc, aed_location_tc`);
      }
      // Addresses mix full-width digits (3０號) into the text; NFKC gives plain digits.
      const address = address_tc.normalize('NFKC');
      const key = `fsd-depot-${index + 1}`;
      return {
        type: 'Feature' as const,
        id: key,
        geometry: { type: 'Point' as const, coordinates: feature.geometry.coordinates },
        properties: {
          key,
          name_TC: name_tc,
          name_SC: simplified(name_tc),
          address_TC: address,
          address_SC: simplified(address),
          aedLocation_TC: aed_location_tc,
          aedLocation_SC: simplified(aed_location_tc),
        },
      };
    }),
  };
}

/**
 * GET /mapviewer/api/routing/ae?lon=&lat=&hospital=: driving distance and time from a place to each A&E hospital
 * (server/routing/emergency.ts). The road graph is built on the first request, not at start-up: building it takes
 * 0.3–0.9 s (server/routing/CONTEXT.md), which every server start (and every test that builds a server) would
 * otherwise pay although most never route. The first route answer waits for the build; later ones take
 * milliseconds.
 *
 * GET /mapviewer/api/static/emergency-facilities: the AED and ambulance depot layers' points, built at start-up
 * (a bad data file stops the server with a message naming it, like the other static layers).
 */
export async function drivingRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  let router: AeRouter | null = null;
  const routerNow = () => {
    if (router) return router;
    let groundHeight: GroundHeight | null = null;
    try {
      const dem = getDemSampler(options.dataDir);
      groundHeight = (lon, lat) => dem.heightAt(lon, lat);
    } catch (error) {
      // Without the DEM the water check cannot run; an origin far from roads is then 'no-road-near-origin'.
      app.log.error({ err: error }, 'DEM not available; A&E routes cannot tell water from land');
    }
    router = createAeRouter(options.dataDir, loadRoadNetwork(options.dataDir), groundHeight);
    return router;
  };
  registerEndpoint(app, aeDrivingEndpoint, ({ query }) => aeDrivingAnswer(routerNow(), [query.lon, query.lat], query.hospital));

  const facilities = JSON.stringify(loadEmergencyFacilities(options.dataDir));
  registerEndpoint(app, emergencyFacilitiesEndpoint, (_input, _request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('application/geo+json; charset=utf-8').send(facilities),
  );
}
