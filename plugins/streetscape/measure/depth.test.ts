import { describe, expect, it, vi } from 'vitest';
import { createDepthMapLoader, DepthMapError } from './depth';
import { sceneDepthBytes } from './testing/boxScene';
import { scenePanorama } from './testing/panorama';

const bytes = sceneDepthBytes(1024);
const answer = (body: Uint8Array, status = 200) => new Response(body.slice().buffer, { status });

describe('depth map loader', () => {
  it('fetches and decodes a panorama’s depth map once, and again only after it has dropped out of the last four', async () => {
    const fetchBytes = vi.fn(async () => answer(bytes));
    const loader = createDepthMapLoader(fetchBytes);
    const first = await loader.load(scenePanorama('s/1'));
    expect(first).toMatchObject({ width: 1024, height: 512 });
    expect(await loader.load(scenePanorama('s/1'))).toBe(first);
    expect(fetchBytes).toHaveBeenCalledTimes(1);
    expect(fetchBytes).toHaveBeenCalledWith('/mapviewer/api/panoramas/files/box-scene/s/1/depth.bin');
    for (const id of ['s/2', 's/3', 's/4', 's/5']) await loader.load(scenePanorama(id));
    await loader.load(scenePanorama('s/1'));
    expect(fetchBytes).toHaveBeenCalledTimes(6);
  });

  it('answers null for a panorama without a depth map, without fetching', async () => {
    const fetchBytes = vi.fn();
    expect(await createDepthMapLoader(fetchBytes).load(scenePanorama('s/1', false))).toBeNull();
    expect(fetchBytes).not.toHaveBeenCalled();
  });

  it('names what went wrong: an HTTP status, a network failure, a file of the wrong size; and tries again next time', async () => {
    const fetchBytes = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(answer(new Uint8Array(0), 404))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(bytes.subarray(0, 1000)))
      .mockResolvedValueOnce(answer(bytes));
    const loader = createDepthMapLoader(fetchBytes);
    await expect(loader.load(scenePanorama())).rejects.toEqual(new DepthMapError('unavailable', 'HTTP 404'));
    await expect(loader.load(scenePanorama())).rejects.toEqual(new DepthMapError('unavailable', 'Failed to fetch'));
    await expect(loader.load(scenePanorama())).rejects.toMatchObject({ kind: 'wrongSize', detail: expect.stringContaining('has 1048576 bytes, not 1000') });
    await expect(loader.load(scenePanorama())).resolves.toMatchObject({ width: 1024 });
  });
});
