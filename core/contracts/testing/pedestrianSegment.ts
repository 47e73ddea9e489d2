/**
 * Test support: a pedestrian network segment (SPEC §3 fields, §9 codes; core/contracts/pedestrianNetwork.ts) of a
 * flat, step-free, indoor walkway 10 m long on Admiralty's concourse. Tests spread the fields they look at over it.
 * Not imported by app code.
 */
import { DIRECTION, LOCATION, YES_NO, type PedestrianSegment } from '../pedestrianNetwork';

export const STATION_WALKWAY_SEGMENT: PedestrianSegment = {
  segmentId: 'S1',
  featureType: 1,
  gradient: 1,
  direction: DIRECTION.both,
  location: LOCATION.indoor,
  wheelchairAccess: YES_NO.yes,
  wheelchairBarrier: YES_NO.no,
  weatherproof: YES_NO.yes,
  crossingFeature: YES_NO.no,
  positionCertainty: 0,
  dataSource: null,
  levelSource: null,
  floorSource: null,
  obstaclesType: null,
  streetName: null,
  siteType: 'metro-station',
  terminalType: null,
  accessTimeType: 'station-opening-hours',
  verticalMode: null,
  fareGate: null,
  fromFloorId: 'ADM-C',
  toFloorId: 'ADM-C',
  lengthMetres: 10,
  walkingSeconds: 7.7,
};
