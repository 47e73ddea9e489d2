import { describe, expect, it } from 'vitest';
import { createTemporaryGraphicsLayers, withoutRepeated3DPositions, withoutRepeatedPositions, type GraphicsBackend } from './temporaryGraphics';

/** A backend that records what is on the "map" now. */
function fakeBackend() {
  const drawn = new Set<string>();
  let next = 0;
  const backend: GraphicsBackend = (kind, graphics, owner) => {
    const key = `${owner}:${kind}:${graphics.length}:${(next += 1)}`;
    drawn.add(key);
    return () => drawn.delete(key);
  };
  return { backend, drawn };
}

const square = [
  [114.1, 22.3],
  [114.2, 22.3],
  [114.2, 22.4],
] as const;

describe('temporary graphics layers', () => {
  it('draws per owner and clears one owner without touching another', () => {
    const { backend, drawn } = fakeBackend();
    const layers = createTemporaryGraphicsLayers(backend);
    const identify = layers.layer('identify');
    expect(layers.layer('identify')).toBe(identify);
    identify.addPoints([{ longitude: 114.1, latitude: 22.3, colour: '#f00' }]);
    identify.addGroundPolygons([{ positions: square, fillColour: 'rgba(255,0,0,0.3)' }]);
    const eraseLine = layers.layer('inspector').addGroundPolylines([{ positions: square, colour: '#00f' }]);
    expect(drawn.size).toBe(3);
    identify.clear();
    expect([...drawn]).toEqual([expect.stringMatching(/^inspector:polylines/)]);
    eraseLine();
    eraseLine();
    expect(drawn.size).toBe(0);
  });

  it('skips empty and degenerate shapes', () => {
    const { backend, drawn } = fakeBackend();
    const layer = createTemporaryGraphicsLayers(backend).layer('tool');
    layer.addGroundPolylines([{ positions: [[114, 22]], colour: '#000' }]);
    layer.addGroundPolygons([{ positions: square.slice(0, 2), fillColour: '#000' }]);
    layer.addPoints([]);
    expect(drawn.size).toBe(0);
  });

  it('clears and refuses graphics that need 3D while the 3D spatial data is off, and keeps the rest', () => {
    const { backend, drawn } = fakeBackend();
    const layers = createTemporaryGraphicsLayers(backend);
    const route = layers.layer('route', { requiresThreeD: true });
    route.addGroundPolylines([{ positions: square, colour: '#f00' }]);
    layers.layer('identify').addPoints([{ longitude: 114, latitude: 22, colour: '#f00' }]);
    layers.setThreeDContent(false);
    expect(layers.count('route')).toBe(0);
    expect(layers.count('identify')).toBe(1);
    route.addGroundPolylines([{ positions: square, colour: '#f00' }]);
    expect(layers.count('route')).toBe(0);
    expect(drawn.size).toBe(1);
    layers.setThreeDContent(true);
    route.addGroundPolylines([{ positions: square, colour: '#f00' }]);
    expect(layers.count('route')).toBe(1);
  });

  it('keeps what was drawn without a map and draws it on the map attached next', () => {
    const layers = createTemporaryGraphicsLayers(null);
    layers.layer('utm').addGroundPolygons([{ positions: square, fillColour: '#0f0' }]);
    const first = fakeBackend();
    layers.setBackend(first.backend);
    expect(first.drawn.size).toBe(1);
    const second = fakeBackend();
    layers.setBackend(second.backend);
    expect(first.drawn.size).toBe(0);
    expect(second.drawn.size).toBe(1);
  });
});

describe('positions Cesium can draw', () => {
  it('drops repeated positions and the closing repeat of a ring (a zero-length ground-line segment stops rendering)', () => {
    const ring = [
      [114.1, 22.3],
      [114.2, 22.3],
      [114.2, 22.3],
      [114.2, 22.4],
      [114.1, 22.3],
    ] as const;
    expect(withoutRepeatedPositions(ring, true)).toEqual([
      [114.1, 22.3],
      [114.2, 22.3],
      [114.2, 22.4],
    ]);
    expect(withoutRepeatedPositions(ring, false)).toHaveLength(4);
    expect(withoutRepeatedPositions([[114, 22], [114, 22]], true)).toEqual([[114, 22]]);
  });

  it('draws 3D lines, labels and 3D polygons per owner, skipping the degenerate ones, and redraws them on a new map', () => {
    const { backend, drawn } = fakeBackend();
    const layers = createTemporaryGraphicsLayers(backend);
    const layer = layers.layer('measurement');
    const roof = [
      [114.1, 22.3, 40],
      [114.2, 22.3, 41],
      [114.2, 22.4, 42],
    ] as const;
    layer.addPolylines([{ positions: roof, colour: '#ff0', dashed: true }, { positions: [roof[0]], colour: '#ff0' }]);
    layer.addLabels([{ longitude: 114.1, latitude: 22.3, text: '12.34 m' }, { longitude: 114.1, latitude: 22.3, text: '' }]);
    const erasePolygon = layer.addPolygons([{ positions: roof, fillColour: 'rgba(255,255,0,0.3)', outlineColour: '#ff0' }]);
    layer.addPolygons([{ positions: roof.slice(0, 2), fillColour: '#000' }]);
    expect([...drawn].map((key) => key.split(':').slice(0, 3).join(':')).sort()).toEqual([
      'measurement:labels:1',
      'measurement:polygons3D:1',
      'measurement:polylines3D:1',
    ]);
    const second = fakeBackend();
    layers.setBackend(second.backend);
    expect(drawn.size).toBe(0);
    expect(second.drawn.size).toBe(3);
    erasePolygon();
    expect(second.drawn.size).toBe(2);
    layer.clear();
    expect(second.drawn.size).toBe(0);
  });

  it('drops repeated 3D positions, a repeated height counting as a different place only when it differs', () => {
    expect(
      withoutRepeated3DPositions(
        [
          [114, 22, 5],
          [114, 22, 5],
          [114, 22, 6],
          [114.1, 22, 6],
          [114, 22, 5],
        ],
        true,
      ),
    ).toEqual([
      [114, 22, 5],
      [114, 22, 6],
      [114.1, 22, 6],
    ]);
  });
});
