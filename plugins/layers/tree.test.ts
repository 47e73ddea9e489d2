import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../core/store/appStore';
import { checkState, groupToggleTarget, loadLayerTrees, overlayIdsOf, visibleTree } from './tree';
import { setOverlaysShown } from './state';

const files = {
  '../../manifests/layer-tree/main.json': {
    default: {
      $schema: '../manifest.schema.json',
      id: 'main',
      groups: [
        { id: 'weather', name: { 'en-US': 'Weather', 'zh-HK': '天氣', 'zh-CN': '天气' }, overlays: ['temperature', 'humidity'], groups: [{ id: 'air', name: { 'en-US': 'Air', 'zh-HK': '空氣', 'zh-CN': '空气' }, overlays: ['aqhi'] }] },
        { id: 'land', name: { 'en-US': 'Land', 'zh-HK': '土地', 'zh-CN': '土地' }, overlays: ['lotgla'] },
      ],
    },
  },
};

describe('layer tree', () => {
  it('keeps registered overlays only, drops empty groups and gathers the rest in "other"', () => {
    const { trees, problems } = loadLayerTrees(files);
    expect(problems).toEqual([]);
    const groups = visibleTree(trees, ['temperature', 'aqhi', 'beach']);
    expect(groups.map((group) => group.id)).toEqual(['weather', 'other-layers']);
    expect(groups[0].overlays).toEqual(['temperature']);
    expect(overlayIdsOf(groups[0])).toEqual(['temperature', 'aqhi']);
    expect(groups[1].overlays).toEqual(['beach']);
  });

  it('reports the tri-state of a group', () => {
    const shown = new Set(['a']);
    expect(checkState(['a', 'b'], (id) => shown.has(id))).toBe('mixed');
    expect(checkState(['a'], (id) => shown.has(id))).toBe('on');
    expect(checkState(['b'], (id) => shown.has(id))).toBe('off');
    expect(groupToggleTarget('mixed')).toBe(true);
    expect(groupToggleTarget('off')).toBe(true);
    expect(groupToggleTarget('on')).toBe(false);
  });

  it('toggles overlays in the store, and core reports <id>::on / <id>::off only for changes', () => {
    const events: Array<{ id: string; on: boolean }> = [];
    const store = createAppStore(undefined, { analytics: { emitToggle: (id, on) => events.push({ id, on }) } });
    const services = { store };
    setOverlaysShown(services, ['temperature'], true);
    expect(setOverlaysShown(services, ['temperature', 'aqhi'], true)).toEqual(['aqhi']);
    setOverlaysShown(services, ['temperature', 'aqhi'], false);
    expect(store.getState().overlays.temperature.shown).toBe(false);
    expect(events).toEqual([
      { id: 'temperature', on: true },
      { id: 'aqhi', on: true },
      { id: 'temperature', on: false },
      { id: 'aqhi', on: false },
    ]);
  });
});

describe('the shipped layer tree', () => {
  const treeFiles = import.meta.glob('../../manifests/layer-tree/*.json', { eager: true });
  const variantFiles = import.meta.glob('../../variants/*.json', { eager: true, import: 'default' }) as Record<string, { id: string; overlays: string[] }>;

  it('puts every overlay a variant registers in a named group, with the map labels and census groups of the layer drawer', () => {
    const { trees, problems } = loadLayerTrees(treeFiles);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    for (const variant of Object.values(variantFiles)) {
      const groups = visibleTree(trees, variant.overlays);
      expect(groups.map((group) => group.id), variant.id).not.toContain('other-layers');
    }
    const full = visibleTree(trees, Object.values(variantFiles).find((variant) => variant.id === 'full')!.overlays);
    expect(full.find((group) => group.id === 'map-labels')?.overlays).toEqual(['annotation-districts', 'annotation-stations', 'annotation-landmarks']);
    expect(full.find((group) => group.id === 'census')?.overlays).toEqual(['census-dcca-2019']);
  });
});
