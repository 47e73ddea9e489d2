import { describe, expect, it } from 'vitest';
import { TERRAIN_MANIFESTS, terrainSelectionOf } from '../../core/map/terrains';
import { createAppStore } from '../../core/store/appStore';
import { followMapSettings } from './mapSettings';

function recordingMap() {
  const calls: string[] = [];
  return {
    calls,
    setTerrain: (kind: string, url?: string) => {
      calls.push(url ? `terrain:${kind}:${url}` : `terrain:${kind}`);
      return Promise.resolve();
    },
    setTextured: (on: boolean) => {
      calls.push(`textured:${on}`);
    },
  };
}

const manifest = (kind: string) => TERRAIN_MANIFESTS.find((terrain) => terrain.kind === kind)!;

describe('the map follows the layer drawer’s terrain and textured mode', () => {
  it('applies the store’s terrain and mode at once, then each change, and stops when disposed', () => {
    const store = createAppStore();
    const map = recordingMap();
    const stop = followMapSettings(store, map);
    expect(map.calls).toEqual(['terrain:adaptive:/mapviewer/api/terrain/', 'textured:true']);

    store.getState().setTerrain(terrainSelectionOf(manifest('ellipsoid')));
    store.getState().setTerrain(terrainSelectionOf(manifest('above-ground-level')));
    store.getState().setTextured(false);
    store.getState().setLanguage('zh-HK');
    expect(map.calls.slice(2)).toEqual(['terrain:ellipsoid', 'terrain:above-ground-level:/mapviewer/api/terrain/', 'textured:false']);
    expect(store.getState().terrain).toEqual({ id: 'above-ground-level', kind: 'above-ground-level', url: '/mapviewer/api/terrain/' });

    stop();
    store.getState().setTextured(true);
    expect(map.calls).toHaveLength(5);
  });

  it('honours a terrain chosen before the drawer was activated', () => {
    const store = createAppStore({ terrain: terrainSelectionOf(manifest('ellipsoid')), textured: false });
    const map = recordingMap();
    followMapSettings(store, map);
    expect(map.calls).toEqual(['terrain:ellipsoid', 'textured:false']);
  });
});
