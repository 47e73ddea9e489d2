/**
 * SAMPLE drone (UAV) restriction zones for GET /mapviewer/geopin/pin/wfs. No open feed of Hong Kong drone zones
 * exists, so the zones are generated here, deterministically, around real places where drones are restricted:
 * the airport and its approaches, Shek Kong Airfield, a heliport, prisons, military sites, a weather radar and
 * event venues. Every feature carries `sample: true`; data/sources.json lists them as sample data.
 *
 * Positions are approximate (to about 200 m), read by hand from public maps (OpenStreetMap) and checked against
 * the data here: each lies in the expected district of data/districts, on land by the DEM, except the harbour,
 * which is sea. The airport reference point is the published ARP, 22°18'32"N 113°54'52"E; runway heading 071°
 * true. Names in three languages: data/names/uav_zone_names.json.
 *
 * Times (epoch milliseconds), relative to the fixed seed epoch {@link UAV_SAMPLE_EPOCH_MS}:
 * - standing zones: START_TIME = CREATED = the seed epoch; END_TIME = {@link UAV_STANDING_END_MS} (no end date; the
 *   feed needs a number), so they span any window after 2024;
 * - temporary zones repeat every week at a fixed weekday and hour (Hong Kong time). For a request at `now` the
 *   generator emits the occurrences of the previous, current and next week counted from the seed epoch, so the
 *   viewer's window (now to the end of the 7th day ahead: 7 to 8 days) always holds one occurrence of each, and
 *   the previous week's (and some of the next week's) fall outside it, which is what the CQL filter is for.
 *   CREATED is 1 to 5 days before the start, drawn from a PRNG seeded by {@link UAV_SAMPLE_SEED}, site and week.
 */
import type { LocalisedText, UavZoneFeature } from '../../core/contracts';
import { readDataJson } from '../data/files';
import { seededRandom } from '../data/seededRandom';
import { capsuleRing, circleRing, offsetPoint, type LonLat } from './local-metres';

/** Monday 1 January 2024, 00:00 Hong Kong time: week 0 of the temporary zones' schedule. */
export const UAV_SAMPLE_EPOCH_MS = Date.parse('2024-01-01T00:00:00+08:00');
/** END_TIME of standing zones: 31 December 2099, 23:59:59 Hong Kong time. */
export const UAV_STANDING_END_MS = Date.parse('2099-12-31T23:59:59+08:00');
export const UAV_SAMPLE_SEED = 'hk3d-uav-zones-v1';
export const UAV_ZONE_NAMES_FILE = 'names/uav_zone_names.json';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

type ActionType = 'prohibited' | 'permission' | 'height-limit';

interface SiteBase {
  id: string;
  action: ActionType;
  /** Highest flying height in feet (SPEC §9 bands: 0-300, 301-600, 601-900, 901-1200). */
  heightFeet: number;
  bufferMetres: number;
  /** Absent: a standing zone. Present: repeats weekly; day 0 = Monday, hours in Hong Kong time. */
  weekly?: { day: number; startHour: number; durationHours: number };
}
type Site = SiteBase & ({ centre: LonLat } | { path: readonly [LonLat, LonLat] });

const AIRPORT_REFERENCE_POINT: LonLat = [113.9144, 22.3089];
const RUNWAY_HEADING_DEGREES = 71;

/** The restricted sites. The approach corridors run 4.5 to 13 km from the airport reference point. */
const SITES: readonly Site[] = [
  { id: 'hkia-aerodrome', centre: AIRPORT_REFERENCE_POINT, bufferMetres: 4000, action: 'prohibited', heightFeet: 0 },
  {
    id: 'hkia-approach-east',
    path: [offsetPoint(AIRPORT_REFERENCE_POINT, RUNWAY_HEADING_DEGREES, 4500), offsetPoint(AIRPORT_REFERENCE_POINT, RUNWAY_HEADING_DEGREES, 13000)],
    bufferMetres: 1000,
    action: 'height-limit',
    heightFeet: 300,
  },
  {
    id: 'hkia-approach-west',
    path: [offsetPoint(AIRPORT_REFERENCE_POINT, RUNWAY_HEADING_DEGREES + 180, 4500), offsetPoint(AIRPORT_REFERENCE_POINT, RUNWAY_HEADING_DEGREES + 180, 13000)],
    bufferMetres: 1000,
    action: 'height-limit',
    heightFeet: 300,
  },
  { id: 'shek-kong-airfield', centre: [114.0803, 22.4361], bufferMetres: 3000, action: 'prohibited', heightFeet: 0 },
  { id: 'macau-ferry-heliport', centre: [114.152, 22.2891], bufferMetres: 1000, action: 'permission', heightFeet: 600 },
  { id: 'stanley-prison', centre: [114.218, 22.214], bufferMetres: 500, action: 'prohibited', heightFeet: 0 },
  { id: 'shek-pik-prison', centre: [113.886, 22.221], bufferMetres: 600, action: 'prohibited', heightFeet: 0 },
  { id: 'hei-ling-chau', centre: [114.04, 22.252], bufferMetres: 1200, action: 'height-limit', heightFeet: 1200 },
  { id: 'stonecutters-naval-base', centre: [114.1345, 22.324], bufferMetres: 1200, action: 'permission', heightFeet: 600 },
  { id: 'garrison-headquarters', centre: [114.163, 22.2805], bufferMetres: 300, action: 'prohibited', heightFeet: 0 },
  { id: 'tai-mo-shan-radar', centre: [114.1244, 22.4107], bufferMetres: 800, action: 'height-limit', heightFeet: 900 },
  {
    id: 'happy-valley-racecourse',
    centre: [114.1823, 22.2721],
    bufferMetres: 800,
    action: 'permission',
    heightFeet: 300,
    weekly: { day: 2, startHour: 18, durationHours: 5.5 },
  },
  {
    id: 'sha-tin-racecourse',
    centre: [114.2037, 22.4005],
    bufferMetres: 1000,
    action: 'permission',
    heightFeet: 300,
    weekly: { day: 6, startHour: 11, durationHours: 8 },
  },
  {
    id: 'victoria-harbour-fireworks',
    centre: [114.172, 22.2905],
    bufferMetres: 1500,
    action: 'prohibited',
    heightFeet: 0,
    weekly: { day: 5, startHour: 19, durationHours: 3 },
  },
];

interface ZoneNames {
  captions: Record<string, LocalisedText>;
  actionTypes: Record<ActionType, LocalisedText>;
}

export interface UavZoneSource {
  /** The zones as the feed holds them at `nowMs` (standing zones, and three weeks of temporary ones). */
  zonesAt(nowMs: number): UavZoneFeature[];
}

/** Loads the names and checks every site has them; the zone shapes are built once. */
export function loadUavZones(dataDir: string): UavZoneSource {
  const names = readDataJson<ZoneNames>(dataDir, UAV_ZONE_NAMES_FILE);
  const prepared = SITES.map((site) => {
    const caption = names.captions[site.id];
    const action = names.actionTypes[site.action];
    if (!caption || !action) throw new Error(`UAV zone '${site.id}' has no caption or action type in data/${UAV_ZONE_NAMES_FILE}`);
    const ring = 'centre' in site ? circleRing(site.centre, site.bufferMetres) : capsuleRing(site.path[0], site.path[1], site.bufferMetres);
    return { site, caption, action, ring };
  });

  function feature(entry: (typeof prepared)[number], zoneId: string, startMs: number, endMs: number, createdMs: number): UavZoneFeature {
    const { site, caption, action, ring } = entry;
    return {
      type: 'Feature',
      id: `uav_zone.${zoneId}`,
      geometry: { type: 'Polygon', coordinates: [ring] },
      geometry_name: 'the_geom',
      properties: {
        ZONE_ID: zoneId,
        CAPTION_EN: caption['en-US'],
        CAPTION_TC: caption['zh-HK'],
        CAPTION_SC: caption['zh-CN'],
        ACTION_TYPE_EN: action['en-US'],
        ACTION_TYPE_TC: action['zh-HK'],
        ACTION_TYPE_SC: action['zh-CN'],
        BUFFER_DISTANCE: site.bufferMetres,
        HIGHEST_FLYING_HEIGHT: site.heightFeet,
        START_TIME: startMs,
        END_TIME: endMs,
        CREATED: createdMs,
        sample: true,
      },
    };
  }

  return {
    zonesAt(nowMs) {
      const currentWeek = Math.floor((nowMs - UAV_SAMPLE_EPOCH_MS) / WEEK_MS);
      const zones: UavZoneFeature[] = [];
      for (const entry of prepared) {
        const { weekly } = entry.site;
        if (!weekly) {
          zones.push(feature(entry, entry.site.id, UAV_SAMPLE_EPOCH_MS, UAV_STANDING_END_MS, UAV_SAMPLE_EPOCH_MS));
          continue;
        }
        for (const week of [currentWeek - 1, currentWeek, currentWeek + 1]) {
          const startMs = UAV_SAMPLE_EPOCH_MS + week * WEEK_MS + weekly.day * DAY_MS + weekly.startHour * HOUR_MS;
          const endMs = startMs + weekly.durationHours * HOUR_MS;
          const random = seededRandom(`${UAV_SAMPLE_SEED}:${entry.site.id}:${week}`);
          const createdMs = startMs - (1 + Math.floor(random() * 5)) * DAY_MS;
          const startDay = new Date(startMs + 8 * HOUR_MS).toISOString().slice(0, 10);
          zones.push(feature(entry, `${entry.site.id}-${startDay}`, startMs, endMs, createdMs));
        }
      }
      return zones.sort((a, b) => a.properties.START_TIME - b.properties.START_TIME || a.properties.ZONE_ID.localeCompare(b.properties.ZONE_ID));
    },
  };
}
