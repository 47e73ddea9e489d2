import { describe, expect, it } from 'vitest';
import type { BaseMapSource } from '../../core/map/baseMaps';
import { decodeSplitState, dividerAfterKey, dividerAtPointer, encodeSplitState, initialSplitState, layerSplitOf, sideOf, withSide } from './splitState';

const ids = ['relief', 'regular', 'dark', 'grey', 'ortho'];
const source = (id: string) => ({ kind: 'xyz', url: `/tiles/${id}`, minimumLevel: 0, maximumLevel: 18, brightness: 1, contrast: 1, hue: 0, saturation: 1 }) as BaseMapSource;

describe('split layers state', () => {
  it('starts in the middle, the map as it is on the left and the dark style on the right', () => {
    expect(initialSplitState(ids)).toEqual({ position: 0.5, leftBaseMapId: null, rightBaseMapId: 'dark', overlaySides: {} });
  });

  it('asks the map for each side’s style over its own and each layer’s side', () => {
    const state = withSide(withSide({ ...initialSplitState(ids), leftBaseMapId: 'ortho' }, 'buildings', 'left'), 'lotgla', 'right');
    expect(layerSplitOf(state, (id) => (ids.includes(id) ? source(id) : undefined))).toEqual({
      position: 0.5,
      baseMapSide: 'both',
      sideBaseMaps: [
        { side: 'left', baseMap: source('ortho') },
        { side: 'right', baseMap: source('dark') },
      ],
      overlaySides: { buildings: 'left', lotgla: 'right' },
    });
    expect(sideOf(state, 'buildings')).toBe('left');
    expect(sideOf(withSide(state, 'buildings', 'both'), 'buildings')).toBe('both');
  });

  it('moves the divider 2 % per arrow key, 10 % per page key, to the edges with Home and End, and stays on the map', () => {
    expect(dividerAfterKey(0.5, 'ArrowLeft')).toBe(0.48);
    expect(dividerAfterKey(0.5, 'ArrowRight')).toBe(0.52);
    expect(dividerAfterKey(0.5, 'ArrowUp')).toBe(0.52);
    expect(dividerAfterKey(0.5, 'PageDown')).toBe(0.4);
    expect(dividerAfterKey(0.01, 'ArrowLeft')).toBe(0);
    expect(dividerAfterKey(0.99, 'ArrowRight')).toBe(1);
    expect(dividerAfterKey(0.3, 'Home')).toBe(0);
    expect(dividerAfterKey(0.3, 'End')).toBe(1);
    expect(dividerAfterKey(0.3, 'Enter')).toBeNull();
  });

  it('follows the pointer across the map', () => {
    expect(dividerAtPointer(300, 100, 800)).toBe(0.25);
    expect(dividerAtPointer(0, 100, 800)).toBe(0);
    expect(dividerAtPointer(2000, 100, 800)).toBe(1);
  });

  it('round-trips through the share link', () => {
    const state = withSide({ ...initialSplitState(ids), position: 0.375 }, 'buildings', 'left');
    const text = encodeSplitState(state);
    expect(text).toBe('0.375,-,dark,buildings.l');
    expect(decodeSplitState(text, ids)).toEqual(state);
  });

  it('names what is wrong in a link', () => {
    expect(() => decodeSplitState('1.5,-,dark', ids)).toThrow(/from 0 to 1, not "1.5"/);
    expect(() => decodeSplitState(',-,dark', ids)).toThrow(/from 0 to 1/);
    expect(() => decodeSplitState('0.5,sepia,dark', ids)).toThrow(/left side's map style "sepia"/);
    expect(() => decodeSplitState('0.5,-,dark,buildings.x', ids)).toThrow(/"buildings.x" is not a layer/);
  });
});
