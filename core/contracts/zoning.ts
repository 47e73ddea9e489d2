/**
 * Outline zoning plans (SPEC §1 "outline zoning plans"; overlay `zoning-plans`). Isomorphic.
 *
 * No zone polygons of the statutory Outline Zoning Plans (OZP) ship with the portal. The one real source is the
 * OZP zone each LandsD iB1000 building of Kwun Tong carries (data/buildings/kwun_tong_landsd_ib1000_buildings.geojson),
 * so by default the layer is those building footprints, each coloured by the zone it stands in. A real OZP zone
 * file dropped in (server/data/zoning.ts: `OZP_ZONES_FILE`, or data/planning/ozp_zones.geojson) replaces it with
 * the zone polygons themselves; the answer's `coverage` says which of the two the layer shows.
 */
import { z } from 'zod';
import { localisedTextSchema, timestampOnlyQuerySchema, type LocalisedText } from './common';
import { defineEndpoint } from './endpoint';

/** One zone of the OZP notation: its code as the plans write it, its name and its colour on the layer. */
export interface OzpZone {
  /** The code without a sub-zone number, e.g. `R(A)`, `G/IC`, `OU`. */
  code: string;
  name: LocalisedText;
  /** `#rrggbb`, after the colour conventions of the statutory plans (residential browns, commercial red, ...). */
  colour: string;
}

/**
 * The zones of the OZP notation, in the order the plans' notes list them. The colours follow the conventions of
 * the Town Planning Board's plans as closely as flat fills allow (hatchings and symbols of the paper plans are not
 * reproduced): residential zones in browns darkening with density, commercial red, industrial purple, government,
 * institution or community blue, open space and the rural zones in greens.
 */
export const OZP_ZONES: readonly OzpZone[] = [
  { code: 'C', name: { 'en-US': 'Commercial', 'zh-HK': '商業', 'zh-CN': '商业' }, colour: '#e8413c' },
  { code: 'CDA', name: { 'en-US': 'Comprehensive Development Area', 'zh-HK': '綜合發展區', 'zh-CN': '综合发展区' }, colour: '#c9813f' },
  { code: 'R(A)', name: { 'en-US': 'Residential (Group A)', 'zh-HK': '住宅(甲類)', 'zh-CN': '住宅(甲类)' }, colour: '#a0522d' },
  { code: 'R(B)', name: { 'en-US': 'Residential (Group B)', 'zh-HK': '住宅(乙類)', 'zh-CN': '住宅(乙类)' }, colour: '#c8794a' },
  { code: 'R(C)', name: { 'en-US': 'Residential (Group C)', 'zh-HK': '住宅(丙類)', 'zh-CN': '住宅(丙类)' }, colour: '#dca06f' },
  { code: 'R(D)', name: { 'en-US': 'Residential (Group D)', 'zh-HK': '住宅(丁類)', 'zh-CN': '住宅(丁类)' }, colour: '#e8bf93' },
  { code: 'R(E)', name: { 'en-US': 'Residential (Group E)', 'zh-HK': '住宅(戊類)', 'zh-CN': '住宅(戊类)' }, colour: '#f0d6b4' },
  { code: 'V', name: { 'en-US': 'Village Type Development', 'zh-HK': '鄉村式發展', 'zh-CN': '乡村式发展' }, colour: '#e3c86e' },
  { code: 'I', name: { 'en-US': 'Industrial', 'zh-HK': '工業', 'zh-CN': '工业' }, colour: '#8e5bb5' },
  { code: 'I(D)', name: { 'en-US': 'Industrial (Group D)', 'zh-HK': '工業(丁類)', 'zh-CN': '工业(丁类)' }, colour: '#b792d3' },
  { code: 'OU', name: { 'en-US': 'Other Specified Uses', 'zh-HK': '其他指定用途', 'zh-CN': '其他指定用途' }, colour: '#e58fc0' },
  { code: 'G/IC', name: { 'en-US': 'Government, Institution or Community', 'zh-HK': '政府、機構或社區', 'zh-CN': '政府、机构或社区' }, colour: '#5b9bd5' },
  { code: 'O', name: { 'en-US': 'Open Space', 'zh-HK': '休憩用地', 'zh-CN': '休憩用地' }, colour: '#7cc36a' },
  { code: 'REC', name: { 'en-US': 'Recreation', 'zh-HK': '康樂', 'zh-CN': '康乐' }, colour: '#b5d96b' },
  { code: 'AGR', name: { 'en-US': 'Agriculture', 'zh-HK': '農業', 'zh-CN': '农业' }, colour: '#d6e08a' },
  { code: 'GB', name: { 'en-US': 'Green Belt', 'zh-HK': '綠化地帶', 'zh-CN': '绿化地带' }, colour: '#3f8f4a' },
  { code: 'CA', name: { 'en-US': 'Conservation Area', 'zh-HK': '自然保育區', 'zh-CN': '自然保育区' }, colour: '#2a6b48' },
  { code: 'CPA', name: { 'en-US': 'Coastal Protection Area', 'zh-HK': '海岸保護區', 'zh-CN': '海岸保护区' }, colour: '#4fa39a' },
  { code: 'SSSI', name: { 'en-US': 'Site of Special Scientific Interest', 'zh-HK': '具特殊科學價值地點', 'zh-CN': '具特殊科学价值地点' }, colour: '#1f7f78' },
  { code: 'CP', name: { 'en-US': 'Country Park', 'zh-HK': '郊野公園', 'zh-CN': '郊野公园' }, colour: '#5e9e3a' },
  { code: 'U', name: { 'en-US': 'Undetermined', 'zh-HK': '未決定用途', 'zh-CN': '未决定用途' }, colour: '#b0b0b0' },
  { code: 'MRDJ', name: { 'en-US': 'Major Road and Junction', 'zh-HK': '主要道路及路口', 'zh-CN': '主要道路及路口' }, colour: '#d9d9d9' },
];

/** Colour of a zone code the table does not know (still drawn, named by its code). */
export const UNKNOWN_ZONE_COLOUR = '#707070';

const ZONES_LONGEST_FIRST = [...OZP_ZONES].sort((a, b) => b.code.length - a.code.length);

/**
 * The zone of an OZP zone code as plans and data write it: the code itself (`R(A)`, `OU`), or the code with a
 * sub-zone (`G/IC(1)`, `C(1)`, `R(A)2`, `OU(Business)`). Case and spaces do not matter. Null for a code the
 * notation does not have (`RX`), an empty value or one that is not text.
 */
export function ozpZoneOf(code: unknown): OzpZone | null {
  if (typeof code !== 'string') return null;
  const written = code.toUpperCase().replace(/\s+/g, '');
  if (written === '') return null;
  for (const zone of ZONES_LONGEST_FIRST) {
    if (!written.startsWith(zone.code)) continue;
    // What follows the code may only be a sub-zone: a number, or anything in brackets.
    if (/^(\d+|\(.+\)\d*)?$/.test(written.slice(zone.code.length))) return zone;
  }
  return null;
}

/** `#rrggbb` as the feeds' `r,g,b` colour property (`_value_1`). */
export function hexToRgbText(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].join(',');
}

/**
 * Uses the OU zones of the shipped Kwun Tong data specify, in three languages (the source has English and
 * Traditional Chinese only). A use not listed keeps the source's words.
 */
export const OU_SPECIFIED_USES: Readonly<Record<string, LocalisedText>> = {
  BUSINESS: { 'en-US': 'Business', 'zh-HK': '商貿', 'zh-CN': '商贸' },
  'SEWAGE TREATMENT PLANT': { 'en-US': 'Sewage Treatment Plant', 'zh-HK': '污水處理廠', 'zh-CN': '污水处理厂' },
  'PETROL FILLING STATION': { 'en-US': 'Petrol Filling Station', 'zh-HK': '加油站', 'zh-CN': '加油站' },
};

/** What the layer shows: zone polygons from an OZP file, or the Kwun Tong buildings coloured by their zone. */
export const ZONING_COVERAGE = ['ozp-file', 'kwun-tong-buildings'] as const;
export type ZoningCoverage = (typeof ZONING_COVERAGE)[number];

const lonLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const ringSchema = z.array(lonLatSchema).min(4);

export const zoningPropertiesSchema = z.object({
  /** The zone code as the source writes it, e.g. `G/IC(1)`. */
  zone: z.string().min(1),
  /** The zone of the notation (`G/IC`), or null when the code is not one of {@link OZP_ZONES}. */
  zoneCode: z.string().nullable(),
  /** The zone's name in each language (the code itself for an unknown code). */
  zoneName_EN: z.string().min(1),
  zoneName_TC: z.string().min(1),
  zoneName_SC: z.string().min(1),
  /** An OU zone's specified use (`Business`), else absent. */
  specifiedUse_EN: z.string().optional(),
  specifiedUse_TC: z.string().optional(),
  specifiedUse_SC: z.string().optional(),
  /** Popup title: the zone name, with the specified use of an OU zone. */
  key_EN: z.string().min(1),
  key_TC: z.string().min(1),
  key_SC: z.string().min(1),
  /** The OZP's plan number, e.g. `S/K14S/22`, when the source gives it. */
  planNo: z.string().optional(),
  /** The zone's colour as `r,g,b` (the overlay engine's colour property). */
  _value_1: z.string().regex(/^\d{1,3},\d{1,3},\d{1,3}$/),
  /** `kwun-tong-buildings`: the building's names, when it has them. */
  building_EN: z.string().optional(),
  building_TC: z.string().optional(),
});
export type ZoningProperties = z.infer<typeof zoningPropertiesSchema>;

export const zoningFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ringSchema).min(1) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ringSchema).min(1)).min(1) }),
  ]),
  properties: zoningPropertiesSchema,
});
export type ZoningFeature = z.infer<typeof zoningFeatureSchema>;

export const zoningCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(zoningFeatureSchema),
  /** What the features are: OZP zone polygons, or the Kwun Tong buildings coloured by their zone. */
  coverage: z.enum(ZONING_COVERAGE),
  /** Where the features come from, in three languages. */
  sourceName: localisedTextSchema,
});
export type ZoningCollection = z.infer<typeof zoningCollectionSchema>;

/** GET /mapviewer/api/static/zoning */
export const zoningEndpoint = defineEndpoint({
  id: 'getZoningPlans',
  method: 'GET',
  path: '/mapviewer/api/static/zoning',
  tag: 'Land',
  summary: 'Outline zoning plans: zones of the OZPs, or where no zone file is installed the Kwun Tong buildings coloured by their OZP zone',
  description:
    'GeoJSON (WGS 84) with the OZP zone code, its name in three languages, an OU zone\'s specified use, the plan number and ' +
    'the zone colour (_value_1, "r,g,b"). With an OZP zone file installed on the server (OZP_ZONES_FILE or ' +
    'data/planning/ozp_zones.geojson) the features are its zone polygons (coverage "ozp-file"); otherwise the footprints of ' +
    'the 491 LandsD iB1000 buildings of Kwun Tong, each with the zone it stands in (coverage "kwun-tong-buildings").',
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON polygons with their OZP zone and colour', schema: zoningCollectionSchema },
});
