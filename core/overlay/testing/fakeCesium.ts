/**
 * Test support: the small part of Cesium the overlay sources and drawers use, recording what they were asked
 * to draw (unit tests run without WebGL). Not imported by app code.
 */
type Listener = (...args: unknown[]) => void;

export class FakeEvent {
  readonly listeners = new Set<Listener>();
  addEventListener(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  raise(...args: unknown[]): void {
    for (const listener of [...this.listeners]) listener(...args);
  }
}

/** Records its constructor options. */
class Recorded<T = Record<string, unknown>> {
  constructor(readonly options: T) {}
}

export class FakeGeometryInstance extends Recorded<{ id: string; geometry: Recorded; attributes: { color: { rgba: number[] }; distanceDisplayCondition?: { near: number; far: number } } }> {}
export class FakePrimitive extends Recorded<{ geometryInstances: FakeGeometryInstance[]; appearance: unknown }> {
  show = true;
  ready = false;
  kind = 'Primitive';
}
export class FakeGroundPrimitive extends FakePrimitive {
  kind = 'GroundPrimitive';
}
export class FakeGroundPolylinePrimitive extends FakePrimitive {
  kind = 'GroundPolylinePrimitive';
}

export interface FakeLabel {
  id: string;
  text: string;
  position: unknown;
  computeScreenSpacePosition(): { x: number; y: number };
}

export class FakeLabelCollection {
  show = true;
  readonly labels: FakeLabel[] = [];
  add(options: { id: string; text: string; position: unknown }): FakeLabel {
    const label = { ...options, computeScreenSpacePosition: () => ({ x: 10, y: 20 }) };
    this.labels.push(label);
    return label;
  }
  remove(label: FakeLabel): boolean {
    const index = this.labels.indexOf(label);
    if (index >= 0) this.labels.splice(index, 1);
    return index >= 0;
  }
}

export class FakeImageryProvider extends Recorded<Record<string, unknown>> {
  readonly errorEvent = new FakeEvent();
}

export class FakeTileset {
  show = true;
  style: unknown = undefined;
  customShader: unknown = undefined;
  maximumScreenSpaceError = 16;
  readonly tileFailed = new FakeEvent();
  destroyed = false;
  constructor(
    readonly url: string,
    readonly options: { maximumScreenSpaceError?: number } = {},
  ) {
    if (options.maximumScreenSpaceError !== undefined) this.maximumScreenSpaceError = options.maximumScreenSpaceError;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

/** A fake Cesium module plus the fake viewer it draws into. */
export function createFakeCesium(options: { tilesetFails?: boolean } = {}) {
  const primitives: unknown[] = [];
  const scene = {
    primitives: {
      add<T>(primitive: T): T {
        primitives.push(primitive);
        return primitive;
      },
      remove(primitive: unknown): boolean {
        const index = primitives.indexOf(primitive);
        if (index >= 0) primitives.splice(index, 1);
        return index >= 0;
      },
    },
    postRender: new FakeEvent(),
    preRender: new FakeEvent(),
    preUpdate: new FakeEvent(),
    requestRender: () => {},
    isDestroyed: () => false,
    screenSpaceCameraController: { maximumZoomDistance: Number.POSITIVE_INFINITY, maximumTiltAngle: undefined as number | undefined },
  };
  const imageryLayers: Array<{ provider: FakeImageryProvider; show: boolean }> = [];
  const camera = {
    positionCartographic: { longitude: 2, latitude: 0.39, height: 3000 },
    pitch: -0.2,
    heading: 0,
    roll: 0,
    moveEnd: new FakeEvent(),
    setView: (view: { destination: { longitude: number; latitude: number; height: number }; orientation: { pitch: number } }) => {
      camera.positionCartographic = { longitude: view.destination.longitude, latitude: view.destination.latitude, height: view.destination.height };
      camera.pitch = view.orientation.pitch;
      camera.views.push(view);
    },
    cancelFlight: () => {},
    flyTo: (flight: { destination: { longitude: number; latitude: number; height: number }; orientation: { pitch: number }; duration: number }) => {
      camera.flights.push(flight);
      camera.setView(flight);
    },
    views: [] as unknown[],
    flights: [] as unknown[],
    /** The ground point at the centre of the view (radians), or undefined when the view shows sky. */
    centre: { longitude: 2.0001, latitude: 0.3901, height: 0 } as { longitude: number; latitude: number; height: number } | undefined,
    pickEllipsoid: () => camera.centre,
  };
  const viewer = {
    scene: { ...scene, camera, canvas: { clientWidth: 800, clientHeight: 600 } },
    camera,
    imageryLayers: {
      addImageryProvider(provider: FakeImageryProvider) {
        const layer = { provider, show: true };
        imageryLayers.push(layer);
        return layer;
      },
      remove(layer: { provider: FakeImageryProvider; show: boolean }) {
        imageryLayers.splice(imageryLayers.indexOf(layer), 1);
        return true;
      },
    },
    isDestroyed: () => false,
  };
  const Cesium = {
    Cartesian3: {
      fromDegrees: (longitude: number, latitude: number, height = 0) => ({ longitude, latitude, height }),
      fromRadians: (longitude: number, latitude: number, height = 0) => ({ longitude, latitude, height }),
      fromDegreesArray: (values: number[]) => {
        const out: Array<{ longitude: number; latitude: number }> = [];
        for (let i = 0; i < values.length; i += 2) out.push({ longitude: values[i], latitude: values[i + 1] });
        return out;
      },
    },
    Cartographic: { fromCartesian: (position: { longitude: number; latitude: number; height: number }) => position },
    Cartesian2: class {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
    },
    Color: {
      WHITE: { rgba: [255, 255, 255, 255] },
      fromBytes: (r: number, g: number, b: number, a = 255) => ({ rgba: [r, g, b, a] }),
    },
    ColorGeometryInstanceAttribute: { fromColor: (color: { rgba: number[] }) => color },
    GeometryInstance: FakeGeometryInstance,
    GroundPolylineGeometry: class extends Recorded {
      kind = 'GroundPolylineGeometry';
    },
    PolygonGeometry: class extends Recorded {
      kind = 'PolygonGeometry';
    },
    PolygonHierarchy: class {
      constructor(
        readonly positions: unknown[],
        readonly holes: unknown[] = [],
      ) {}
    },
    Primitive: FakePrimitive,
    GroundPrimitive: FakeGroundPrimitive,
    GroundPolylinePrimitive: FakeGroundPolylinePrimitive,
    PerInstanceColorAppearance: Recorded,
    PolylineColorAppearance: Recorded,
    LabelCollection: FakeLabelCollection,
    BillboardCollection: class {
      show = true;
    },
    LabelStyle: { FILL_AND_OUTLINE: 2 },
    VerticalOrigin: { CENTER: 0, BOTTOM: 1 },
    HorizontalOrigin: { CENTER: 0 },
    HeightReference: { NONE: 0, CLAMP_TO_GROUND: 1, RELATIVE_TO_GROUND: 3 },
    DistanceDisplayCondition: class {
      constructor(
        readonly near: number,
        readonly far: number,
      ) {}
    },
    DistanceDisplayConditionGeometryInstanceAttribute: class {
      constructor(
        readonly near: number,
        readonly far: number,
      ) {}
    },
    SceneTransforms: { worldToWindowCoordinates: () => ({ x: 1, y: 2 }) },
    WebMapTileServiceImageryProvider: FakeImageryProvider,
    GeographicTilingScheme: class {
      kind = 'geographic';
    },
    WebMercatorTilingScheme: class {
      kind = 'web-mercator';
    },
    Cesium3DTileset: {
      fromUrl: async (url: string, tilesetOptions?: { maximumScreenSpaceError?: number }) => {
        if (options.tilesetFails) throw new Error(`tileset ${url}: HTTP 404`);
        return new FakeTileset(url, tilesetOptions);
      },
    },
    Cesium3DTileStyle: class {
      constructor(readonly style: { color: string }) {}
      get color() {
        return this.style.color;
      }
    },
    Math: {
      toRadians: (degrees: number) => (degrees * Math.PI) / 180,
      toDegrees: (radians: number) => (radians * 180) / Math.PI,
    },
  };
  return { Cesium, viewer, scene: viewer.scene, primitives, imageryLayers, camera };
}

export type FakeCesium = ReturnType<typeof createFakeCesium>;

/** The fake as the real module's type, for code under test. */
export function asCesium(fake: FakeCesium): typeof import('cesium') {
  return fake.Cesium as unknown as typeof import('cesium');
}
