import { describe, expect, it, vi } from 'vitest';
import { createAppStore, definePluginSlice } from './appStore';

describe('createAppStore', () => {
  it('starts in the initial state of SPEC §4', () => {
    const state = createAppStore().getState();
    const { view, ...rest } = state;
    const data = Object.fromEntries(Object.entries(rest).filter(([, value]) => typeof value !== 'function'));
    expect(data).toEqual({
      variant: 'second',
      language: 'en-US',
      textured: true,
      threeD: true,
      terrain: { id: 'adaptive', kind: 'adaptive', url: '/mapviewer/api/terrain/' },
      identify: true,
      measure: false,
      shadow: false,
      share: false,
      indoor: false,
      multiView: false,
      splitLayers: false,
      tours: false,
      dialogs: false,
      controlPanelOpen: false,
      toolsPanelOpen: false,
      controlMode: null,
      measureMode: null,
      drawers: {},
      functionGroups: { land: false, living: false, environmental: false },
      menus: { mega: false, quickAction: false },
      keywordSearchMode: 'location-search',
      slowClientWarnings: false,
      gps: 0,
      toggles: {},
      overlays: {},
      overlayFeatureRequest: null,
      plugins: {},
    });
    expect(Object.keys(view).sort()).toEqual(['heading', 'height', 'latitude', 'longitude', 'pitch', 'roll']);
  });

  it('registers drawers as shown=false, activated=false', () => {
    const store = createAppStore();
    store.getState().addDrawer('hiking');
    store.getState().addDrawer('layers');
    expect(store.getState().drawers).toEqual({
      hiking: { shown: false, activated: false },
      layers: { shown: false, activated: false },
    });
  });

  it('cycles GPS 0 → 1 → 2 → 0 and sets it directly', () => {
    const store = createAppStore();
    const seen: number[] = [];
    for (let step = 0; step < 3; step += 1) {
      store.getState().cycleGps();
      seen.push(store.getState().gps);
    }
    expect(seen).toEqual([1, 2, 0]);
    store.getState().setGps(2);
    expect(store.getState().gps).toBe(2);
    expect(() => store.getState().setGps(3 as 0)).toThrow(/GPS mode/);
  });

  it('tracks overlay visibility and readiness; hiding clears readiness', () => {
    const store = createAppStore();
    store.getState().setOverlayShown('temperature', true);
    store.getState().setOverlayReady('temperature', true);
    expect(store.getState().overlays.temperature).toEqual({ shown: true, ready: true });
    store.getState().setOverlayShown('temperature', false);
    expect(store.getState().overlays.temperature).toEqual({ shown: false, ready: false });
  });

  it('sets language, variant and view', () => {
    const store = createAppStore();
    store.getState().setLanguage('zh-HK');
    store.getState().setVariant('full');
    store.getState().setView({ height: 2817 });
    expect(store.getState().language).toBe('zh-HK');
    expect(store.getState().variant).toBe('full');
    expect(store.getState().view.height).toBe(2817);
  });

  it('emits feature::on / feature::off for every switch that changed', () => {
    const emitToggle = vi.fn();
    const store = createAppStore({}, { analytics: { emitToggle } });
    store.getState().openDrawer('hiking');
    store.getState().openDrawer('tidegauge');
    store.getState().setToggle('field-of-view', true);
    expect(emitToggle.mock.calls).toEqual([
      ['hiking', true],
      ['hiking', false],
      ['tidegauge', true],
      ['field-of-view', true],
    ]);
  });

  it('keeps working when analytics throws', () => {
    const store = createAppStore({}, { analytics: { emitToggle: () => { throw new Error('sink down'); } } });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    store.getState().setToggle('identify-extra', true);
    expect(store.getState().toggles['identify-extra']).toBe(true);
    error.mockRestore();
  });
});

describe('definePluginSlice', () => {
  it('namespaces plugin state under plugins[pluginId] and updates it with immer', () => {
    const store = createAppStore();
    const slice = definePluginSlice('hiking', { clicked: null as string | null, count: 0 });
    expect(slice.select(store.getState())).toEqual({ clicked: null, count: 0 });
    slice.update(store, (draft) => {
      draft.clicked = 'photo';
      draft.count += 1;
    });
    expect(store.getState().plugins.hiking).toEqual({ clicked: 'photo', count: 1 });
    expect(slice.initial).toEqual({ clicked: null, count: 0 });
  });
});
