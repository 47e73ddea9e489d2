import { describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { OverlayManifest } from '../../core/manifests/schemas';
import type { OverlayContribution } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { followThreeDContent } from './threeDContent';

const overlay = (id: string, mode: string) => ({ id, manifest: { id, mode } as unknown as OverlayManifest, owner: 'core' }) as OverlayContribution & { owner: string };

describe('3D spatial data switch', () => {
  it('hides the 3D Tiles overlays and 3D graphics with 3D off, keeps the rest, and brings them back', () => {
    const store = createAppStore();
    const setThreeDContent = vi.fn();
    const overlays = [overlay('buildings', '3DTILES'), overlay('temperature', 'GEOJSON'), overlay('heritage-models', '3DTILES')];
    followThreeDContent({ store, map: createNoopMapFacade({ setThreeDContent }), overlays: { list: () => overlays } });
    store.getState().setOverlayShown('buildings', true);
    store.getState().setOverlayShown('temperature', true);
    store.getState().openDrawer('hiking');
    store.getState().setMode('threeD', false);
    expect(setThreeDContent).toHaveBeenLastCalledWith(false);
    expect(store.getState().overlays.buildings?.shown).toBe(false);
    expect(store.getState().overlays.temperature?.shown).toBe(true);
    expect(store.getState().drawers.hiking?.shown).toBe(false);
    // A 3D layer ticked in the layer tree while 3D is off stays hidden, and returns with 3D.
    store.getState().setOverlayShown('heritage-models', true);
    expect(store.getState().overlays['heritage-models']?.shown).toBe(false);
    store.getState().setMode('threeD', true);
    expect(setThreeDContent).toHaveBeenLastCalledWith(true);
    expect(store.getState().overlays.buildings?.shown).toBe(true);
    expect(store.getState().overlays['heritage-models']?.shown).toBe(true);
  });
});
