import { describe, expect, it } from 'vitest';
import { loadBaseMaps } from '../../core/map/baseMaps';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { LayerSplit } from '../../core/plugin/types';
import { createSplitController } from './controller';
import { initialSplitState } from './splitState';

const baseMaps = loadBaseMaps(import.meta.glob('../../manifests/basemaps/*.json', { eager: true, import: 'default' })).baseMaps;

describe('split controller', () => {
  it('asks the map only while on, never draws a style whose tiles are missing, and ends with null', () => {
    const splits: Array<LayerSplit | null> = [];
    const missing = new Set<string>();
    const map = createNoopMapFacade({ setLayerSplit: (split) => void splits.push(split) });
    const controller = createSplitController(map, baseMaps, { ...initialSplitState(baseMaps.map((entry) => entry.id)), leftBaseMapId: 'ortho' }, (id) => !missing.has(id));
    controller.set({ ...controller.state(), position: 0.3 });
    expect(splits).toEqual([]);
    controller.setOn(true);
    expect(splits.at(-1)?.sideBaseMaps?.map((entry) => entry.side)).toEqual(['left', 'right']);
    missing.add('ortho');
    controller.refresh();
    expect(splits.at(-1)?.sideBaseMaps?.map((entry) => entry.side)).toEqual(['right']);
    expect(splits.at(-1)?.position).toBe(0.3);
    controller.setOn(false);
    expect(splits.at(-1)).toBeNull();
  });
});
