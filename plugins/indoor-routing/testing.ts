/** Test data of the station routing drawer: an open station map, its places and route answers in the contract's shapes. */
import type { IndoorPlace, IndoorRouteFound } from '../../core/contracts/indoorRouting';
import type { OpenIndoorMap } from '../indoor/api';

const text = (en: string, hk: string, cn: string) => ({ 'en-US': en, 'zh-HK': hk, 'zh-CN': cn });

export const station: OpenIndoorMap = {
  venueId: 'MTR-ADM',
  venueType: 'metro-station',
  name: text('Admiralty', '金鐘', '金钟'),
  floors: [
    { floorId: 'ADM-C', floorLevel: -1, name: text('Concourse', '大堂', '大堂') },
    { floorId: 'ADM-P1', floorLevel: -2, name: text('Platform 1', '月台 1', '月台 1') },
  ],
  currentFloorId: 'ADM-C',
  groundHeightMeters: 10,
};

const place = (id: string, kind: IndoorPlace['kind'], facility: IndoorPlace['facility'], en: string, zh: string, floorId: string, heightMetres: number): IndoorPlace => ({
  id,
  kind,
  facility,
  name: text(en, zh, zh),
  floorId,
  floorLevel: floorId === 'ADM-C' ? -1 : -2,
  position: [114.1646, 22.279],
  heightMetres,
  stepFree: facility !== 'stairs',
});

export const places: IndoorPlace[] = [
  place('ADM-exit-A', 'exit', null, 'Exit A', '出口 A', 'ADM-C', 0),
  place('ADM-exit-B', 'exit', null, 'Exit B', '出口 B', 'ADM-C', 0),
  place('ADM-P1-platform-1', 'platform', null, 'Platform 1 (Island Line)', '1 號月台（港島綫）', 'ADM-P1', -12),
  place('ADM-C-lift-1', 'facility', 'lift', 'Lift', '升降機', 'ADM-C', -6),
  place('ADM-C-toilet', 'facility', 'toilet', 'Toilet', '洗手間', 'ADM-C', -6),
];

/** Exit A (ground) → concourse (-6 m) by lift → platform (-12 m) by lift: two separate rides. */
export const stepFreeRoute: IndoorRouteFound = {
  found: true,
  venueId: 'MTR-ADM',
  stepFree: true,
  lengthMetres: 142.4,
  walkingSeconds: 151,
  floors: ['ADM-C', 'ADM-P1'],
  path: [
    [114.1646, 22.279, 0],
    [114.1648, 22.2791, 0],
    [114.1648, 22.2791, -6],
    [114.165, 22.2792, -6],
    [114.165, 22.2792, -12],
    [114.1652, 22.2793, -12],
  ],
  steps: [
    { instruction: 'Walk from Exit A to the lift', floorId: 'ADM-C', via: 'walk', lengthMetres: 30 },
    { instruction: 'Take the lift down to the concourse', floorId: 'ADM-C', via: 'lift', lengthMetres: 6 },
    { instruction: 'Walk through the wide gate', floorId: 'ADM-C', via: 'gate', lengthMetres: 40 },
    { instruction: 'Take the lift down to Platform 1', floorId: 'ADM-C', via: 'lift', lengthMetres: 6 },
    { instruction: 'Walk to Platform 1', floorId: 'ADM-P1', via: 'walk', lengthMetres: 60.4 },
  ],
  segments: [],
  sample: true,
};
