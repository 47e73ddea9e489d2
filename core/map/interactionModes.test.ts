import { describe, expect, it, vi } from 'vitest';
import type { MapPickResult } from '../plugin/types';
import { createDeferredMapFacade } from './deferredFacade';
import { createInteractionModes } from './interactionModes';
import { createNoopMapFacade } from './noopFacade';

const click: MapPickResult = {
  screen: { x: 10, y: 20 },
  feature: null,
  hitOtherObject: false,
  position: { longitude: 114.17, latitude: 22.3, heightMeters: 5 },
  surface: 'terrain',
};

describe('interaction modes', () => {
  it('gives clicks to the newest mode and the pointer back to the previous one on release', () => {
    const modes = createInteractionModes();
    const identify = vi.fn();
    const inspector = vi.fn();
    modes.take({ id: 'identify', onPick: identify, endOnEscape: false });
    const release = modes.take({ id: 'inspector', onPick: inspector });
    expect(modes.active()).toBe('inspector');
    modes.dispatch(click);
    expect(inspector).toHaveBeenCalledWith(click);
    expect(identify).not.toHaveBeenCalled();
    release();
    expect(modes.active()).toBe('identify');
    modes.dispatch(click);
    expect(identify).toHaveBeenCalledTimes(1);
    release();
    expect(modes.active()).toBe('identify');
  });

  it('ends the newest mode on Escape, running its onEnd, but not one that keeps the pointer', () => {
    const modes = createInteractionModes();
    const onEnd = vi.fn();
    modes.take({ id: 'identify', onPick: () => {}, endOnEscape: false });
    modes.take({ id: 'inspector', onPick: () => {}, onEnd });
    expect(modes.escape()).toBe(true);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(modes.active()).toBe('identify');
    expect(modes.escape()).toBe(false);
    expect(modes.active()).toBe('identify');
  });

  it('reports no taker without modes, tells listeners each change and survives a failing tool', () => {
    const modes = createInteractionModes();
    expect(modes.dispatch(click)).toBe(false);
    const seen: Array<string | null> = [];
    const stop = modes.subscribe((id) => seen.push(id));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const release = modes.take({
      id: 'broken',
      onPick: () => {
        throw new Error('boom');
      },
    });
    expect(modes.dispatch(click)).toBe(true);
    expect(error).toHaveBeenCalled();
    release();
    stop();
    modes.take({ id: 'unseen', onPick: () => {} });
    expect(seen).toEqual(['broken', null]);
    error.mockRestore();
  });

  it('gives clicks to a mode taken through the deferred facade before the map exists, once a map is attached', async () => {
    const facade = createDeferredMapFacade();
    const onPick = vi.fn();
    const release = facade.takePointer({ id: 'download-selection', onPick });
    expect(facade.pointerMode()).toBe('download-selection');
    const modes = createInteractionModes();
    const identify = vi.fn();
    modes.take({ id: 'identify', onPick: identify, endOnEscape: false });
    facade.attach(createNoopMapFacade({ takePointer: (mode) => modes.take(mode), pointerMode: () => modes.active() }));
    await facade.whenReady();
    expect(facade.pointerMode()).toBe('download-selection');
    modes.dispatch(click);
    expect(onPick).toHaveBeenCalledWith(click);
    expect(identify).not.toHaveBeenCalled();
    release();
    expect(facade.pointerMode()).toBe('identify');
    modes.dispatch(click);
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(identify).toHaveBeenCalledTimes(1);
  });
});
