import { describe, expect, it, vi } from 'vitest';
import type { PointerMode } from '../plugin/types';
import { createPointerHold } from './pointerHold';

function fakeMap() {
  const taken: PointerMode[] = [];
  const released: string[] = [];
  return {
    taken,
    released,
    takePointer: (mode: PointerMode) => {
      taken.push(mode);
      return () => released.push(mode.id);
    },
  };
}

describe('a tool’s hold on the pointer', () => {
  it('takes the pointer once at a time: a new take gives back the earlier mode, release gives back the current one once', () => {
    const map = fakeMap();
    const hold = createPointerHold(map);
    expect(hold.holding()).toBe(false);
    hold.take({ id: 'first', onPick: () => {} });
    hold.take({ id: 'second', onPick: () => {} });
    expect(map.released).toEqual(['first']);
    expect(hold.holding()).toBe(true);
    hold.release();
    hold.release();
    expect(map.released).toEqual(['first', 'second']);
    expect(hold.holding()).toBe(false);
  });

  it('forgets a mode that Escape ended, then runs the mode’s own onEnd; clicks reach the mode', () => {
    const map = fakeMap();
    const hold = createPointerHold(map);
    const onEnd = vi.fn(() => expect(hold.holding()).toBe(false));
    const onPick = vi.fn();
    hold.take({ id: 'pick', cursor: 'crosshair', onPick, onEnd });
    expect(map.taken[0]).toMatchObject({ id: 'pick', cursor: 'crosshair' });
    map.taken[0].onPick({ screen: { x: 1, y: 2 }, feature: null, hitOtherObject: false, position: null, surface: null } as never);
    expect(onPick).toHaveBeenCalledTimes(1);
    map.taken[0].onEnd!();
    expect(onEnd).toHaveBeenCalledTimes(1);
    hold.release();
    expect(map.released).toEqual([]);
  });
});
