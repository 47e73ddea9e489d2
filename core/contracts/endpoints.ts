import { analyticsBatchEndpoint, analyticsSummaryEndpoint } from './analytics';
import type { EndpointContract } from './endpoint';
import { healthEndpoint } from './health';
import { openApiEndpoint } from './openapi';
import { placeSearchEndpoint } from './places';
import { temperatureEndpoint } from './realtime';
import { humidityEndpoint, windEndpoint } from './realtime';
import { aqhiEndpoint, beachEndpoint } from './environment';
import { aeEndpoint } from './health-care';
import { uavZoneWfsEndpoint } from './geopin';
import { dtmEndpoint } from './dtm';
import { utmLookupEndpoint } from './utm';
import { buildingIdentifyEndpoint } from './identify';
import { landLotsEndpoint, lotTileEndpoint } from './lots';
import { reliefTileEndpoint, reliefTileJsonEndpoint, terrainLayerEndpoint, terrainTileEndpoint } from './terrain';

import { marineEndpoint, riverEndpoint, trafficCamerasEndpoint, trafficImageEndpoint } from './staticLayers';
import { indoorPolygonsEndpoint, indoorStationsEndpoint, indoorWallsEndpoint } from './indoor';
import { careTeamMessagesEndpoint } from './domain';
/**
 * Every call the data service answers, in the order the API explorer lists them. The server registers each
 * one (a test checks the two lists match) and the OpenAPI document is generated from this list.
 */
export const API_ENDPOINTS: readonly EndpointContract[] = [
  temperatureEndpoint,
  humidityEndpoint,
  windEndpoint,
  aqhiEndpoint,
  aeEndpoint,
  beachEndpoint,
  placeSearchEndpoint,
  analyticsBatchEndpoint,
  analyticsSummaryEndpoint,
  healthEndpoint,
  openApiEndpoint,
  uavZoneWfsEndpoint,
  dtmEndpoint,
  utmLookupEndpoint,
  buildingIdentifyEndpoint,
  lotTileEndpoint,
  landLotsEndpoint,
  terrainLayerEndpoint,
  terrainTileEndpoint,
  reliefTileJsonEndpoint,
  reliefTileEndpoint,
  marineEndpoint,
  riverEndpoint,
  trafficCamerasEndpoint,
  trafficImageEndpoint,
  indoorStationsEndpoint,
  indoorPolygonsEndpoint,
  indoorWallsEndpoint,
  careTeamMessagesEndpoint,
];
