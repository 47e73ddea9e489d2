import { describe, expect, it } from 'vitest';
import { overlayManifestSchema } from '../../manifests/schemas';
import { createFakeCesium, type FakeTileset } from '../testing/fakeCesium';
import { fakeSourceContext } from '../testing/sourceContext';
import { texturelessColourExpression, TilesetSource } from './tilesetSource';

const manifest = overlayManifestSchema.parse({
  id: 'buildings',
  mode: '3DTILES',
  name: { 'en-US': 'Buildings', 'zh-HK': '建築物', 'zh-CN': '建筑物' },
  url: '/tiles/buildings/tileset.json',
  display: { kind: 'polygon', texturelessColour: '#dddddd' },
});

function setUp(options: { fails?: boolean; textured?: boolean } = {}) {
  const fake = createFakeCesium({ tilesetFails: options.fails });
  let textured = options.textured ?? true;
  const context = fakeSourceContext(fake, manifest, {
    textured: () => textured,
    resolveUrl: () => '/tiles/buildings/tileset.json?timestamp=1',
  });
  const calls = context.calls;
  const source = new TilesetSource(context);
  const tileset = () => fake.primitives.find((p) => (p as FakeTileset).url !== undefined) as FakeTileset | undefined;
  return { fake, calls, source, tileset, setTextured: (on: boolean) => (textured = on) };
}

describe('texturelessColourExpression', () => {
  it('paints the tileset only in textureless mode and only with a texturelessColour', () => {
    expect(texturelessColourExpression(manifest, false)).toBe("color('rgba(221, 221, 221, 1)')");
    expect(texturelessColourExpression(manifest, true)).toBeNull();
    expect(texturelessColourExpression({ ...manifest, display: undefined }, false)).toBeNull();
  });
});

describe('TilesetSource', () => {
  it('loads the tileset when first shown, shows and hides it, and reports ready', async () => {
    const { source, tileset, calls } = setUp();
    source.setActive(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(tileset()?.url).toBe('/tiles/buildings/tileset.json?timestamp=1');
    expect(calls).toEqual(['drawn']);
    source.setActive(false);
    expect(tileset()?.show).toBe(false);
    source.dispose();
    expect(tileset()).toBeUndefined();
  });

  it('applies the textureless colour style and removes it in textured mode', async () => {
    const { source, tileset } = setUp({ textured: false });
    source.setActive(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(tileset()?.style?.color).toBe("color('rgba(221, 221, 221, 1)')");
    source.setTextured(true);
    expect(tileset()?.style).toBeUndefined();
    source.setTextured(false);
    expect(tileset()?.style?.color).toBe("color('rgba(221, 221, 221, 1)')");
  });

  it('a tileset that cannot load, or a failed tile, is a failure', async () => {
    const failing = setUp({ fails: true });
    failing.source.setActive(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(failing.calls).toEqual(['failed 1']);
    expect(failing.tileset()).toBeUndefined();

    const loaded = setUp();
    loaded.source.setActive(true);
    await Promise.resolve();
    await Promise.resolve();
    loaded.tileset()!.tileFailed.raise({ message: 'tile 404' });
    expect(loaded.calls).toEqual(['drawn', 'failed 1']);
  });
});
