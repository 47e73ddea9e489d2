import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../core/store/appStore';
import { readOpenIndoorMap, showIndoorFloor, type OpenIndoorMap } from './api';
import { indoorSlice } from './state';

const name = (text: string) => ({ 'en-US': text, 'zh-HK': text, 'zh-CN': text });
const ADMIRALTY: OpenIndoorMap = {
  venueId: 'MTR-ADM',
  venueType: 'metro-station',
  name: name('Admiralty'),
  floors: [
    { floorId: 'ADM-L1', floorLevel: -1, name: name('Concourse') },
    { floorId: 'ADM-L2', floorLevel: -2, name: name('Platform') },
  ],
  currentFloorId: 'ADM-L1',
  groundHeightMeters: 5.5,
};

describe('the indoor api', () => {
  it('answers null until a map is open, then the open map; showIndoorFloor switches only to a floor the map has', () => {
    const store = createAppStore();
    const ctx = { store };
    expect(readOpenIndoorMap(store.getState())).toBeNull();
    showIndoorFloor(ctx, 'ADM-L2'); // nothing open: no-op, no throw
    indoorSlice.update(store, (slice) => {
      slice.status = 'loading';
      slice.venueId = 'MTR-ADM';
      slice.map = structuredClone(ADMIRALTY);
    });
    expect(readOpenIndoorMap(store.getState())).toBeNull(); // still loading
    indoorSlice.update(store, (slice) => {
      slice.status = 'open';
    });
    expect(readOpenIndoorMap(store.getState())?.currentFloorId).toBe('ADM-L1');
    showIndoorFloor(ctx, 'ADM-L2');
    expect(readOpenIndoorMap(store.getState())?.currentFloorId).toBe('ADM-L2');
    showIndoorFloor(ctx, 'CEN-L1');
    expect(readOpenIndoorMap(store.getState())?.currentFloorId).toBe('ADM-L2');
  });
});
