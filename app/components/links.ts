/** External sites the header and mega menu link to (opened in a new tab with rel="noopener noreferrer"). */
export const SHARED_DATA_PORTAL_URL = 'https://portal.csdi.gov.hk';

/** The three sister map sites of SPEC §2 "related sites", with their message ids. */
export const RELATED_SITES = [
  { id: 'geoinfo-map', url: 'https://www.map.gov.hk', label: 'app.related.geoInfoMap' },
  { id: 'hk-map-service', url: 'https://www.hkmapservice.gov.hk', label: 'app.related.hkMapService' },
  { id: 'csdi-portal', url: 'https://portal.csdi.gov.hk', label: 'app.related.csdiPortal' },
] as const;
