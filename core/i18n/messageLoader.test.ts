import { describe, expect, it, vi } from 'vitest';
import type { MessageTable } from './messages';
import { createMessageLoader } from './messageLoader';

/** A loader that resolves only when the test says so. */
function deferredTable() {
  let resolve!: (table: MessageTable) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<MessageTable>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { load: vi.fn(() => promise), resolve, reject };
}

describe('createMessageLoader', () => {
  it('loads the asked language with the en-US fallback, once, and tells subscribers', async () => {
    const english = deferredTable();
    const chinese = deferredTable();
    const loader = createMessageLoader({ 'en-US': english.load, 'zh-HK': chinese.load });
    const listener = vi.fn();
    loader.subscribe(listener);
    const before = loader.tables();

    const loading = loader.load('zh-HK');
    void loader.load('zh-HK');
    expect(loader.isLoaded('zh-HK')).toBe(false);
    english.resolve({ 'app.title': 'Map' });
    chinese.resolve({ 'app.title': '地圖' });
    await loading;

    expect(english.load).toHaveBeenCalledTimes(1);
    expect(chinese.load).toHaveBeenCalledTimes(1);
    expect(loader.isLoaded('zh-HK')).toBe(true);
    expect(loader.isLoaded('zh-CN')).toBe(false);
    expect(loader.tables()).not.toBe(before);
    expect(loader.tables()['zh-HK']).toEqual({ 'app.title': '地圖' });
    expect(loader.tables()['zh-CN']).toEqual({});
    expect(listener).toHaveBeenCalledTimes(2);

    const after = loader.tables();
    await loader.load('en-US');
    expect(loader.tables()).toBe(after);
    expect(english.load).toHaveBeenCalledTimes(1);
  });

  it('keeps the tables as they were when a load fails, and tries again on the next call', async () => {
    const chinese = deferredTable();
    const retry = vi.fn(async () => ({ 'app.title': '地图' }));
    const loaders = { 'en-US': async () => ({ 'app.title': 'Map' }), 'zh-CN': chinese.load };
    const loader = createMessageLoader(loaders);
    await loader.load('en-US');
    const before = loader.tables();

    const failing = loader.load('zh-CN');
    chinese.reject(new Error('offline'));
    await expect(failing).rejects.toThrow('loading the zh-CN messages failed');
    expect(loader.tables()).toBe(before);
    expect(loader.isLoaded('zh-CN')).toBe(false);

    loaders['zh-CN'] = retry;
    await loader.load('zh-CN');
    expect(retry).toHaveBeenCalledTimes(1);
    expect(loader.tables()['zh-CN']).toEqual({ 'app.title': '地图' });
  });

  it('rejects a language it has no loader for', async () => {
    const loader = createMessageLoader({ 'en-US': async () => ({}) });
    await expect(loader.load('zh-HK')).rejects.toThrow('no message table for language zh-HK');
  });
});

describe('createMessageLoader with a later part', () => {
  it('loads a part only once added, for every language asked so far, and with every language after', async () => {
    const shell = { 'en-US': vi.fn(async () => ({ 'app.title': 'Map' })), 'zh-HK': vi.fn(async () => ({ 'app.title': '地圖' })), 'zh-CN': vi.fn(async () => ({ 'app.title': '地图' })) };
    const plugins = { 'en-US': vi.fn(async () => ({ 'tool.measure': 'Measure' })), 'zh-HK': vi.fn(async () => ({ 'tool.measure': '量度' })), 'zh-CN': vi.fn(async () => ({ 'tool.measure': '量度' })) };
    const loader = createMessageLoader(shell, { plugins });

    await loader.load('zh-HK');
    expect(plugins['en-US']).not.toHaveBeenCalled();
    expect(loader.tables()['zh-HK']).toEqual({ 'app.title': '地圖' });

    await loader.addPart('plugins');
    expect(plugins['en-US']).toHaveBeenCalledTimes(1);
    expect(plugins['zh-HK']).toHaveBeenCalledTimes(1);
    expect(plugins['zh-CN']).not.toHaveBeenCalled();
    expect(loader.tables()['zh-HK']).toEqual({ 'app.title': '地圖', 'tool.measure': '量度' });
    expect(loader.isLoaded('zh-HK')).toBe(true);

    // A language switch now waits for both parts of the new language.
    expect(loader.isLoaded('zh-CN')).toBe(false);
    await loader.load('zh-CN');
    expect(plugins['zh-CN']).toHaveBeenCalledTimes(1);
    expect(loader.tables()['zh-CN']).toEqual({ 'app.title': '地图', 'tool.measure': '量度' });
  });

  it('counts a language as loaded only when the added part has arrived for it too', async () => {
    const pluginTable = deferredTable();
    const loader = createMessageLoader({ 'en-US': async () => ({ 'app.title': 'Map' }) }, { plugins: { 'en-US': pluginTable.load } });
    await loader.load('en-US');
    const adding = loader.addPart('plugins');
    expect(loader.isLoaded('en-US')).toBe(false);
    pluginTable.resolve({ 'tool.measure': 'Measure' });
    await adding;
    expect(loader.isLoaded('en-US')).toBe(true);
  });

  it('names the part when its table fails, keeps it added, and loads it on the next try', async () => {
    const failing = deferredTable();
    const parts = { plugins: { 'en-US': failing.load } as Record<string, () => Promise<MessageTable>> };
    const loader = createMessageLoader({ 'en-US': async () => ({}) }, parts);
    await loader.load('en-US');
    const adding = loader.addPart('plugins');
    failing.reject(new Error('offline'));
    await expect(adding).rejects.toThrow('loading the en-US messages of plugins failed');
    expect(loader.isLoaded('en-US')).toBe(false);
    parts.plugins['en-US'] = async () => ({ 'tool.measure': 'Measure' });
    await loader.addPart('plugins');
    expect(loader.tables()['en-US']).toEqual({ 'tool.measure': 'Measure' });
  });

  it('refuses a part it does not know', async () => {
    const loader = createMessageLoader({ 'en-US': async () => ({}) });
    await expect(loader.addPart('nothing')).rejects.toThrow('no message part named nothing');
  });
});
