import { describe, expect, it, vi } from 'vitest';
import { createDeferredMapFacade } from './deferredFacade';
import { chooseStartView, FALLBACK_START_VIEW, fieldOfViewRadians, isTouchDevice, zoomedRange } from './views';
import type { MapFacade } from '../plugin/types';
import { createNoopMapFacade } from './noopFacade';

function fakeMap(): MapFacade & { calls: string[]; finish(): void } {
  const calls: string[] = [];
  let finish = () => {};
  const ready = new Promise<void>((resolve) => (finish = resolve));
  return {
    ...createNoopMapFacade(),
    calls,
    finish: () => finish(),
    whenReady: () => ready,
    flyHome: () => calls.push('home'),
    resetNorth: () => calls.push('north'),
    topView: () => calls.push('top'),
    tiltedView: (p) => calls.push(`tilt:${p}`),
    zoom: (d) => calls.push(`zoom:${d}`),
    setFieldOfViewEnlarged: (e) => calls.push(`fov:${e}`),
    flyTo: (t) => calls.push(`fly:${t.longitude},${t.latitude}`),
    requestRender: () => calls.push('render'),
    viewer: () => ({ fake: true }),
    setTerrain: (kind, url) => {
      calls.push(`terrain:${kind}${url ? `:${url}` : ''}`);
      return Promise.resolve();
    },
    setTextured: (on) => calls.push(`textured:${on}`),
    setBaseMap: (baseMap) => calls.push(`base-map:${baseMap.url}`),
    setImageryAdjustments: (a) => calls.push(`adjust:${a.brightness},${a.contrast},${a.hue},${a.saturation}`),
    setLite: (on) => calls.push(`lite:${on}`),
    isLite: () => false,
    onFrameTime: () => () => {},
    drawGroundPolylines: () => () => {},
  };
}

describe('deferred map facade', () => {
  it('queues the latest camera call and the field of view until the map is ready', async () => {
    const facade = createDeferredMapFacade();
    facade.flyHome();
    facade.flyTo({ longitude: 114, latitude: 22 });
    facade.setFieldOfViewEnlarged(true);
    facade.requestRender();
    expect(facade.viewer()).toBeNull();
    const map = fakeMap();
    facade.attach(map);
    facade.topView();
    expect(map.calls).toEqual([]);
    map.finish();
    await facade.whenReady();
    expect(map.calls).toEqual(['fov:true', 'top']);
    facade.zoom('in');
    expect(map.calls.at(-1)).toBe('zoom:in');
    expect(facade.viewer()).toEqual({ fake: true });
  });

  it('detaches and re-attaches (StrictMode mount/unmount/mount)', async () => {
    const facade = createDeferredMapFacade();
    const first = fakeMap();
    const detach = facade.attach(first);
    detach();
    detach();
    first.finish();
    const second = fakeMap();
    facade.attach(second);
    second.finish();
    await facade.whenReady();
    facade.resetNorth();
    expect(first.calls).toEqual([]);
    expect(second.calls).toEqual(['north']);
  });

  it('whenReady stays pending until a map is ready', async () => {
    const facade = createDeferredMapFacade();
    const spy = vi.fn();
    void facade.whenReady().then(spy);
    await Promise.resolve();
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('views', () => {
  it('chooses the mobile start view on touch devices', () => {
    const desktop = { ...FALLBACK_START_VIEW, heightMeters: 26_042 };
    const mobile = { ...FALLBACK_START_VIEW, heightMeters: 54_902 };
    expect(chooseStartView({ desktop, mobile }, false)).toBe(desktop);
    expect(chooseStartView({ desktop, mobile }, true)).toBe(mobile);
    expect(chooseStartView(undefined, true)).toBe(FALLBACK_START_VIEW);
  });
  it('detects touch support', () => {
    expect(isTouchDevice({ navigator: { maxTouchPoints: 5 } })).toBe(true);
    expect(isTouchDevice({ navigator: { maxTouchPoints: 0 } })).toBe(false);
  });
  it('enlarges the field of view 1.5 times', () => {
    expect(fieldOfViewRadians(true)).toBeCloseTo(Math.PI / 2);
    expect(fieldOfViewRadians(false)).toBeCloseTo(Math.PI / 3);
  });
  it('zooms by halving or doubling the range, never below 40 m', () => {
    expect(zoomedRange(1000, 'in')).toBe(500);
    expect(zoomedRange(1000, 'out')).toBe(2000);
    expect(zoomedRange(60, 'in')).toBe(40);
  });
});

describe('deferred map facade: pointer modes and temporary graphics', () => {
  it('hands modes and graphics taken before the map exists to the map attached, and takes them back on detach', async () => {
    const facade = createDeferredMapFacade();
    const taken: string[] = [];
    const drawn: string[] = [];
    const map = fakeMap();
    Object.assign(map, {
      takePointer: (mode: { id: string }) => {
        taken.push(mode.id);
        return () => taken.splice(taken.indexOf(mode.id), 1);
      },
      temporaryGraphics: (owner: string) => ({
        ...createNoopMapFacade().temporaryGraphics(owner),
        addPoints: () => {
          drawn.push(owner);
          return () => drawn.splice(drawn.indexOf(owner), 1);
        },
      }),
    });
    const release = facade.takePointer({ id: 'inspector', onPick: () => {} });
    facade.temporaryGraphics('inspector').addPoints([{ longitude: 114, latitude: 22, colour: '#f00' }]);
    expect(facade.pointerMode()).toBe('inspector');
    const detach = facade.attach(map);
    map.finish();
    await facade.whenReady();
    expect(taken).toEqual(['inspector']);
    expect(drawn).toEqual(['inspector']);
    detach();
    expect(taken).toEqual([]);
    expect(drawn).toEqual([]);
    release();
    facade.attach(map);
    await facade.whenReady();
    expect(taken).toEqual([]);
    expect(drawn).toEqual(['inspector']);
  });
});
