import { describe, expect, it } from 'vitest';
import type { GroundPolyline, GroundPosition } from '../plugin/types';
import { createDeferredMapFacade } from './deferredFacade';
import { createNoopMapFacade } from './noopFacade';

/** A map that records the ground lines on it and lets the test click the ground. */
function groundMap() {
  const drawn = new Set<ReadonlyArray<GroundPolyline>>();
  const clickListeners = new Set<(position: GroundPosition) => void>();
  const map = createNoopMapFacade({
    onGroundClick(listener) {
      clickListeners.add(listener);
      return () => clickListeners.delete(listener);
    },
    drawGroundPolylines(lines) {
      drawn.add(lines);
      return () => drawn.delete(lines);
    },
  });
  return { map, drawn, click: (position: GroundPosition) => clickListeners.forEach((listener) => listener(position)), listeners: clickListeners };
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

describe('ground clicks and lines through the deferred facade', () => {
  it('forwards clicks from the attached map to every listener until disposed', async () => {
    const facade = createDeferredMapFacade();
    const heard: GroundPosition[] = [];
    const stop = facade.onGroundClick((position) => heard.push(position));
    const { map, click, listeners } = groundMap();
    facade.attach(map);
    await facade.whenReady();
    click({ longitude: 114.17, latitude: 22.29 });
    expect(heard).toEqual([{ longitude: 114.17, latitude: 22.29 }]);
    stop();
    click({ longitude: 114.2, latitude: 22.3 });
    expect(heard).toHaveLength(1);
    // The facade keeps one subscription on the map for all its listeners.
    expect(listeners.size).toBe(1);
  });

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

  it('moves lines and clicks to a remounted map and stops listening to the old one', async () => {
    const facade = createDeferredMapFacade();
    const first = groundMap();
    const detach = facade.attach(first.map);
    await facade.whenReady();
    const erase = facade.drawGroundPolylines(outline);
    const heard: GroundPosition[] = [];
    facade.onGroundClick((position) => heard.push(position));
    expect(first.drawn.size).toBe(1);
    detach();
    expect(first.drawn.size).toBe(0);
    expect(first.listeners.size).toBe(0);

    const second = groundMap();
    facade.attach(second.map);
    await facade.whenReady();
    expect([...second.drawn]).toEqual([outline]);
    second.click({ longitude: 114, latitude: 22.4 });
    expect(heard).toEqual([{ longitude: 114, latitude: 22.4 }]);
    erase();
    expect(second.drawn.size).toBe(0);
  });

  it('does nothing without a map', () => {
    const map = createNoopMapFacade();
    expect(() => map.drawGroundPolylines(outline)()).not.toThrow();
    expect(() => map.onGroundClick(() => {})()).not.toThrow();
  });
});
