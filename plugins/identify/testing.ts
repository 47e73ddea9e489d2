/** Test fixtures of the identify plugin (imported by tests only). */
import type { BuildingInfo } from '../../core/contracts/identify';
import type { MapPickResult } from '../../core/plugin/types';

/** Bank of China Tower as the LandsD record gives it (levels above HKPD). */
export function bankOfChinaTower(overrides: Partial<BuildingInfo> = {}): BuildingInfo {
  const place = { longitude: 114.16157, latitude: 22.27928, easting: 835480.2, northing: 815770.4, utmGridReference: '50Q KK 04 64' };
  return {
    id: '1234567890T20050430',
    csuid: '1234567890T20050430',
    landsdBuildingId: '1234567890',
    nameEn: 'BANK OF CHINA TOWER',
    nameZh: '中銀大廈',
    category: 'commercial',
    categorySourceValue: 'Commercial',
    baseLevelMetres: 5.6,
    roofLevelMetres: 310.6,
    heightMetres: 305,
    heightKind: 'measured',
    heightAboveHkpdMetres: 310.6,
    storeys: 70,
    address: null,
    yearCompleted: null,
    point: place,
    centroid: place,
    district: { code: 'A', name: { 'en-US': 'Central and Western', 'zh-HK': '中西區', 'zh-CN': '中西区' } },
    mapSheet: { id: '11-SW-14C', revisionDate: '2024-03-31' },
    monuments: [],
    notInOpenData: ['landParcel', 'buildingLicenceNumber', 'governmentLandLicence', 'villageEnvirons', 'publicOpenSpace', 'gradedHistoricBuildings'],
    source: 'landsd-ib1000',
    sourceDataset: 'LandsD iB1000 buildings (Central transect)',
    attribution: 'Lands Department, HKSAR Government (DATA.GOV.HK)',
    licence: 'DATA.GOV.HK terms of use',
    distanceMetres: 0,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [114.1614, 22.2791],
          [114.1617, 22.2791],
          [114.1617, 22.2794],
          [114.1614, 22.2794],
          [114.1614, 22.2791],
        ],
      ],
    },
    ...overrides,
  };
}

/** A click on the ground at a place (no 3D feature hit). */
export function groundPick(longitude: number, latitude: number, overrides: Partial<MapPickResult> = {}): MapPickResult {
  return {
    screen: { x: 100, y: 100 },
    feature: null,
    hitOtherObject: false,
    position: { longitude, latitude, heightMeters: 4 },
    surface: 'terrain',
    ...overrides,
  };
}
