/** Test data of the A&E drawer: a two-hospital waiting-time feed and driving answers in the contracts' shapes. */
import type { AeDrivingResponse } from '../../core/contracts/driving';
import type { AeFeed } from '../../core/contracts/health-care';

export const feed: AeFeed = {
  type: 'FeatureCollection',
  intervalClient: 900,
  sample: true,
  source: { mode: 'offline', served: 'offline', fallback: false, snapshot: true },
  features: [
    {
      type: 'Feature',
      id: 'kwong-wah-hospital',
      geometry: { type: 'Point', coordinates: [114.1722, 22.3147] },
      properties: {
        key: 'kwong-wah-hospital', key_EN: 'Kwong Wah Hospital', key_TC: '廣華醫院', key_SC: '广华医院', _publish_date: '2026-08-28T18:45:00+08:00',
        triage3MedianMinutes: 20, triage3P95Minutes: 40, triage45MedianMinutes: 150, triage45P95Minutes: 300, resuscitationInProgress: false, sample: true,
      },
    },
    {
      type: 'Feature',
      id: 'queen-elizabeth-hospital',
      geometry: { type: 'Point', coordinates: [114.1747, 22.3092] },
      properties: {
        key: 'queen-elizabeth-hospital', key_EN: 'Queen Elizabeth Hospital', key_TC: '伊利沙伯醫院', key_SC: '伊利沙伯医院', _publish_date: '2026-08-28T18:45:00+08:00',
        triage3MedianMinutes: 15, triage3P95Minutes: 30, triage45MedianMinutes: 45, triage45P95Minutes: 120, resuscitationInProgress: true, sample: true,
      },
    },
  ],
};

export function drivingAnswer(status: AeDrivingResponse['status'], hospital = 'kwong-wah-hospital' as const): AeDrivingResponse {
  const ok = status === 'ok' || status === 'no-facility-within-range';
  return {
    status,
    origin: { position: [114.1694, 22.3193], groundHeightMetres: status === 'origin-in-water' ? 0 : 7, road: ok ? { position: [114.1695, 22.3193], accessLegMetres: 10 } : null },
    facilityRangeMetres: 30_000,
    hospitals: ok
      ? [
          { key: hospital, name: { 'en-US': 'Kwong Wah Hospital', 'zh-HK': '廣華醫院', 'zh-CN': '广华医院' }, position: [114.1722, 22.3147], reach: 'reached', drivingMetres: 870, drivingSeconds: 62, accessLegMetres: 31, straightLineMetres: 600 },
          { key: 'queen-elizabeth-hospital', name: { 'en-US': 'Queen Elizabeth Hospital', 'zh-HK': '伊利沙伯醫院', 'zh-CN': '伊利沙伯医院' }, position: [114.1747, 22.3092], reach: 'reached', drivingMetres: 1985, drivingSeconds: 143, accessLegMetres: 45, straightLineMetres: 1100 },
        ]
      : [],
    route: ok
      ? {
          hospital,
          drivingMetres: 870,
          drivingSeconds: 62,
          road: { type: 'LineString', coordinates: [[114.1695, 22.3193], [114.171, 22.317], [114.172, 22.3148]] },
          accessLegs: [
            { accessLeg: true, end: 'origin', lengthMetres: 10, line: { type: 'LineString', coordinates: [[114.1694, 22.3193], [114.1695, 22.3193]] } },
            { accessLeg: true, end: 'hospital', lengthMetres: 21, line: { type: 'LineString', coordinates: [[114.172, 22.3148], [114.1722, 22.3147]] } },
          ],
        }
      : null,
    oneWayDataAvailable: false,
    attribution: 'test',
  };
}
