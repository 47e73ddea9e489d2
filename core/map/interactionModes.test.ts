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

  it('gives pointer moves to the newest mode with onMove, over the map or while a press lasts', () => {
    const modes = createInteractionModes();
    const older = vi.fn();
    modes.take({ id: 'identify', onPick: () => {}, onMove: older });
    const onMove = vi.fn();
    modes.take({ id: 'measure', onPick: () => {}, onMove });
    modes.pointerMove({ x: 1, y: 2 }, true);
    modes.pointerMove({ x: 900, y: 2 }, false);
    modes.pointerDown({ x: 1, y: 2 });
    modes.pointerMove({ x: 950, y: 2 }, false);
    expect(onMove.mock.calls.map(([screen]) => screen.x)).toEqual([1, 950]);
    expect(older).not.toHaveBeenCalled();
  });

  it('says whether the newest mode keeps clicks to itself (overlay popups stay shut), and only while it is newest', () => {
    const modes = createInteractionModes();
    expect(modes.ownsClicks()).toBe(false);
    modes.take({ id: 'identify', onPick: () => {} });
    expect(modes.ownsClicks()).toBe(false);
    const release = modes.take({ id: 'pin', onPick: () => {}, ownsClicks: true });
    expect(modes.ownsClicks()).toBe(true);
    release();
    expect(modes.ownsClicks()).toBe(false);
  });

  it('turns a press moved past the threshold into start, move and end drag events with deltas, for a mode that takes drags', () => {
    const modes = createInteractionModes();
    const drags: string[] = [];
    modes.take({ id: 'first-person', onPick: () => {}, onDrag: (drag) => drags.push(`${drag.phase}:${drag.deltaX},${drag.deltaY}`), cursor: 'grab' });
    expect(modes.takesDrags()).toBe(true);
    expect(modes.cursor()).toBe('grab');
    modes.pointerDown({ x: 100, y: 100 });
    modes.pointerMove({ x: 102, y: 101 }, true);
    expect(drags).toEqual([]);
    modes.pointerMove({ x: 110, y: 100 }, true);
    modes.pointerMove({ x: 115, y: 97 }, true);
    modes.pointerUp({ x: 116, y: 97 });
    expect(drags).toEqual(['start:0,0', 'move:5,-3', 'end:1,0']);
    // A click without a drag stays a click.
    modes.pointerDown({ x: 10, y: 10 });
    modes.pointerUp({ x: 11, y: 10 });
    expect(drags).toHaveLength(3);
  });

  it('leaves drags to the map for a mode without onDrag, and keeps a drag with the mode it started in', () => {
    const modes = createInteractionModes();
    const drags: string[] = [];
    const release = modes.take({ id: 'walker', onPick: () => {}, onDrag: (drag) => drags.push(`walker:${drag.phase}`) });
    modes.pointerDown({ x: 0, y: 0 });
    modes.pointerMove({ x: 20, y: 0 }, true);
    const releaseOther = modes.take({ id: 'measure', onPick: () => {} });
    expect(modes.takesDrags()).toBe(false);
    expect(modes.cursor()).toBeNull();
    modes.pointerMove({ x: 30, y: 0 }, true);
    modes.pointerUp({ x: 30, y: 0 });
    expect(drags).toEqual(['walker:start', 'walker:move', 'walker:end']);
    modes.pointerDown({ x: 0, y: 0 });
    modes.pointerMove({ x: 20, y: 0 }, true);
    modes.pointerUp({ x: 20, y: 0 });
    expect(drags).toHaveLength(3);
    releaseOther();
    modes.pointerDown({ x: 0, y: 0 });
    modes.pointerMove({ x: 20, y: 0 }, true);
    release();
    modes.pointerMove({ x: 40, y: 0 }, true);
    modes.pointerUp({ x: 40, y: 0 });
    expect(drags).toEqual(['walker:start', 'walker:move', 'walker:end', 'walker:start']);
  });

  it('gives keys to the newest mode with onKey and reports whether it handled them', () => {
    const modes = createInteractionModes();
    expect(modes.key({ type: 'down', key: 'w', code: 'KeyW', shiftKey: false })).toBe(false);
    const pressed: string[] = [];
    modes.take({
      id: 'first-person',
      onPick: () => {},
      onKey: (key) => {
        pressed.push(`${key.type}:${key.code}:${key.shiftKey}`);
        return key.code === 'KeyW';
      },
    });
    expect(modes.key({ type: 'down', key: 'W', code: 'KeyW', shiftKey: true })).toBe(true);
    expect(modes.key({ type: 'up', key: 'q', code: 'KeyQ', shiftKey: false })).toBe(false);
    expect(pressed).toEqual(['down:KeyW:true', 'up:KeyQ:false']);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    modes.take({
      id: 'broken',
      onPick: () => {},
      onKey: () => {
        throw new Error('boom');
      },
    });
    expect(modes.key({ type: 'down', key: 'a', code: 'KeyA', shiftKey: false })).toBe(false);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
