/**
 * The building venues in the shape of the indoor feeds (GET /mapviewer/api/static/indoor and indoorwall), the
 * same shape the station floors have: one polygon per floor area and one LineString per wall, each carrying
 * its venue, floor (`floorId` `<venue id>-<floor label>`, `floorLevel` the storey: G 0, 1, 2 …, B1 −1) and
 * heights in metres relative to the ground. All of it is a generated sample (`sample: true`).
 */
import type { IndoorPolygonCollection, IndoorPolygonProperties, IndoorWallCollection, IndoorWallProperties } from '../../core/contracts';
import { floorLevelOf, type IndoorVenue } from './venues';

type PolygonFeature = IndoorPolygonCollection['features'][number];
type WallFeature = IndoorWallCollection['features'][number];

/** The floor areas and walls of the given building venues as indoor feed features. */
export function buildingFeedFeatures(venues: readonly IndoorVenue[]): { polygons: PolygonFeature[]; walls: WallFeature[] } {
  const polygons: PolygonFeature[] = [];
  const walls: WallFeature[] = [];
  for (const { summary, areas, walls: venueWalls } of venues) {
    if (summary.type !== 'building') continue;
    const floorFields = (floor: string, floorName: IndoorVenue['areas'][number]['floorName']) => ({
      Venue_ID: summary.id,
      venueType: 'building' as const,
      floorId: `${summary.id}-${floor}`,
      floorName_EN: floorName['en-US'],
      floorName_TC: floorName['zh-HK'],
      floorName_SC: floorName['zh-CN'],
      floorLevel: floorLevelOf(floor),
      line: null,
    });
    for (const area of areas) {
      const key = `${summary.id}-${area.floor}-${area.kind}`;
      polygons.push({
        type: 'Feature',
        id: key,
        geometry: { type: 'Polygon', coordinates: area.rings },
        properties: {
          key,
          ...floorFields(area.floor, area.floorName),
          Venue_Eng_name: summary.name['en-US'],
          Venue_Chi_name: summary.name['zh-HK'],
          Venue_SC_name: summary.name['zh-CN'],
          space: area.kind as IndoorPolygonProperties['space'],
          _base_height: area.baseMetres,
          _height: area.topMetres,
          sample: true,
        },
      });
    }
    for (const wall of venueWalls) {
      const key = `${summary.id}-${wall.floor}-${wall.kind}`;
      walls.push({
        type: 'Feature',
        id: key,
        geometry: { type: 'LineString', coordinates: wall.line },
        properties: {
          key,
          ...floorFields(wall.floor, wall.floorName),
          wallType: wall.kind as IndoorWallProperties['wallType'],
          _base_height: wall.baseMetres,
          _height: wall.topMetres,
          sample: true,
        },
      });
    }
  }
  return { polygons, walls };
}
