/**
 * The tide stations layer: an overlay manifest registered by this plugin (so the layer exists exactly where the
 * flag `tideGauge` is on), drawn by the core overlay engine from `GET /mapviewer/api/tides/stations`.
 */
import { overlayManifestSchema, type OverlayManifest } from '../../core/manifests/schemas';
import { TIDE_STATIONS_OVERLAY } from './controller';

export const tideStationsManifest: OverlayManifest = overlayManifestSchema.parse({
  id: TIDE_STATIONS_OVERLAY,
  mode: 'GEOJSON',
  name: { 'en-US': 'Tide stations', 'zh-HK': '潮汐站', 'zh-CN': '潮汐站' },
  description: {
    'en-US': 'The 16 tide gauges of the Observatory, the Marine Department, the Drainage Services Department and the Airport Authority',
    'zh-HK': '天文台、海事處、渠務署及機場管理局的 16 個潮汐站',
    'zh-CN': '天文台、海事处、渠务署及机场管理局的 16 个潮汐站',
  },
  credit: { 'en-US': 'Tide stations: HKO, MD, DSD, AAHK', 'zh-HK': '潮汐站：天文台、海事處、渠務署、機管局', 'zh-CN': '潮汐站：天文台、海事处、渠务署、机管局' },
  url: '{apiBase}tides/stations?timestamp={timestamp}',
  show: false,
  display: {
    kind: 'point',
    colour: '#1565c0',
    outlineColour: '#ffffff',
    pointSizePixels: 12,
    labelTemplate: { 'en-US': '{key_EN}', 'zh-HK': '{key_TC}', 'zh-CN': '{key_SC}' },
    labelPriority: 40,
    heightOffsetMeters: 10,
  },
  popup: {
    titleProperty: { 'en-US': 'key_EN', 'zh-HK': 'key_TC', 'zh-CN': 'key_SC' },
    fields: [
      {
        label: { 'en-US': 'Gauge run by', 'zh-HK': '潮汐站營運部門', 'zh-CN': '潮汐站营运部门' },
        property: 'operator',
        valueLabels: {
          observatory: { 'en-US': 'Hong Kong Observatory', 'zh-HK': '香港天文台', 'zh-CN': '香港天文台' },
          marine: { 'en-US': 'Marine Department', 'zh-HK': '海事處', 'zh-CN': '海事处' },
          drainage: { 'en-US': 'Drainage Services Department', 'zh-HK': '渠務署', 'zh-CN': '渠务署' },
          airport: { 'en-US': 'Airport Authority Hong Kong', 'zh-HK': '香港機場管理局', 'zh-CN': '香港机场管理局' },
          unknown: { 'en-US': 'Not stated in the station list', 'zh-HK': '站點名單未有說明', 'zh-CN': '站点名单未有说明' },
        },
      },
      { label: { 'en-US': 'In service since', 'zh-HK': '啟用年份', 'zh-CN': '启用年份' }, property: 'startYear' },
    ],
  },
  keywordSearch: { enabled: true, properties: ['key_EN', 'key_TC', 'key_SC'] },
});
