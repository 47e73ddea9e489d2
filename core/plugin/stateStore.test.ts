import { describe, expect, it, vi } from 'vitest';
import { createStateStore } from './stateStore';

interface Counter {
  count: number;
  label: string;
}

describe('createStateStore', () => {
  it('returns the same state object until something changes', () => {
    const initial: Counter = { count: 0, label: 'a' };
    const store = createStateStore(initial);
    expect(store.getState()).toBe(initial);
    expect(store.getState()).toBe(store.getState());
  });

  it('merges a patch into a new object and keeps the other fields', () => {
    const initial: Counter = { count: 0, label: 'a' };
    const store = createStateStore(initial);
    store.set({ count: 2 });
    expect(store.getState()).toEqual({ count: 2, label: 'a' });
    expect(store.getState()).not.toBe(initial);
    expect(initial).toEqual({ count: 0, label: 'a' });
  });

  it('merges what an updater returns for the current state', () => {
    const store = createStateStore<Counter>({ count: 1, label: 'a' });
    store.set((state) => ({ count: state.count + 10 }));
    store.set((state) => ({ count: state.count * 2 }));
    expect(store.getState()).toEqual({ count: 22, label: 'a' });
  });

  it('replace makes the given object the state without merging old fields in', () => {
    type Status = { status: 'idle' } | { status: 'shown'; name: string };
    const store = createStateStore<Status>({ status: 'shown', name: 'trail.gpx' });
    const idle: Status = { status: 'idle' };
    store.replace(idle);
    expect(store.getState()).toBe(idle);
    expect(store.getState()).toEqual({ status: 'idle' });
  });

  it('tells every listener after each change, in subscription order, with the new state readable', () => {
    const store = createStateStore<Counter>({ count: 0, label: 'a' });
    const seen: string[] = [];
    store.subscribe(() => seen.push(`first:${store.getState().count}`));
    store.subscribe(() => seen.push(`second:${store.getState().count}`));
    store.set({ count: 1 });
    store.replace({ count: 5, label: 'b' });
    expect(seen).toEqual(['first:1', 'second:1', 'first:5', 'second:5']);
  });

  it('tells listeners even when a patch changes nothing', () => {
    const store = createStateStore<Counter>({ count: 0, label: 'a' });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({});
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener once its disposer is called; calling it twice is harmless', () => {
    const store = createStateStore<Counter>({ count: 0, label: 'a' });
    const kept = vi.fn();
    const dropped = vi.fn();
    store.subscribe(kept);
    const stop = store.subscribe(dropped);
    stop();
    stop();
    store.set({ count: 1 });
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });

  it('a listener added or removed while listeners are told takes effect from the next change', () => {
    const store = createStateStore<Counter>({ count: 0, label: 'a' });
    const late = vi.fn();
    const second = vi.fn();
    let stopSecond = () => {};
    store.subscribe(() => {
      stopSecond();
      store.subscribe(late);
    });
    stopSecond = store.subscribe(second);
    store.set({ count: 1 });
    expect(second).toHaveBeenCalledTimes(1);
    expect(late).not.toHaveBeenCalled();
    store.set({ count: 2 });
    expect(second).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('lets a throwing listener reach the caller of set, with the state already changed', () => {
    const store = createStateStore<Counter>({ count: 0, label: 'a' });
    store.subscribe(() => {
      throw new Error('listener failed');
    });
    expect(() => store.set({ count: 3 })).toThrow('listener failed');
    expect(store.getState().count).toBe(3);
  });

  it('works with getState and subscribe detached from the store, as React passes them', () => {
    const { getState, subscribe, set } = createStateStore<Counter>({ count: 0, label: 'a' });
    const listener = vi.fn();
    subscribe(listener);
    set({ count: 4 });
    expect(getState().count).toBe(4);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('dropListeners forgets every listener', () => {
    const store = createStateStore<Counter>({ count: 0, label: 'a' });
    const listener = vi.fn();
    store.subscribe(listener);
    store.dropListeners();
    store.set({ count: 1 });
    expect(listener).not.toHaveBeenCalled();
  });
});
