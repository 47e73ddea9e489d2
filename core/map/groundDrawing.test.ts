import { describe, expect, it } from 'vitest';
import type { GroundPolyline } from '../plugin/types';
import { createDeferredMapFacade } from './deferredFacade';
import { createNoopMapFacade } from './noopFacade';

/** A map that records the ground lines on it. (Clicks reach tools through pointer modes: interactionModes.test.ts.) */
function groundMap() {
  const drawn = new Set<ReadonlyArray<GroundPolyline>>();
  const map = createNoopMapFacade({
    drawGroundPolylines(lines) {
      drawn.add(lines);
      return () => drawn.delete(lines);
    },
  });
  return { map, drawn };
}

const outline: GroundPolyline[] = [
  {
    positions: [
      [114.16, 22.29],
      [114.17, 22.29],
      [114.17, 22.3],
    ],
    colour: '#f2b134',
    closed: true,
  },
];

describe('ground lines through the deferred facade', () => {
  it('draws lines asked for before the map exists once it is ready, and erases them', async () => {
    const facade = createDeferredMapFacade();
    const erase = facade.drawGroundPolylines(outline);
    const { map, drawn } = groundMap();
    facade.attach(map);
    expect(drawn.size).toBe(0);
    await facade.whenReady();
    expect([...drawn]).toEqual([outline]);
    erase();
    expect(drawn.size).toBe(0);
    erase();
    expect(drawn.size).toBe(0);
  });

  it('moves lines to a remounted map and erases them from the old one', async () => {
    const facade = createDeferredMapFacade();
    const first = groundMap();
    const detach = facade.attach(first.map);
    await facade.whenReady();
    const erase = facade.drawGroundPolylines(outline);
    expect(first.drawn.size).toBe(1);
    detach();
    expect(first.drawn.size).toBe(0);

    const second = groundMap();
    facade.attach(second.map);
    await facade.whenReady();
    expect([...second.drawn]).toEqual([outline]);
    erase();
    expect(second.drawn.size).toBe(0);
  });

  it('does nothing without a map', () => {
    const map = createNoopMapFacade();
    expect(() => map.drawGroundPolylines(outline)()).not.toThrow();
  });
});
