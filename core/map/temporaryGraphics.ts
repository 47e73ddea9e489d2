/**
 * Temporary graphics (DESIGN "a temporary graphics layer per tool"): points, ground lines and ground polygons, 3D
 * lines, labels and 3D polygons a tool draws and removes together — identify's footprint outline, the inspector's
 * marker, UTM squares, measurements, GPX tracks and routes. The bookkeeping (owners, "needs 3D", redrawing on a new map) is plain code over a
 * {@link GraphicsBackend}; {@link cesiumGraphicsBackend} draws with Cesium primitives (no entities).
 */
import type { Viewer } from 'cesium';
import type {
  Disposer,
  GraphicLabel,
  GraphicPoint,
  GraphicPolygon,
  GraphicPolygon3D,
  GraphicPolyline,
  GroundPolyline,
  TemporaryGraphics,
} from '../plugin/types';
import { type DrapedBatch, drapedBatches } from './drapedPolygons';

type CesiumModule = typeof import('cesium');

export interface GraphicsByKind {
  points: ReadonlyArray<GraphicPoint>;
  /** Ground lines. */
  polylines: ReadonlyArray<GroundPolyline>;
  /** Ground polygons. */
  polygons: ReadonlyArray<GraphicPolygon>;
  polylines3D: ReadonlyArray<GraphicPolyline>;
  labels: ReadonlyArray<GraphicLabel>;
  polygons3D: ReadonlyArray<GraphicPolygon3D>;
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
            addPolylines: (lines) => add(ownerId, 'polylines3D', lines.filter((line) => line.positions.length >= 2)),
            addLabels: (labels) => add(ownerId, 'labels', labels.filter((label) => label.text.length > 0)),
            addPolygons: (polygons) => add(ownerId, 'polygons3D', polygons.filter((polygon) => polygon.positions.length >= 3)),
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

/** Filled ground polygons as GroundPrimitives (one per {@link drapedBatches} batch), with their outlines as ground lines. */
function drawPolygons(Cesium: CesiumModule, viewer: Viewer, given: ReadonlyArray<GraphicPolygon>): Disposer {
  const polygons = given
    .map((polygon) => ({ ...polygon, positions: withoutRepeatedPositions(polygon.positions, true) }))
    .filter((polygon) => polygon.positions.length >= 3);
  if (polygons.length === 0) return () => {};
  const eraseFills = drapedBatches(polygons).map((batch) => drawPolygonFills(Cesium, viewer, batch));
  const eraseOutlines = drawGroundPolylines(
    Cesium,
    viewer,
    polygons.flatMap((polygon) => (polygon.outlineColour ? [{ positions: polygon.positions, colour: polygon.outlineColour, closed: true }] : [])),
  );
  return () => {
    for (const erase of eraseFills) erase();
    eraseOutlines();
  };
}

/** One batch of ground polygon fills as one GroundPrimitive, classifying the terrain or the terrain and 3D Tiles. */
function drawPolygonFills(Cesium: CesiumModule, viewer: Viewer, { classification, polygons }: DrapedBatch): Disposer {
  const fill = new Cesium.GroundPrimitive({
    classificationType: classification === 'both' ? Cesium.ClassificationType.BOTH : Cesium.ClassificationType.TERRAIN,
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
  return addPrimitive(viewer, fill);
}

/** Default look of {@link GraphicLabel}: white text on a dark translucent box, in a plain readable font. */
export const LABEL_DEFAULTS = { colour: '#ffffff', backgroundColour: 'rgba(32, 32, 32, 0.8)', font: '600 14px system-ui, sans-serif' } as const;
/** Dash length of a dashed {@link GraphicPolyline}, pixels. */
const DASH_LENGTH_PIXELS = 12;

type LonLatHeight = readonly [longitude: number, latitude: number, heightMeters: number];

/** `positions` without a position repeating the one before it (nor, for a ring, the first at the end). */
export function withoutRepeated3DPositions(positions: ReadonlyArray<LonLatHeight>, closed: boolean): LonLatHeight[] {
  const same = (a: LonLatHeight, b: LonLatHeight) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
  const kept: LonLatHeight[] = [];
  for (const position of positions) if (!kept.length || !same(kept.at(-1)!, position)) kept.push(position);
  while (closed && kept.length > 1 && same(kept[0]!, kept.at(-1)!)) kept.pop();
  return kept;
}

function cartesians(Cesium: CesiumModule, positions: ReadonlyArray<LonLatHeight>) {
  return Cesium.Cartesian3.fromDegreesArrayHeights(positions.flatMap(([longitude, latitude, height]) => [longitude, latitude, height]));
}

/** 3D lines as one PolylineCollection (each its own colour, width and dash), depth-tested like the scene. */
function drawPolylines(Cesium: CesiumModule, viewer: Viewer, lines: ReadonlyArray<GraphicPolyline & { loop?: boolean }>): Disposer {
  const collection = new Cesium.PolylineCollection();
  for (const line of lines) {
    const positions = withoutRepeated3DPositions(line.positions, line.loop ?? false);
    if (positions.length < 2) continue;
    const color = Cesium.Color.fromCssColorString(line.colour);
    collection.add({
      positions: cartesians(Cesium, positions),
      width: line.widthPixels ?? 3,
      loop: line.loop ?? false,
      material: line.dashed
        ? Cesium.Material.fromType('PolylineDash', { color, dashLength: DASH_LENGTH_PIXELS })
        : Cesium.Material.fromType('Color', { color }),
    });
  }
  if (collection.length === 0) return () => {};
  return addPrimitive(viewer, collection);
}

/** Labels as one LabelCollection, on a background and in front of terrain and models. */
function drawLabels(Cesium: CesiumModule, viewer: Viewer, labels: ReadonlyArray<GraphicLabel>): Disposer {
  const collection = new Cesium.LabelCollection();
  for (const label of labels) {
    collection.add({
      position: Cesium.Cartesian3.fromDegrees(label.longitude, label.latitude, label.heightMeters ?? 0),
      text: label.text,
      font: LABEL_DEFAULTS.font,
      fillColor: Cesium.Color.fromCssColorString(label.colour ?? LABEL_DEFAULTS.colour),
      showBackground: true,
      backgroundColor: Cesium.Color.fromCssColorString(label.backgroundColour ?? LABEL_DEFAULTS.backgroundColour),
      horizontalOrigin: Cesium.HorizontalOrigin.CENTER,
      verticalOrigin: Cesium.VerticalOrigin.BOTTOM,
      pixelOffset: new Cesium.Cartesian2(label.offsetPixels?.x ?? 0, label.offsetPixels?.y ?? 0),
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
    });
  }
  return addPrimitive(viewer, collection);
}

/** Polygons with per-vertex heights as one Primitive, with their outlines as 3D lines of 2 px. */
function draw3DPolygons(Cesium: CesiumModule, viewer: Viewer, given: ReadonlyArray<GraphicPolygon3D>): Disposer {
  const polygons = given
    .map((polygon) => ({ ...polygon, positions: withoutRepeated3DPositions(polygon.positions, true) }))
    .filter((polygon) => polygon.positions.length >= 3);
  if (polygons.length === 0) return () => {};
  const fill = new Cesium.Primitive({
    geometryInstances: polygons.map(
      (polygon) =>
        new Cesium.GeometryInstance({
          geometry: new Cesium.PolygonGeometry({
            polygonHierarchy: new Cesium.PolygonHierarchy(cartesians(Cesium, polygon.positions)),
            perPositionHeight: true,
          }),
          attributes: { color: Cesium.ColorGeometryInstanceAttribute.fromColor(Cesium.Color.fromCssColorString(polygon.fillColour)) },
        }),
    ),
    appearance: new Cesium.PerInstanceColorAppearance({ flat: true, translucent: true }),
  });
  const eraseFill = addPrimitive(viewer, fill);
  const eraseOutlines = drawPolylines(
    Cesium,
    viewer,
    polygons.flatMap((polygon) => (polygon.outlineColour ? [{ positions: polygon.positions, colour: polygon.outlineColour, widthPixels: 2, loop: true }] : [])),
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
      case 'polylines3D':
        return drawPolylines(Cesium, viewer, graphics as GraphicsByKind['polylines3D']);
      case 'labels':
        return drawLabels(Cesium, viewer, graphics as GraphicsByKind['labels']);
      case 'polygons3D':
        return draw3DPolygons(Cesium, viewer, graphics as GraphicsByKind['polygons3D']);
      default:
        return () => {};
    }
  };
}
