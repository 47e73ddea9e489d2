/**
 * The GeoJSON download of one venue (RFC 7946): a FeatureCollection of its floor polygons and walls, each with
 * the venue, floor, kind, heights and names as properties. The venue summary and `sample: true` travel as
 * foreign members of the collection (RFC 7946 §6.1), so the file says on its own what it is.
 */
import type { LocalisedText } from '../../core/contracts';
import type { IndoorVenue, LonLat, VenueFloorArea, VenueWall } from './venues';

export interface VenueFeatureProperties {
  venueId: string;
  venueType: IndoorVenue['summary']['type'];
  /** `floor` polygons (slabs) or `wall` lines. */
  layer: 'floor' | 'wall';
  floor: string;
  floorName_EN: string;
  floorName_TC: string;
  floorName_SC: string;
  kind: string;
  /** Bottom and top of the extrusion, metres relative to the ground. */
  baseHeightMetres: number;
  topHeightMetres: number;
  name_EN: string;
  name_TC: string;
  name_SC: string;
  sample: true;
}

export interface VenueFeatureCollection {
  type: 'FeatureCollection';
  name: string;
  venue: IndoorVenue['summary'];
  sample: true;
  features: Array<{
    type: 'Feature';
    id: string;
    geometry: { type: 'Polygon'; coordinates: LonLat[][] } | { type: 'LineString'; coordinates: LonLat[] };
    properties: VenueFeatureProperties;
  }>;
}

function properties(venue: IndoorVenue, layer: 'floor' | 'wall', item: VenueFloorArea | VenueWall): VenueFeatureProperties {
  const names = (text: LocalisedText) => [text['en-US'], text['zh-HK'], text['zh-CN']] as const;
  const [floorEn, floorTc, floorSc] = names(item.floorName);
  const [nameEn, nameTc, nameSc] = names(venue.summary.name);
  return {
    venueId: venue.summary.id,
    venueType: venue.summary.type,
    layer,
    floor: item.floor,
    floorName_EN: floorEn,
    floorName_TC: floorTc,
    floorName_SC: floorSc,
    kind: item.kind,
    baseHeightMetres: item.baseMetres,
    topHeightMetres: item.topMetres,
    name_EN: nameEn,
    name_TC: nameTc,
    name_SC: nameSc,
    sample: true,
  };
}

export function venueFeatureCollection(venue: IndoorVenue): VenueFeatureCollection {
  const id = venue.summary.id;
  return {
    type: 'FeatureCollection',
    name: id,
    venue: venue.summary,
    sample: true,
    features: [
      ...venue.areas.map((area, index) => ({
        type: 'Feature' as const,
        id: `${id}-floor-${index + 1}`,
        geometry: { type: 'Polygon' as const, coordinates: area.rings },
        properties: properties(venue, 'floor', area),
      })),
      ...venue.walls.map((wall, index) => ({
        type: 'Feature' as const,
        id: `${id}-wall-${index + 1}`,
        geometry: { type: 'LineString' as const, coordinates: wall.line },
        properties: properties(venue, 'wall', wall),
      })),
    ],
  };
}
