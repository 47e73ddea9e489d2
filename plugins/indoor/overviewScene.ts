/**
 * The indoor overview's highlighted venues and walls (SPEC §9: venue polygons drawn from 7,000 to 105,000 m, walls
 * up to 7,000 m), drawn with Cesium in two batched primitives: one footprint per venue (its largest area's outline)
 * and one floor's walls per venue. The feeds hold every floor of every venue (thousands of polygons: a building
 * repeats its footprint on each floor), and drawing them all through the overlay engine made each frame take
 * seconds on a software renderer; the station points and names stay in the overlay (manifests/overlays/indoor.json).
 *
 * Imports Cesium: loaded with `import()` when the indoor view is turned on, never in the first paint.
 */
import type { Viewer } from 'cesium';
import { boxOf, firstFloorId, INDOOR_VISIBILITY, type IndoorArea, type IndoorVenue, type LonLat } from './venues';

type CesiumModule = typeof import('cesium');

const HIGHLIGHT_COLOUR = 'rgba(255, 179, 0, 0.6)';
const WALL_COLOUR = '#d94b4b';

/** The footprint a venue is highlighted by: its largest area's outer ring. */
export function venueFootprint(venue: IndoorVenue): LonLat[] | null {
  const size = (area: IndoorArea) => {
    const [west, south, east, north] = boxOf(area.rings[0]);
    return (east - west) * (north - south);
  };
  const largest = [...venue.areas].sort((a, b) => size(b) - size(a))[0];
  return largest ? largest.rings[0] : null;
}

/** The walls drawn in the overview: those of the floor the venue's map opens on (the others lie under them). */
export function overviewWalls(venue: IndoorVenue): LonLat[][] {
  const floorId = firstFloorId(venue.floors);
  return venue.walls.filter((wall) => wall.floorId === floorId).map((wall) => wall.line);
}

/** Without consecutive repeats (Cesium stops rendering a geometry with a zero-length edge). */
function distinct(points: readonly LonLat[]): LonLat[] {
  return points.filter((point, index) => index === 0 || point[0] !== points[index - 1][0] || point[1] !== points[index - 1][1]);
}

export function drawIndoorOverview(Cesium: CesiumModule, viewer: Viewer, venues: readonly IndoorVenue[]): () => void {
  const degrees = (points: readonly LonLat[]) => points.map(([lon, lat]) => Cesium.Cartesian3.fromDegrees(lon, lat));
  const added: unknown[] = [];
  const footprints = venues.flatMap((venue) => {
    const ring = venueFootprint(venue);
    const outer = ring ? distinct(ring.slice(0, -1)) : [];
    return outer.length >= 3 ? [{ venue, outer }] : [];
  });
  if (footprints.length > 0) {
    added.push(
      viewer.scene.primitives.add(
        new Cesium.GroundPrimitive({
          geometryInstances: footprints.map(
            ({ venue, outer }) =>
              new Cesium.GeometryInstance({
                id: `indoor-venue|||${venue.venueId}`,
                geometry: new Cesium.PolygonGeometry({ polygonHierarchy: new Cesium.PolygonHierarchy(degrees(outer)) }),
                attributes: {
                  color: Cesium.ColorGeometryInstanceAttribute.fromColor(Cesium.Color.fromCssColorString(HIGHLIGHT_COLOUR)),
                  distanceDisplayCondition: new Cesium.DistanceDisplayConditionGeometryInstanceAttribute(
                    INDOOR_VISIBILITY.polygonsMinimumMeters,
                    INDOOR_VISIBILITY.polygonsMaximumMeters,
                  ),
                },
              }),
          ),
          appearance: new Cesium.PerInstanceColorAppearance({ flat: true, translucent: true }),
        }),
      ),
    );
  }
  const walls = venues.flatMap((venue) => overviewWalls(venue).map(distinct).filter((line) => line.length >= 2));
  if (walls.length > 0) {
    added.push(
      viewer.scene.primitives.add(
        new Cesium.GroundPolylinePrimitive({
          geometryInstances: walls.map(
            (line) =>
              new Cesium.GeometryInstance({
                geometry: new Cesium.GroundPolylineGeometry({ positions: degrees(line), width: 2 }),
                attributes: {
                  color: Cesium.ColorGeometryInstanceAttribute.fromColor(Cesium.Color.fromCssColorString(WALL_COLOUR)),
                  distanceDisplayCondition: new Cesium.DistanceDisplayConditionGeometryInstanceAttribute(0, INDOOR_VISIBILITY.wallsMaximumMeters),
                },
              }),
          ),
          appearance: new Cesium.PolylineColorAppearance(),
        }),
      ),
    );
  }
  viewer.scene.requestRender();
  return () => {
    if (viewer.isDestroyed()) return;
    for (const primitive of added) viewer.scene.primitives.remove(primitive as never);
    viewer.scene.requestRender();
  };
}
