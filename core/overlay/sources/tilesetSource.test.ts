import { describe, expect, it } from 'vitest';
import { overlayManifestSchema } from '../../manifests/schemas';
import { createFakeCesium, type FakeTileset } from '../testing/fakeCesium';
import { fakeSourceContext } from '../testing/sourceContext';
import { pickLayerId } from '../../map/pickTags';
import type { TerrainKind } from '../../map/terrains';
import { hiddenOnTerrain, texturelessColourExpression, tilesetScreenSpaceError, TilesetSource } from './tilesetSource';

const manifest = overlayManifestSchema.parse({
  id: 'buildings',
  mode: '3DTILES',
  name: { 'en-US': 'Buildings', 'zh-HK': '建築物', 'zh-CN': '建筑物' },
  url: '/tiles/buildings/tileset.json',
  display: { kind: 'polygon', texturelessColour: '#dddddd' },
  tileset: { maximumScreenSpaceError: 12, liteMaximumScreenSpaceError: 40, onEllipsoidTerrain: 'hide' },
});

const flush = async () => {
  await Promise.resolve();
  await Promise.resolve();
};

function setUp(options: { fails?: boolean; textured?: boolean; appearance?: boolean } = {}) {
  const fake = createFakeCesium({ tilesetFails: options.fails });
  let textured = options.textured ?? true;
  let lite = false;
  let terrainKind: TerrainKind = 'adaptive';
  const context = fakeSourceContext(fake, manifest, {
    textured: () => textured,
    lite: () => lite,
    terrainKind: () => terrainKind,
    resolveUrl: () => '/tiles/buildings/tileset.json?timestamp=1',
    tilesetAppearance: options.appearance ? (on) => ({ style: `style ${on ? 'textured' : 'plain'}`, customShader: on ? 'facades' : undefined }) : () => null,
  });
  const calls = context.calls;
  const source = new TilesetSource(context);
  const tileset = () => fake.primitives.find((p) => (p as FakeTileset).url !== undefined) as FakeTileset | undefined;
  const frame = () => fake.scene.preUpdate.raise();
  return {
    fake,
    calls,
    source,
    tileset,
    frame,
    setTextured: (on: boolean) => (textured = on),
    setLite: (on: boolean) => (lite = on),
    setTerrain: (kind: TerrainKind) => (terrainKind = kind),
  };
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
    const colour = () => (tileset()?.style as { color?: string } | undefined)?.color;
    expect(colour()).toBe("color('rgba(221, 221, 221, 1)')");
    source.setTextured(true);
    expect(tileset()?.style).toBeUndefined();
    source.setTextured(false);
    expect(colour()).toBe("color('rgba(221, 221, 221, 1)')");
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

  it('tags the tileset with the overlay id for picking', async () => {
    const { source, tileset } = setUp();
    source.setActive(true);
    await flush();
    expect(pickLayerId(tileset())).toBe('buildings');
  });

  it("takes the handler's appearance in both modes instead of the textureless colour", async () => {
    const { source, tileset } = setUp({ appearance: true });
    source.setActive(true);
    await flush();
    expect(tileset()?.style).toBe('style textured');
    expect(tileset()?.customShader).toBe('facades');
    source.setTextured(false);
    expect(tileset()?.style).toBe('style plain');
    expect(tileset()?.customShader).toBeUndefined();
  });

  it('uses the coarser screen-space error while the map is light, from the next frame on', async () => {
    const { source, tileset, setLite, frame } = setUp();
    setLite(true);
    source.setActive(true);
    await flush();
    expect(tileset()?.maximumScreenSpaceError).toBe(40);
    setLite(false);
    frame();
    expect(tileset()?.maximumScreenSpaceError).toBe(12);
  });

  it('hides on the ellipsoid terrain with one notice per switch, and shows again on a DEM terrain', async () => {
    const { source, tileset, setTerrain, frame, calls } = setUp();
    source.setActive(true);
    await flush();
    expect(tileset()?.show).toBe(true);
    setTerrain('ellipsoid');
    frame();
    frame();
    expect(tileset()?.show).toBe(false);
    expect(calls).toEqual(['drawn', 'hidden by terrain']);
    source.setActive(true);
    expect(tileset()?.show).toBe(false);
    setTerrain('above-ground-level');
    frame();
    expect(tileset()?.show).toBe(true);
  });
});

describe('tileset options', () => {
  it('default to Cesium-like errors, coarser when light, and showing on every terrain', () => {
    const plain = { ...manifest, tileset: undefined };
    expect(tilesetScreenSpaceError(plain, false)).toBe(16);
    expect(tilesetScreenSpaceError(plain, true)).toBe(32);
    expect(hiddenOnTerrain(plain, 'ellipsoid')).toBe(false);
    expect(hiddenOnTerrain(manifest, 'ellipsoid')).toBe(true);
    expect(hiddenOnTerrain(manifest, 'adaptive')).toBe(false);
  });
});
