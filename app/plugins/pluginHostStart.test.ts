import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VariantManifest } from '../../core/variants';
import { bootstrapPlugins } from './bootstrap';
import { startPluginHost, type PluginHostStart } from './pluginHostStart';

// The plugins themselves are not what this test is about (and would load every plugin chunk).
vi.mock('./bootstrap', () => ({ bootstrapPlugins: vi.fn(() => ({ host: {}, map: {}, loaded: Promise.resolve() })) }));

const variant = { id: 'second', plugins: [] } as unknown as VariantManifest;

describe('startPluginHost', () => {
  afterEach(() => vi.mocked(bootstrapPlugins).mockClear());

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
