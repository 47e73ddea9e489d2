import { analysisLineOfSightEndpoint, analysisProfileEndpoint, analysisViewshedEndpoint } from './analysis';
import { analyticsBatchEndpoint, analyticsSummaryEndpoint } from './analytics';
import { annotationEndpoint } from './annotation';
import { heritageEndpoint } from './heritage';
import { stargazingEndpoint } from './stargazing';
import { buildingCoverageEndpoint, buildingQueryEndpoint } from './buildings';
import { buildingTileEndpoint, buildingTilesetEndpoint } from './buildingTiles';
import { catalogueIsoEndpoint, catalogueListEndpoint, catalogueRecordEndpoint } from './catalogue';
import { dcca2019Endpoint } from './census';
import { careTeamMessagesEndpoint } from './domain';
import { careTeamsEndpoint } from './careTeams';
import { cyclingFacilitiesEndpoint } from './cycling';
import {
  downloadApiPathEndpoint,
  downloadApiQueryEndpoint,
  indoorVenueDownloadEndpoint,
  indoorVenueListEndpoint,
  portalFileEndpoint,
  sheetFilesEndpoint,
  sheetGridEndpoint,
  sheetTilesetFileEndpoint,
} from './download';
import { aeDrivingEndpoint, emergencyFacilitiesEndpoint } from './driving';
import { dtmEndpoint } from './dtm';
import type { EndpointContract } from './endpoint';
import { aqhiEndpoint, beachEndpoint } from './environment';
import { tideDayEndpoint, tideStationsEndpoint } from './tides';
import { uavZoneWfsEndpoint } from './geopin';
import { healthEndpoint } from './health';
import { aeEndpoint } from './health-care';
import { buildingIdentifyEndpoint } from './identify';
import { indoorPolygonsEndpoint, indoorStationsEndpoint, indoorWallsEndpoint } from './indoor';
import { indoorPlacesEndpoint, indoorRouteEndpoint } from './indoorRouting';
import { landLotSearchEndpoint, landLotsEndpoint, lotTileEndpoint } from './lots';
import { openApiEndpoint } from './openapi';
import { placeGeometryEndpoint, placeLocateEndpoint, placeSearchEndpoint } from './places';
import { railwayLinesEndpoint } from './railways';
import { landSince2000Endpoint, rail2016Endpoint, railTodayEndpoint, srtm2000TerrainLayerEndpoint, srtm2000TerrainTileEndpoint } from './comparison';
import { mtrRouteEndpoint } from './routing';
import { walkingRouteEndpoint } from './walking';
import { panoramaFileEndpoint, panoramaIndexEndpoint } from './panoramas';
import { trailListEndpoint, trailProfileEndpoint } from './trails';
import { siteConfigEndpoint } from './siteConfig';
import { humidityEndpoint, temperatureEndpoint, windEndpoint } from './realtime';
import { windSeriesEndpoint } from './windSeries';
import { marineEndpoint, riverEndpoint, trafficCamerasEndpoint, trafficImageEndpoint } from './staticLayers';
import { orthoTileSetEndpoint, reliefTileEndpoint, reliefTileJsonEndpoint, terrainLayerEndpoint, terrainTileEndpoint } from './terrain';
import { utmLookupEndpoint } from './utm';
import { zoningEndpoint } from './zoning';
import { wmtsKvpEndpoint, wmtsRestCapabilitiesEndpoint, wmtsStandardCapabilitiesEndpoint } from './wmts';

/**
 * Every call the data service answers, in the order the API explorer lists them (layer feeds, geometry,
 * terrain, search, analytics, the service itself). The server registers each one (a test checks the two lists
 * match) and the OpenAPI document is generated from this list.
 */
export const API_ENDPOINTS: readonly EndpointContract[] = [
  temperatureEndpoint,
  humidityEndpoint,
  windEndpoint,
  windSeriesEndpoint,
  aqhiEndpoint,
  aeEndpoint,
  beachEndpoint,
  marineEndpoint,
  riverEndpoint,
  emergencyFacilitiesEndpoint,
  trafficCamerasEndpoint,
  trafficImageEndpoint,
  annotationEndpoint,
  heritageEndpoint,
  stargazingEndpoint,
  dcca2019Endpoint,
  indoorStationsEndpoint,
  indoorPolygonsEndpoint,
  indoorWallsEndpoint,
  indoorPlacesEndpoint,
  careTeamMessagesEndpoint,
  careTeamsEndpoint,
  cyclingFacilitiesEndpoint,
  uavZoneWfsEndpoint,
  tideStationsEndpoint,
  tideDayEndpoint,
  dtmEndpoint,
  utmLookupEndpoint,
  buildingIdentifyEndpoint,
  buildingQueryEndpoint,
  buildingCoverageEndpoint,
  lotTileEndpoint,
  landLotsEndpoint,
  landLotSearchEndpoint,
  zoningEndpoint,
  wmtsKvpEndpoint,
  wmtsRestCapabilitiesEndpoint,
  wmtsStandardCapabilitiesEndpoint,
  terrainLayerEndpoint,
  terrainTileEndpoint,
  srtm2000TerrainLayerEndpoint,
  srtm2000TerrainTileEndpoint,
  reliefTileJsonEndpoint,
  reliefTileEndpoint,
  orthoTileSetEndpoint,
  buildingTilesetEndpoint,
  buildingTileEndpoint,
  placeSearchEndpoint,
  placeGeometryEndpoint,
  placeLocateEndpoint,
  mtrRouteEndpoint,
  indoorRouteEndpoint,
  aeDrivingEndpoint,
  walkingRouteEndpoint,
  railwayLinesEndpoint,
  rail2016Endpoint,
  railTodayEndpoint,
  landSince2000Endpoint,
  trailListEndpoint,
  trailProfileEndpoint,
  analysisProfileEndpoint,
  analysisLineOfSightEndpoint,
  analysisViewshedEndpoint,
  panoramaIndexEndpoint,
  panoramaFileEndpoint,
  catalogueListEndpoint,
  catalogueRecordEndpoint,
  catalogueIsoEndpoint,
  sheetGridEndpoint,
  sheetFilesEndpoint,
  portalFileEndpoint,
  sheetTilesetFileEndpoint,
  indoorVenueListEndpoint,
  indoorVenueDownloadEndpoint,
  downloadApiQueryEndpoint,
  downloadApiPathEndpoint,
  analyticsBatchEndpoint,
  analyticsSummaryEndpoint,
  openApiEndpoint,
  healthEndpoint,
  siteConfigEndpoint,
];
