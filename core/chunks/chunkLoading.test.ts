// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asChunkLoadError, ChunkLoadError, loadChunk, restoreFailedStylesheets, SCRIPT_CHUNK_TIMEOUT_MS, withChunkTimeout } from './chunkLoading';

afterEach(() => vi.useRealTimers());

describe('chunk loading', () => {
  it('uses the SPEC §9 script chunk timeout of 120000 ms', () => {
    expect(SCRIPT_CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects a chunk that has not arrived by the timeout, and not a moment before', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const outcome = withChunkTimeout(never).then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(SCRIPT_CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).kind).toBe('timeout');
  });

  it('passes a chunk that arrives in time through and cancels its timer', async () => {
    const cancel = vi.fn();
    const value = await withChunkTimeout(Promise.resolve(7), 50, () => cancel);
    expect(value).toBe(7);
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('tells chunk failures (script, Vite stylesheet) from other errors', () => {
    const script = asChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/Drawer-abc.js'));
    expect(script?.kind).toBe('script');
    const stylesheet = asChunkLoadError(new Error('Unable to preload CSS for http://x/assets/Drawer-abc.css'));
    expect(stylesheet).toMatchObject({ kind: 'stylesheet', stylesheetUrl: 'http://x/assets/Drawer-abc.css' });
    expect(asChunkLoadError(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(asChunkLoadError(undefined)).toBeNull();
  });

  it('rejects a failed loader as a ChunkLoadError, and a retry puts the failed stylesheet back before loading again', async () => {
    const url = 'http://localhost/assets/Panel-1.css';
    const failing = vi.fn(() => Promise.reject(new Error(`Unable to preload CSS for ${url}`)));
    await expect(loadChunk(failing)).rejects.toMatchObject({ name: 'ChunkLoadError', kind: 'stylesheet' });

    const loader = vi.fn(() => Promise.resolve('module'));
    const loading = loadChunk(loader, { retry: true });
    const link = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((item) => item.href === url);
    expect(link).toBeDefined();
    expect(loader).not.toHaveBeenCalled();
    link!.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe('module');
    // Loaded now: the next retry has nothing to put back.
    await restoreFailedStylesheets();
  });

  it('keeps other errors as they are', async () => {
    const error = new RangeError('bad');
    await expect(loadChunk(() => Promise.reject(error))).rejects.toBe(error);
  });
});
