import { describe, expect, it } from 'vitest';
import { createDeferredMapFacade } from './deferredFacade';
import { DEFAULT_TERRAIN, FALLBACK_TERRAIN, TERRAIN_MANIFESTS, defaultTerrainSelection, heightReferenceOf, loadTerrainManifests, terrainSelectionOf } from './terrains';
import type { MapFacade } from '../plugin/types';
import { createAppStore } from '../store/appStore';

const name = { 'en-US': 'T', 'zh-HK': 'T', 'zh-CN': 'T' };

describe('terrains', () => {
  it('ships adaptive (the default), above-ground-level and ellipsoid, the DEM kinds on the portal terrain', () => {
    expect(TERRAIN_MANIFESTS.map((terrain) => terrain.kind)).toEqual(['adaptive', 'above-ground-level', 'ellipsoid']);
    expect(DEFAULT_TERRAIN).toEqual({ id: 'adaptive', kind: 'adaptive', url: '/mapviewer/api/terrain/' });
    // The store starts on the portal's terrain, without the manifests; app/startup.ts then sets the default's.
    expect(createAppStore().getState().terrain).toEqual(FALLBACK_TERRAIN);
  });

  it('chooses the manifest marked default, else the first adaptive one, else the portal terrain', () => {
    const { terrains, problems } = loadTerrainManifests({
      '../../manifests/terrains/b.json': { default: { id: 'flat', name, kind: 'ellipsoid', url: '/ignored/' } },
      '../../manifests/terrains/a.json': { default: { id: 'dem', name, kind: 'adaptive' } },
      '../../manifests/terrains/c.json': { default: { id: 'Bad Id', name, kind: 'adaptive' } },
    });
    expect(problems.filter((problem) => problem.severity === 'error').map((problem) => problem.file)).toEqual(['manifests/terrains/c.json']);
    expect(terrains.map((terrain) => terrain.id)).toEqual(['dem', 'flat']);
    expect(defaultTerrainSelection(terrains)).toEqual({ id: 'dem', kind: 'adaptive', url: FALLBACK_TERRAIN.url });
    expect(defaultTerrainSelection([{ ...terrains[1], default: true }, terrains[0]])).toEqual({ id: 'flat', kind: 'ellipsoid' });
    expect(defaultTerrainSelection([])).toEqual(FALLBACK_TERRAIN);
    expect(terrainSelectionOf({ id: 'agl', name, kind: 'above-ground-level', url: '/t/', default: false })).toEqual({ id: 'agl', kind: 'above-ground-level', url: '/t/' });
  });

  it('counts heights from the ground only above ground level', () => {
    expect(heightReferenceOf('above-ground-level')).toBe('relative-to-ground');
    expect(heightReferenceOf('adaptive')).toBe('absolute');
    expect(heightReferenceOf('ellipsoid')).toBe('absolute');
  });
});

describe('deferred map facade: terrain and textured mode', () => {
  it('keeps the latest terrain and textured mode asked for before the map exists and applies them on attach', async () => {
    const facade = createDeferredMapFacade();
    const calls: string[] = [];
    let ready = () => {};
    const recorded = {
      whenReady: () => new Promise<void>((resolve) => (ready = resolve)),
      setTerrain: (kind: string, url?: string) => {
        calls.push(`terrain:${kind}:${url ?? ''}`);
        return Promise.resolve();
      },
      setTextured: (on: boolean) => calls.push(`textured:${on}`),
    };
    // Every other facade method the attach replays (field of view, map style ...) is a no-op returning a no-op disposer.
    const map = new Proxy(recorded, {
      get: (target, key) => (key in target ? target[key as keyof typeof target] : () => () => {}),
    }) as unknown as MapFacade;
    const first = facade.setTerrain('ellipsoid');
    const second = facade.setTerrain('above-ground-level', '/t/');
    facade.setTextured(false);
    facade.attach(map);
    expect(calls).toEqual([]);
    ready();
    await Promise.all([first, second]);
    expect(calls).toEqual(['textured:false', 'terrain:above-ground-level:/t/']);
    await facade.setTerrain('adaptive');
    expect(calls.at(-1)).toBe('terrain:adaptive:');
  });

  it('applies the latest terrain and textured mode again to a map attached later (remount)', async () => {
    const facade = createDeferredMapFacade();
    const mapRecording = (calls: string[]) =>
      new Proxy(
        {
          whenReady: () => Promise.resolve(),
          setTerrain: (kind: string) => {
            calls.push(`terrain:${kind}`);
            return Promise.resolve();
          },
          setTextured: (on: boolean) => calls.push(`textured:${on}`),
        },
        { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => () => {}) },
      ) as unknown as MapFacade;
    const first: string[] = [];
    const detach = facade.attach(mapRecording(first));
    await facade.whenReady();
    await facade.setTerrain('ellipsoid');
    facade.setTextured(false);
    detach();
    const second: string[] = [];
    facade.attach(mapRecording(second));
    await facade.whenReady();
    await Promise.resolve();
    expect(first).toEqual(['terrain:ellipsoid', 'textured:false']);
    expect(second).toEqual(['textured:false', 'terrain:ellipsoid']);
  });
});
