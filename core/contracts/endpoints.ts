import { analyticsBatchEndpoint, analyticsSummaryEndpoint } from './analytics';
import type { EndpointContract } from './endpoint';
import { healthEndpoint } from './health';
import { placeSearchEndpoint } from './places';
import { temperatureEndpoint } from './realtime';

/**
 * Every call the data service answers, in the order the API explorer lists them. The server registers each
 * one (a test checks the two lists match) and the OpenAPI document is generated from this list.
 */
export const API_ENDPOINTS: readonly EndpointContract[] = [
  temperatureEndpoint,
  placeSearchEndpoint,
  analyticsBatchEndpoint,
  analyticsSummaryEndpoint,
  healthEndpoint,
];
