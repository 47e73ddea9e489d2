/**
 * Source category values onto the store's BUILDING_CATEGORIES (the colour classes of the textured style). The
 * source's own value always travels with the record as `categorySourceValue`; a value not listed here is 'other'.
 */
import type { BuildingCategory } from '../../core/contracts/buildings';

/** OpenStreetMap `building=*` values (https://wiki.openstreetmap.org/wiki/Key:building). */
const OSM_BUILDING_CATEGORIES: Record<string, BuildingCategory> = {
  apartments: 'residential',
  residential: 'residential',
  house: 'residential',
  detached: 'residential',
  dormitory: 'residential',
  terrace: 'residential',
  hotel: 'commercial',
  guest_house: 'commercial',
  commercial: 'commercial',
  office: 'commercial',
  retail: 'commercial',
  supermarket: 'commercial',
  kiosk: 'commercial',
  booth: 'commercial',
  industrial: 'industrial',
  warehouse: 'industrial',
  factory: 'industrial',
  service: 'industrial',
  university: 'institutional',
  school: 'institutional',
  college: 'institutional',
  kindergarten: 'institutional',
  hospital: 'institutional',
  museum: 'institutional',
  grandstand: 'institutional',
  civic: 'government',
  government: 'government',
  public: 'government',
  fire_station: 'government',
  train_station: 'transport',
  transportation: 'transport',
  parking: 'transport',
  church: 'religious',
  temple: 'religious',
  shrine: 'religious',
  mosque: 'religious',
  monastery: 'religious',
};

export function categoryFromOsm(building: string | undefined): BuildingCategory {
  return (building && OSM_BUILDING_CATEGORIES[building]) || 'other';
}

/**
 * Outline Zoning Plan zone codes of the Kwun Tong iB1000 file (the planning zone the building stands in; the
 * file's own usage codes, mostly 'UNC', say little): R(…) residential, C(…) commercial, OU business and I
 * industrial uses, G/IC government / institution / community.
 */
export function categoryFromOzpZone(zone: string | null | undefined, specifiedUse: string | null | undefined): BuildingCategory {
  if (!zone) return 'other';
  if (/^R/.test(zone) || /^V/.test(zone)) return 'residential';
  if (/^C/.test(zone)) return 'commercial';
  if (/^I/.test(zone)) return 'industrial';
  if (/^G\/IC/.test(zone)) return 'government';
  if (zone === 'OU') {
    if (specifiedUse === 'BUSINESS') return 'commercial';
    if (specifiedUse && /PETROL|SEWAGE|DEPOT|TREATMENT/.test(specifiedUse)) return 'industrial';
  }
  return 'other';
}

/**
 * LandsD "Building Footprint Public" CATEGORY values, matched by keyword since exports spell them as words
 * ("Residential", "Commercial/Office", "Industrial", "Government, Institution or Community", "Religious", …).
 */
export function categoryFromLandsd(category: string | null | undefined): BuildingCategory {
  if (!category) return 'other';
  const value = category.toLowerCase();
  if (/resid|domestic|village|house/.test(value)) return 'residential';
  if (/commerc|office|retail|hotel|shop/.test(value)) return 'commercial';
  if (/indust|godown|warehouse|factory/.test(value)) return 'industrial';
  if (/government|\bgic\b/.test(value)) return 'government';
  if (/school|institution|hospital|education|community/.test(value)) return 'institutional';
  if (/religio|church|temple|mosque/.test(value)) return 'religious';
  if (/transport|station|terminal|car ?park|pier/.test(value)) return 'transport';
  return 'other';
}
