import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VariantManifest } from '../../core/variants';
import { messageTables } from '../i18n/messages';
import { bootstrapPlugins } from './bootstrap';
import { startPluginHost, type PluginHostStart } from './pluginHostStart';

// The plugins themselves are not what this test is about (and would load every plugin chunk).
vi.mock('./bootstrap', () => ({ bootstrapPlugins: vi.fn(() => ({ host: {}, map: {}, loaded: Promise.resolve() })) }));

const variant = { id: 'second', plugins: [] } as unknown as VariantManifest;

describe('startPluginHost', () => {
  afterEach(() => {
    vi.mocked(bootstrapPlugins).mockClear();
    vi.restoreAllMocks();
  });

  it("loads the plugins' messages for the languages shown before any plugin starts", async () => {
    await messageTables.load('zh-HK');
    expect(messageTables.tables()['zh-HK']['navigation.tool.home']).toBeUndefined();
    let pluginMessageAtStart: string | undefined;
    vi.mocked(bootstrapPlugins).mockImplementationOnce(() => {
      pluginMessageAtStart = messageTables.tables()['zh-HK']['navigation.tool.home'];
      return { host: {}, map: {}, loaded: Promise.resolve() } as unknown as ReturnType<typeof bootstrapPlugins>;
    });
    await startPluginHost(variant, () => {});
    expect(pluginMessageAtStart).toEqual(expect.any(String));
    expect(messageTables.isLoaded('zh-HK')).toBe(true);
  });

  it("offers Retry when the plugins' messages fail to load, and starts the host once they arrive", async () => {
    const addPart = vi.spyOn(messageTables, 'addPart').mockRejectedValueOnce(Object.assign(new Error('Failed to fetch dynamically imported module'), { name: 'TypeError' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reports: PluginHostStart[] = [];
    await startPluginHost(variant, (start) => reports.push(start));
    expect(reports).toEqual([expect.objectContaining({ status: 'chunkFailed' })]);
    expect(bootstrapPlugins).not.toHaveBeenCalled();

    const failed = reports[0];
    if (failed.status !== 'chunkFailed') throw new Error('expected a chunk failure');
    await failed.retry();
    expect(addPart).toHaveBeenCalledTimes(2);
    // (A retry imports the chunk by a fresh address, which vi.mock does not cover: the real host starts.)
    expect(reports.at(-1)).toEqual({ status: 'started', bootstrap: expect.objectContaining({ host: expect.anything() }) });
  });

  it('starts the host with the validated variant once its chunk has arrived', async () => {
    const reports: PluginHostStart[] = [];
    await startPluginHost(variant, (start) => reports.push(start));
    expect(bootstrapPlugins).toHaveBeenCalledWith(variant);
    expect(reports).toEqual([{ status: 'started', bootstrap: expect.objectContaining({ host: {} }) }]);
  });

  it('reports a page without a variant as started with no plugins', async () => {
    const reports: PluginHostStart[] = [];
    await startPluginHost(null, (start) => reports.push(start));
    expect(bootstrapPlugins).not.toHaveBeenCalled();
    expect(reports).toEqual([{ status: 'started', bootstrap: null }]);
  });

  it('reports a host that fails to start as started with no plugins, not as a failed chunk', async () => {
    vi.mocked(bootstrapPlugins).mockImplementationOnce(() => {
      throw new Error('broken');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reports: PluginHostStart[] = [];
    await startPluginHost(variant, (start) => reports.push(start));
    expect(reports).toEqual([{ status: 'started', bootstrap: null }]);
  });
});
