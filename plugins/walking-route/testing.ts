/** Test data of the walking route drawer: answers in the contract's shape (core/contracts/walking.ts). */
import type { WalkingRouteFound, WalkingRouteResponse } from '../../core/contracts/walking';

/** Wong Tai Sin station to Diamond Hill station, along Lung Cheung Road (figures made up for the tests). */
export const foundAnswer: WalkingRouteFound = {
  found: true,
  from: [114.1937, 22.3417],
  to: [114.2016, 22.34],
  lengthMetres: 1034,
  walkingSeconds: 795,
  line: { type: 'LineString', coordinates: [[114.1938, 22.3419], [114.197, 22.3412], [114.2015, 22.3402]] },
  accessLegs: [
    { coordinates: [[114.1937, 22.3417], [114.1938, 22.3419]], lengthMetres: 24 },
    { coordinates: [[114.2015, 22.3402], [114.2016, 22.34]], lengthMetres: 10 },
  ],
  streets: [
    { name: { 'en-US': 'LUNG CHEUNG ROAD', 'zh-HK': '龍翔道', 'zh-CN': '龙翔道' }, lengthMetres: 600 },
    { name: { 'en-US': 'LUNG CHEUNG ROAD', 'zh-HK': '龍翔道', 'zh-CN': '龙翔道' }, lengthMetres: 200 },
    { name: null, lengthMetres: 50 },
    { name: { 'en-US': 'LUNG POON STREET', 'zh-HK': '龍蟠街', 'zh-CN': '龙蟠街' }, lengthMetres: 150 },
  ],
  summary: 'About 1.0 km, 13 min on foot, mostly along Lung Cheung Road.',
  attribution: 'Lands Department street centrelines; Transport Department road network',
};

export const outsideAnswer: WalkingRouteResponse = { found: false, reason: 'outside-boundary', which: 'to' };
export const unreachableAnswer: WalkingRouteResponse = { found: false, reason: 'unreachable' };
