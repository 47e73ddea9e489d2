import { describe, expect, it } from 'vitest';
import type { Scene } from 'cesium';
import { overlayManifestSchema, type OverlayManifestInput } from '../manifests/schemas';
import { overlayFeatureCollectionSchema, toKeyedFeatures } from './features';
import { manifestMarkerStyle } from './markerDrawer';
import { distinctPath, parseManifestColour, POLYGON_FILL_ALPHA, ShapeDrawer } from './shapeDrawer';
import { asCesium, createFakeCesium, FakeGroundPolylinePrimitive, FakeGroundPrimitive, FakePrimitive, type FakeLabelCollection } from './testing/fakeCesium';
import { square } from './testing/geometry';


function manifestOf(display: OverlayManifestInput['display']) {
  return overlayManifestSchema.parse({
    id: 'census',
    mode: 'GEOJSON',
    name: { 'en-US': 'Census', 'zh-HK': '人口', 'zh-CN': '人口' },
    url: '/census.json',
    display,
  });
}

function collection(features: Array<{ geometry: unknown; properties?: Record<string, unknown> }>) {
  return overlayFeatureCollectionSchema.parse({
    type: 'FeatureCollection',
    features: features.map((feature) => ({ type: 'Feature', properties: {}, ...feature })),
  });
}

function setUp(display: OverlayManifestInput['display'], textured = true) {
  const fake = createFakeCesium();
  const manifest = manifestOf(display);
  let language: 'en-US' | 'zh-HK' | 'zh-CN' = 'en-US';
  const drawer = new ShapeDrawer(asCesium(fake), fake.scene as unknown as Scene, manifest, manifestMarkerStyle(manifest, () => language), textured);
  const draw = (features: Parameters<typeof collection>[0]) => drawer.apply(toKeyedFeatures('census', collection(features), `|${language}`));
  const primitivesOf = <T>(kind: new (...args: never[]) => T) => fake.primitives.filter((p): p is T => p instanceof kind && (p as object).constructor === kind);
  const labels = () => fake.primitives.find((p) => (p as FakeLabelCollection).labels !== undefined) as FakeLabelCollection;
  return { fake, drawer, draw, primitivesOf, labels, setLanguage: (next: typeof language) => (language = next) };
}

describe('ShapeDrawer', () => {
  it('draws every polygon of an overlay in one GroundPrimitive with per-instance colour and the entity id', () => {
    const { draw, primitivesOf, drawer } = setUp({ kind: 'polygon', colourProperty: 'rgb' });
    draw([
      { geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] }, properties: { rgb: '0,128,255' } },
      { geometry: { type: 'MultiPolygon', coordinates: [[square(114.2, 22.3)], [square(114.3, 22.3)]] }, properties: { rgb: 'bad' } },
    ]);
    const [fill] = primitivesOf(FakeGroundPrimitive);
    expect(primitivesOf(FakeGroundPrimitive)).toHaveLength(1);
    const instances = fill.options.geometryInstances;
    const [polygonId, multiId] = drawer.ids();
    expect(polygonId).toMatch(/^census\|\|\|114\.105\d*\|\|\|22\.305\d*\|\|\|Polygon$/);
    expect(multiId).toMatch(/\|\|\|MultiPolygon$/);
    // One instance per polygon of a multi-polygon, all with the feature's entity id.
    expect(instances.map((i) => i.options.id)).toEqual([polygonId, multiId, multiId]);
    const alpha = Math.round(POLYGON_FILL_ALPHA * 255);
    expect(instances[0].options.attributes.color.rgba).toEqual([0, 128, 255, alpha]);
    // Not three numbers: red.
    expect(instances[1].options.attributes.color.rgba).toEqual([255, 0, 0, alpha]);
  });

  it('applies the manifest display range to each shape, fills, outlines and lines (SPEC §9 indoor polygons 7–105 km)', () => {
    const { draw, primitivesOf } = setUp({ kind: 'polygon', outlineColour: '#000', minimumDistanceMeters: 7000, maximumDistanceMeters: 105000 });
    draw([{ geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] } }]);
    const [fill] = primitivesOf(FakeGroundPrimitive);
    expect(fill.options.geometryInstances[0].options.attributes.distanceDisplayCondition).toEqual({ near: 7000, far: 105000 });
    const [outline] = primitivesOf(FakeGroundPolylinePrimitive);
    expect(outline.options.geometryInstances[0].options.attributes.distanceDisplayCondition).toEqual({ near: 7000, far: 105000 });
    const walls = setUp({ kind: 'polyline', maximumDistanceMeters: 7000 });
    walls.draw([{ geometry: { type: 'LineString', coordinates: [[114.1, 22.3], [114.2, 22.3]] } }]);
    expect(walls.primitivesOf(FakeGroundPolylinePrimitive)[0].options.geometryInstances[0].options.attributes.distanceDisplayCondition).toEqual({ near: 0, far: 7000 });
    const unbounded = setUp({ kind: 'polygon' });
    unbounded.draw([{ geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] } }]);
    expect(unbounded.primitivesOf(FakeGroundPrimitive)[0].options.geometryInstances[0].options.attributes.distanceDisplayCondition).toBeUndefined();
  });

  it('drops repeated vertices and the closing repeat, which would stop Cesium rendering, and paths too short to draw', () => {
    expect(distinctPath([[0, 0], [1, 0], [1, 0], [1, 1], [0, 0]], true)).toEqual([[0, 0], [1, 0], [1, 1]]);
    expect(distinctPath([[0, 0], [0, 0], [1, 1]], false)).toEqual([[0, 0], [1, 1]]);
    expect(distinctPath([[0, 0], [1, 1], [0, 0]], true)).toBeNull();
    expect(distinctPath([[0, 0], [0, 0]], false)).toBeNull();
    const { draw, primitivesOf } = setUp({ kind: 'polygon', colour: '#ff0000', outlineColour: '#000000' });
    draw([{ geometry: { type: 'Polygon', coordinates: [[[114, 22], [114.1, 22], [114.1, 22], [114.1, 22.1], [114, 22]]] } }]);
    const [outline] = primitivesOf(FakeGroundPolylinePrimitive);
    expect((outline.options.geometryInstances[0].options.geometry.options as { positions: unknown[] }).positions).toHaveLength(3);
  });

  it('keeps the alpha a manifest colour gives (rgba or #rrggbbaa)', () => {
    expect(parseManifestColour('rgba(255,140,0,0.18)')).toEqual({ rgb: [255, 140, 0], alpha: 0.18 });
    expect(parseManifestColour('#ff8c0080')).toEqual({ rgb: [255, 140, 0], alpha: 128 / 255 });
    expect(parseManifestColour('#ff8c00')).toEqual({ rgb: [255, 140, 0], alpha: null });
    const { draw, primitivesOf } = setUp({ kind: 'polygon', colour: 'rgba(255,140,0,0.18)' });
    draw([{ geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] } }]);
    expect(primitivesOf(FakeGroundPrimitive)[0].options.geometryInstances[0].options.attributes.color.rgba).toEqual([255, 140, 0, Math.round(0.18 * 255)]);
  });

  it('uses display.colour and draws display.outlineColour as a separate outline batch of ground polylines', () => {
    const { draw, primitivesOf } = setUp({ kind: 'polygon', colour: '#00ff00', outlineColour: '#000000', lineWidthPixels: 3 });
    draw([{ geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3), square(114.102, 22.302, 0.002)] } }]);
    const [fill] = primitivesOf(FakeGroundPrimitive);
    expect(fill.options.geometryInstances[0].options.attributes.color.rgba.slice(0, 3)).toEqual([0, 255, 0]);
    const [outline] = primitivesOf(FakeGroundPolylinePrimitive);
    // One loop per ring (outer and hole), in the outline colour and width.
    expect(outline.options.geometryInstances).toHaveLength(2);
    expect(outline.options.geometryInstances[0].options.attributes.color.rgba).toEqual([0, 0, 0, 255]);
    expect(outline.options.geometryInstances[0].options.geometry.options).toMatchObject({ width: 3, loop: true });
  });

  it('extrudes polygons by display.extrudedHeightProperty in an opaque Primitive, skipping features without a height', () => {
    const { draw, primitivesOf } = setUp({ kind: 'polygon', colour: '#808080', extrudedHeightProperty: 'height', heightOffsetMeters: 5 });
    draw([
      { geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] }, properties: { height: 40 } },
      { geometry: { type: 'Polygon', coordinates: [square(114.2, 22.3)] }, properties: { height: 'n/a' } },
    ]);
    expect(primitivesOf(FakeGroundPrimitive)).toHaveLength(0);
    const [extruded] = primitivesOf(FakePrimitive);
    expect(extruded.options.geometryInstances).toHaveLength(1);
    expect(extruded.options.geometryInstances[0].options.geometry.options).toMatchObject({ height: 5, extrudedHeight: 45 });
    expect(extruded.options.geometryInstances[0].options.attributes.color.rgba[3]).toBe(255);
  });

  it('takes fill alpha, outline colour and extrusion height per feature from the style (an overlay handler), translucent when see-through', () => {
    const fake = createFakeCesium();
    const manifest = manifestOf({ kind: 'polygon', extrudedHeightProperty: 'heightFeet' });
    const style = {
      ...manifestMarkerStyle(manifest),
      colour: (properties: Record<string, unknown>) => (properties.heightFeet === 300 ? ([255, 255, 0] as const) : ([255, 0, 0] as const)),
      alpha: () => 128 / 255,
      outlineColour: (properties: Record<string, unknown>) => (properties.heightFeet === 300 ? { rgb: [255, 255, 0] as const, alpha: 32 / 255 } : null),
      extrudedHeightMeters: (properties: Record<string, unknown>) => Number(properties.heightFeet) / 3.28084,
    };
    const drawer = new ShapeDrawer(asCesium(fake), fake.scene as unknown as Scene, manifest, style, true);
    drawer.apply(
      toKeyedFeatures(
        'census',
        collection([
          { geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] }, properties: { heightFeet: 300 } },
          { geometry: { type: 'Polygon', coordinates: [square(114.2, 22.3)] }, properties: { heightFeet: 1200 } },
        ]),
        '',
      ),
    );
    const [extruded] = fake.primitives.filter((p): p is FakePrimitive => (p as object).constructor === FakePrimitive);
    const [yellow, red] = extruded.options.geometryInstances;
    expect(yellow.options.attributes.color.rgba).toEqual([255, 255, 0, 128]);
    expect(red.options.attributes.color.rgba).toEqual([255, 0, 0, 128]);
    expect(yellow.options.geometry.options.extrudedHeight).toBeCloseTo(91.44, 2);
    expect(red.options.geometry.options.extrudedHeight).toBeCloseTo(365.76, 2);
    expect((extruded.options as unknown as { appearance: { options: { translucent: boolean } } }).appearance.options.translucent).toBe(true);
    // Only the feature whose style gives an outline has one, in that colour and alpha.
    const [outline] = fake.primitives.filter((p): p is FakeGroundPolylinePrimitive => p instanceof FakeGroundPolylinePrimitive);
    expect(outline.options.geometryInstances).toHaveLength(1);
    expect(outline.options.geometryInstances[0].options.attributes.color.rgba).toEqual([255, 255, 0, 32]);
  });

  it('draws lines as ground polylines of the line width and colour', () => {
    const { draw, primitivesOf } = setUp({ kind: 'polyline', colour: '#0000ff', lineWidthPixels: 4 });
    draw([
      { geometry: { type: 'LineString', coordinates: [[114.1, 22.3], [114.2, 22.3], [114.3, 22.4]] } },
      { geometry: { type: 'MultiLineString', coordinates: [[[114.5, 22.3], [114.6, 22.3]], [[114.7, 22.3], [114.8, 22.3]]] } },
    ]);
    const [lines] = primitivesOf(FakeGroundPolylinePrimitive);
    // Keyed by the middle vertex of the (first) longest line.
    expect(lines.options.geometryInstances.map((i) => i.options.id)).toEqual([
      'census|||114.2|||22.3|||LineString',
      'census|||114.5|||22.3|||MultiLineString',
      'census|||114.5|||22.3|||MultiLineString',
    ]);
    expect(lines.options.geometryInstances[0].options.geometry.options).toMatchObject({ width: 4 });
    expect(lines.options.geometryInstances[0].options.attributes.color.rgba).toEqual([0, 0, 255, 255]);
  });

  it('labels polygons at the centroid of their largest ring, per language, and edits labels in place', () => {
    const { draw, labels, drawer, setLanguage } = setUp({
      kind: 'polygon',
      labelTemplate: { 'en-US': '{name_EN}', 'zh-HK': '{name_TC}', 'zh-CN': '{name_SC}' },
    });
    const features = [
      {
        geometry: { type: 'MultiPolygon', coordinates: [[square(114.0, 22.0, 0.01)], [square(114.2, 22.2, 0.1)]] },
        properties: { name_EN: 'Central', name_TC: '中環', name_SC: '中环' },
      },
    ];
    draw(features);
    expect(labels().labels.map((l) => l.text)).toEqual(['Central']);
    const position = labels().labels[0].position as { longitude: number; latitude: number };
    expect(position.longitude).toBeCloseTo(114.25, 6);
    expect(position.latitude).toBeCloseTo(22.25, 6);
    const label = labels().labels[0];
    setLanguage('zh-HK');
    draw(features);
    expect(labels().labels).toEqual([label]);
    expect(label.text).toBe('中環');
    // A label-only change leaves the batched geometry alone.
    expect(drawer.lastRebuilt).toEqual([]);
    expect(drawer.screenPosition(drawer.ids()[0])).toEqual({ x: 10, y: 20 });
  });

  it('reconciles by entity id: only the batch whose features changed is rebuilt', () => {
    const { draw, drawer, primitivesOf, fake } = setUp({ kind: 'polygon', colourProperty: 'rgb', outlineColour: '#000000' });
    const polygon = (rgb: string) => ({ geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] }, properties: { rgb, popup: 'a' } });
    const line = { geometry: { type: 'LineString', coordinates: [[114.1, 22.3], [114.2, 22.3]] } };
    draw([polygon('1,2,3'), line]);
    expect(drawer.lastRebuilt).toEqual(['fill', 'outline', 'line']);
    const firstFill = primitivesOf(FakeGroundPrimitive)[0];
    firstFill.ready = true;
    fake.scene.postRender.raise();
    // Same data again: nothing rebuilt.
    let plan = draw([polygon('1,2,3'), line]);
    expect(plan.unchanged).toBe(2);
    expect(drawer.lastRebuilt).toEqual([]);
    // A property the drawing does not use: the feature is updated, no batch rebuilt.
    plan = draw([{ ...polygon('1,2,3'), properties: { rgb: '1,2,3', popup: 'b' } }, line]);
    expect(plan.updated).toHaveLength(1);
    expect(drawer.lastRebuilt).toEqual([]);
    const polygonId = drawer.ids().find((id) => id.endsWith('|||Polygon'))!;
    expect(drawer.feature(polygonId)?.properties.popup).toBe('b');
    // A new colour: the fill batch (and its outline, same features) is rebuilt, the line batch is not.
    draw([polygon('9,9,9'), line]);
    expect(drawer.lastRebuilt).toEqual(['fill', 'outline']);
    // The old fill stays until the new one has compiled, then is replaced.
    const fills = primitivesOf(FakeGroundPrimitive);
    expect(fills).toEqual([firstFill, expect.any(FakeGroundPrimitive)]);
    fake.scene.postRender.raise();
    expect(primitivesOf(FakeGroundPrimitive)).toHaveLength(2);
    fills[1].ready = true;
    fake.scene.postRender.raise();
    expect(primitivesOf(FakeGroundPrimitive)).toEqual([fills[1]]);
    expect(fills[1]).not.toBe(firstFill);
    // The polygon disappears: its batches go, the line stays.
    plan = draw([line]);
    expect(plan.removed).toEqual([polygonId]);
    expect(primitivesOf(FakeGroundPrimitive)).toEqual([]);
    expect(drawer.ids()).toEqual(['census|||114.1|||22.3|||LineString']);
  });

  it('uses texturelessColour in textureless mode and follows the mode live', () => {
    const { draw, drawer, primitivesOf, fake } = setUp({ kind: 'polygon', colour: '#ff8800', outlineColour: '#000000', texturelessColour: '#ffffff' }, false);
    draw([{ geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] } }]);
    const colourOfNewest = () => primitivesOf(FakeGroundPrimitive).at(-1)!.options.geometryInstances[0].options.attributes.color.rgba.slice(0, 3);
    expect(colourOfNewest()).toEqual([255, 255, 255]);
    for (const p of primitivesOf(FakeGroundPrimitive)) p.ready = true;
    fake.scene.postRender.raise();
    drawer.setTextured(true);
    expect(colourOfNewest()).toEqual([255, 136, 0]);
    expect(drawer.lastRebuilt).toEqual(['fill']);
  });

  it('shows and hides every batch and the labels together, and removes them all when destroyed', () => {
    const { draw, drawer, fake } = setUp({ kind: 'polygon', colour: '#ff0000', labelTemplate: '{name}' });
    draw([{ geometry: { type: 'Polygon', coordinates: [square(114.1, 22.3)] }, properties: { name: 'A' } }]);
    drawer.setShow(false);
    expect(fake.primitives.every((p) => (p as { show: boolean }).show === false)).toBe(true);
    drawer.destroy();
    expect(fake.primitives).toEqual([]);
  });
});
