/**
 * Draws the open 3D indoor map with Cesium: each floor's areas as thin slabs at their real heights (ground height +
 * the feed's relative heights), the current floor opaque and the others faint or hidden, walls extruded and
 * translucent in wall view (see-through from above), and area names up to 1,000 m from the camera (SPEC §9).
 *
 * This module imports Cesium, so it is loaded only when a venue is opened (`import('./indoorScene')` in index.ts),
 * never in the first paint. The floors are drawn without depth test: a station lies under the ground and a
 * building venue inside its 3D Tiles shell, and either would hide them; floors are added bottom first so the
 * upper ones draw over the lower ones, as seen from above.
 */
import type { Viewer } from 'cesium';
import type { Language } from '../../core/plugin/types';
import { floorOpacity, INDOOR_VISIBILITY, type IndoorArea, type IndoorVenue } from './venues';

type CesiumModule = typeof import('cesium');

export interface IndoorSceneView {
  venue: IndoorVenue;
  groundHeightMeters: number;
  currentFloorId: string;
  otherFloors: 'faint' | 'hidden';
  wallView: boolean;
  language: Language;
  /** The label of an area in the page language (its kind, e.g. "Platform"). */
  areaLabel(area: IndoorArea): string;
}

export interface IndoorScene {
  draw(view: IndoorSceneView): void;
  /**
   * Where the line of sight through a screen point (CSS px from the map's top-left) meets the level plane at
   * `heightMeters` (ellipsoid) through `near`: the place on a drawn floor the user clicked, whatever surface the
   * click picked (see-through ground, a roof, a label). Null when the line misses the plane.
   */
  floorPointAt(screen: { x: number; y: number }, heightMeters: number, near: readonly [number, number]): [number, number] | null;
  clear(): void;
}

/** Area fill colours by kind (CSS); any other kind (a building's rooms) gets the room colour. */
const AREA_COLOURS: Record<string, string> = {
  concourse: '#4f8fd6',
  'paid-area': '#7bb661',
  platform: '#e0a43c',
  trackway: '#8a8f98',
  passage: '#6fa3dc',
  'gate-line': '#2e7d32',
  entrance: '#00897b',
  stairs: '#8e24aa',
  escalator: '#8e24aa',
  lift: '#c2185b',
  toilet: '#5d4037',
  'customer-service': '#f4511e',
  floor: '#4f8fd6',
  corridor: '#9fc3ea',
  core: '#8e24aa',
};
const ROOM_COLOUR = '#4f8fd6';
const WALL_COLOUR = '#d94b4b';
/** Walls in wall view: translucent so what is inside shows from above. */
const WALL_ALPHA = 0.45;

export function createIndoorScene(Cesium: CesiumModule, viewer: Viewer): IndoorScene {
  const collection = new Cesium.PrimitiveCollection();
  viewer.scene.primitives.add(collection);
  const noDepthTest = { depthTest: { enabled: false }, depthMask: false };

  const cartesians = (ring: readonly (readonly [number, number])[], height: number) =>
    ring.map(([lon, lat]) => Cesium.Cartesian3.fromDegrees(lon, lat, height));

  return {
    draw(view) {
      collection.removeAll();
      const { venue, groundHeightMeters: ground } = view;
      // Bottom first: with depth test off, later primitives draw over earlier ones.
      const floorsBottomUp = [...venue.floors].reverse();
      for (const floor of floorsBottomUp) {
        const alpha = floorOpacity(floor.floorId, view.currentFloorId, view.otherFloors);
        if (alpha === 0) continue;
        const areas = venue.areas.filter((area) => area.floorId === floor.floorId);
        if (areas.length > 0) {
          collection.add(
            new Cesium.Primitive({
              geometryInstances: areas.map(
                (area) =>
                  new Cesium.GeometryInstance({
                    id: area.key,
                    geometry: new Cesium.PolygonGeometry({
                      polygonHierarchy: new Cesium.PolygonHierarchy(
                        cartesians(area.rings[0], 0),
                        area.rings.slice(1).map((hole) => new Cesium.PolygonHierarchy(cartesians(hole, 0))),
                      ),
                      height: ground + area.baseHeightMeters,
                      extrudedHeight: ground + area.topHeightMeters,
                    }),
                    attributes: {
                      color: Cesium.ColorGeometryInstanceAttribute.fromColor(
                        Cesium.Color.fromCssColorString(AREA_COLOURS[area.space ?? ''] ?? ROOM_COLOUR).withAlpha(alpha),
                      ),
                    },
                  }),
              ),
              appearance: new Cesium.PerInstanceColorAppearance({ translucent: true, closed: false, renderState: noDepthTest }),
              asynchronous: false,
            }),
          );
        }
        const walls = view.wallView ? venue.walls.filter((wall) => wall.floorId === floor.floorId) : [];
        if (walls.length > 0) {
          collection.add(
            new Cesium.Primitive({
              geometryInstances: walls.map(
                (wall) =>
                  new Cesium.GeometryInstance({
                    id: wall.key,
                    geometry: new Cesium.WallGeometry({
                      positions: cartesians(wall.line, 0),
                      minimumHeights: wall.line.map(() => ground + wall.baseHeightMeters),
                      maximumHeights: wall.line.map(() => ground + wall.topHeightMeters),
                    }),
                    attributes: {
                      color: Cesium.ColorGeometryInstanceAttribute.fromColor(Cesium.Color.fromCssColorString(WALL_COLOUR).withAlpha(WALL_ALPHA * alpha)),
                    },
                  }),
              ),
              appearance: new Cesium.PerInstanceColorAppearance({ translucent: true, flat: true, renderState: noDepthTest }),
              asynchronous: false,
            }),
          );
        }
      }
      // Area names of the current floor, in front of everything, up to SPEC §9's 1,000 m.
      const labels = new Cesium.LabelCollection();
      for (const area of venue.areas.filter((entry) => entry.floorId === view.currentFloorId)) {
        const ring = area.rings[0];
        const lon = ring.reduce((sum, point) => sum + point[0], 0) / ring.length;
        const lat = ring.reduce((sum, point) => sum + point[1], 0) / ring.length;
        labels.add({
          position: Cesium.Cartesian3.fromDegrees(lon, lat, ground + area.topHeightMeters + 0.5),
          text: view.areaLabel(area),
          font: '600 13px system-ui, sans-serif',
          fillColor: Cesium.Color.WHITE,
          showBackground: true,
          backgroundColor: Cesium.Color.fromCssColorString('rgba(32, 32, 32, 0.75)'),
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
          distanceDisplayCondition: new Cesium.DistanceDisplayCondition(0, INDOOR_VISIBILITY.areaLabelsMaximumMeters),
          horizontalOrigin: Cesium.HorizontalOrigin.CENTER,
          verticalOrigin: Cesium.VerticalOrigin.CENTER,
        });
      }
      collection.add(labels);
      viewer.scene.requestRender();
    },
    floorPointAt(screen, heightMeters, near) {
      const ray = viewer.camera.getPickRay(new Cesium.Cartesian2(screen.x, screen.y));
      if (!ray) return null;
      const origin = Cesium.Cartesian3.fromDegrees(near[0], near[1], heightMeters);
      const plane = Cesium.Plane.fromPointNormal(origin, Cesium.Ellipsoid.WGS84.geodeticSurfaceNormal(origin));
      const hit = Cesium.IntersectionTests.rayPlane(ray, plane);
      if (!hit) return null;
      const place = Cesium.Cartographic.fromCartesian(hit);
      return [Cesium.Math.toDegrees(place.longitude), Cesium.Math.toDegrees(place.latitude)];
    },
    clear() {
      if (viewer.isDestroyed()) return;
      collection.removeAll();
      viewer.scene.primitives.remove(collection);
      viewer.scene.requestRender();
    },
  };
}
