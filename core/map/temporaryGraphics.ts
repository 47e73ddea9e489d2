/**
 * Temporary graphics (DESIGN "a temporary graphics layer per tool"): points, ground lines and ground polygons a
 * tool draws and removes together — identify's footprint outline, the inspector's marker, UTM squares, later
 * measurements and routes. The bookkeeping (owners, "needs 3D", redrawing on a new map) is plain code over a
 * {@link GraphicsBackend}; {@link cesiumGraphicsBackend} draws with Cesium primitives (no entities).
 */
import type { Viewer } from 'cesium';
import type { Disposer, GraphicPoint, GraphicPolygon, GroundPolyline, TemporaryGraphics } from '../plugin/types';

type CesiumModule = typeof import('cesium');

export interface GraphicsByKind {
  points: ReadonlyArray<GraphicPoint>;
  polylines: ReadonlyArray<GroundPolyline>;
  polygons: ReadonlyArray<GraphicPolygon>;
}
export type GraphicKind = keyof GraphicsByKind;

/** Draws one batch of graphics; returns what removes it. */
export type GraphicsBackend = <K extends GraphicKind>(kind: K, graphics: GraphicsByKind[K], owner: string, requiresThreeD: boolean) => Disposer;

interface Drawing {
  kind: GraphicKind;
  graphics: GraphicsByKind[GraphicKind];
  erase: Disposer | null;
}

interface Owner {
  requiresThreeD: boolean;
  drawings: Set<Drawing>;
  layer: TemporaryGraphics;
}

export interface TemporaryGraphicsLayers {
  /** The owner's layer (one per owner; `requiresThreeD` once asked for stays). */
  layer(owner: string, options?: { requiresThreeD?: boolean }): TemporaryGraphics;
  /** 3D spatial data off: clears every `requiresThreeD` layer and refuses drawing there until it is on again. */
  setThreeDContent(on: boolean): void;
  /** Draws everything again on `backend` (a map attached), or erases it and keeps it for later (null). */
  setBackend(backend: GraphicsBackend | null): void;
  /** How many batches `owner` has drawn and not removed (tests, diagnostics). */
  count(owner: string): number;
}

export function createTemporaryGraphicsLayers(initialBackend: GraphicsBackend | null = null): TemporaryGraphicsLayers {
  let backend = initialBackend;
  let threeD = true;
  const owners = new Map<string, Owner>();

  const draw = (ownerId: string, owner: Owner, drawing: Drawing) => {
    drawing.erase = backend ? backend(drawing.kind, drawing.graphics, ownerId, owner.requiresThreeD) : null;
  };
  const add = <K extends GraphicKind>(ownerId: string, kind: K, graphics: GraphicsByKind[K]): Disposer => {
    const owner = owners.get(ownerId)!;
    if (graphics.length === 0 || (owner.requiresThreeD && !threeD)) return () => {};
    const drawing: Drawing = { kind, graphics, erase: null };
    owner.drawings.add(drawing);
    draw(ownerId, owner, drawing);
    return () => {
      if (!owner.drawings.delete(drawing)) return;
      drawing.erase?.();
    };
  };
  const clear = (owner: Owner) => {
    for (const drawing of owner.drawings) drawing.erase?.();
    owner.drawings.clear();
  };

  return {
    layer(ownerId, options = {}) {
      let owner = owners.get(ownerId);
      if (!owner) {
        const created: Owner = {
          requiresThreeD: false,
          drawings: new Set(),
          layer: {
            addPoints: (points) => add(ownerId, 'points', points),
            addGroundPolylines: (lines) => add(ownerId, 'polylines', lines.filter((line) => line.positions.length >= 2)),
            addGroundPolygons: (polygons) => add(ownerId, 'polygons', polygons.filter((polygon) => polygon.positions.length >= 3)),
            clear: () => clear(created),
          },
        };
        owner = created;
        owners.set(ownerId, owner);
      }
      if (options.requiresThreeD) owner.requiresThreeD = true;
      return owner.layer;
    },
    setThreeDContent(on) {
      threeD = on;
      if (!on) for (const owner of owners.values()) if (owner.requiresThreeD) clear(owner);
    },
    setBackend(next) {
      for (const owner of owners.values()) for (const drawing of owner.drawings) drawing.erase?.();
      backend = next;
      for (const [ownerId, owner] of owners) for (const drawing of owner.drawings) draw(ownerId, owner, drawing);
    },
    count: (ownerId) => owners.get(ownerId)?.drawings.size ?? 0,
  };
}

type LonLat = readonly [longitude: number, latitude: number];

/**
 * `positions` without a position repeating the one before it, nor (for a closed line or a ring) a last position
 * repeating the first: Cesium's ground lines fail to normalise a zero-length segment ("normalized result is not a
 * number") and stop rendering, and GeoJSON rings repeat their first position at the end.
 */
export function withoutRepeatedPositions(positions: ReadonlyArray<LonLat>, closed: boolean): LonLat[] {
  const kept: LonLat[] = [];
  for (const position of positions) {
    const previous = kept.at(-1);
    if (!previous || previous[0] !== position[0] || previous[1] !== position[1]) kept.push(position);
  }
  while (closed && kept.length > 1 && kept[0]![0] === kept.at(-1)![0] && kept[0]![1] === kept.at(-1)![1]) kept.pop();
  return kept;
}

/** Adds `primitive` to the scene; the disposer removes (and so destroys) it. */
function addPrimitive(viewer: Viewer, primitive: object & { isDestroyed(): boolean }): Disposer {
  viewer.scene.primitives.add(primitive);
  viewer.scene.requestRender();
  return () => {
    if (viewer.isDestroyed() || primitive.isDestroyed()) return;
    viewer.scene.primitives.remove(primitive);
    viewer.scene.requestRender();
  };
}

/** Lines clamped to the ground as one GroundPolylinePrimitive. */
export function drawGroundPolylines(Cesium: CesiumModule, viewer: Viewer, lines: ReadonlyArray<GroundPolyline>): Disposer {
  const drawable = lines
    .map((line) => ({ ...line, positions: withoutRepeatedPositions(line.positions, line.closed ?? false) }))
    .filter((line) => line.positions.length >= 2);
  if (drawable.length === 0) return () => {};
  const primitive = new Cesium.GroundPolylinePrimitive({
    geometryInstances: drawable.map(
      (line) =>
        new Cesium.GeometryInstance({
          geometry: new Cesium.GroundPolylineGeometry({
            positions: Cesium.Cartesian3.fromDegreesArray(line.positions.flatMap(([longitude, latitude]) => [longitude, latitude])),
            width: line.widthPixels ?? 3,
            loop: line.closed ?? false,
          }),
          attributes: { color: Cesium.ColorGeometryInstanceAttribute.fromColor(Cesium.Color.fromCssColorString(line.colour)) },
        }),
    ),
    appearance: new Cesium.PolylineColorAppearance(),
  });
  return addPrimitive(viewer, primitive);
}

/** Points as one PointPrimitiveCollection, drawn in front of terrain and models (a marker must never hide). */
function drawPoints(Cesium: CesiumModule, viewer: Viewer, points: ReadonlyArray<GraphicPoint>): Disposer {
  const collection = new Cesium.PointPrimitiveCollection();
  for (const point of points) {
    collection.add({
      position: Cesium.Cartesian3.fromDegrees(point.longitude, point.latitude, point.heightMeters ?? 0),
      color: Cesium.Color.fromCssColorString(point.colour),
      pixelSize: point.sizePixels ?? 10,
      outlineColor: Cesium.Color.WHITE,
      outlineWidth: 2,
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
    });
  }
  return addPrimitive(viewer, collection);
}

/** Filled ground polygons as one GroundPrimitive, with their outlines as ground lines. */
function drawPolygons(Cesium: CesiumModule, viewer: Viewer, given: ReadonlyArray<GraphicPolygon>): Disposer {
  const polygons = given
    .map((polygon) => ({ ...polygon, positions: withoutRepeatedPositions(polygon.positions, true) }))
    .filter((polygon) => polygon.positions.length >= 3);
  if (polygons.length === 0) return () => {};
  const fill = new Cesium.GroundPrimitive({
    geometryInstances: polygons.map(
      (polygon) =>
        new Cesium.GeometryInstance({
          geometry: new Cesium.PolygonGeometry({
            polygonHierarchy: new Cesium.PolygonHierarchy(
              Cesium.Cartesian3.fromDegreesArray(polygon.positions.flatMap(([longitude, latitude]) => [longitude, latitude])),
            ),
          }),
          attributes: { color: Cesium.ColorGeometryInstanceAttribute.fromColor(Cesium.Color.fromCssColorString(polygon.fillColour)) },
        }),
    ),
    appearance: new Cesium.PerInstanceColorAppearance({ flat: true, translucent: true }),
  });
  const eraseFill = addPrimitive(viewer, fill);
  const eraseOutlines = drawGroundPolylines(
    Cesium,
    viewer,
    polygons.flatMap((polygon) => (polygon.outlineColour ? [{ positions: polygon.positions, colour: polygon.outlineColour, closed: true }] : [])),
  );
  return () => {
    eraseFill();
    eraseOutlines();
  };
}

/** The backend that draws on a Cesium viewer. */
export function cesiumGraphicsBackend(Cesium: CesiumModule, viewer: Viewer): GraphicsBackend {
  return (kind, graphics) => {
    if (viewer.isDestroyed()) return () => {};
    switch (kind) {
      case 'points':
        return drawPoints(Cesium, viewer, graphics as GraphicsByKind['points']);
      case 'polylines':
        return drawGroundPolylines(Cesium, viewer, graphics as GraphicsByKind['polylines']);
      case 'polygons':
        return drawPolygons(Cesium, viewer, graphics as GraphicsByKind['polygons']);
      default:
        return () => {};
    }
  };
}
