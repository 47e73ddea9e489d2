import { describe, expect, it, vi } from 'vitest';
import type { BaseMapManifest } from '../manifests/schemas';
import { createBaseMapAvailabilityCheck } from './baseMapAvailability';

const baseMap = (id: string, availabilityUrl?: string) => ({ id, availabilityUrl }) as unknown as BaseMapManifest;

describe('createBaseMapAvailabilityCheck', () => {
  it('reports the base maps whose check says no or fails, asks only those with a URL, and only on the first call', async () => {
    const answers: Record<string, Promise<unknown>> = {
      '/ortho.json': Promise.resolve({ available: false }),
      '/lidar.json': Promise.resolve({ available: true }),
      '/broken.json': Promise.reject(new Error('502')),
    };
    const json = vi.fn((url: string, schema: { parse(value: unknown): unknown }) => answers[url].then((answer) => schema.parse(answer)));
    const unavailable: string[] = [];
    const check = createBaseMapAvailabilityCheck(
      { json } as never,
      [baseMap('relief'), baseMap('ortho', '/ortho.json'), baseMap('lidar', '/lidar.json'), baseMap('broken', '/broken.json')],
      (entry) => unavailable.push(entry.id),
    );
    expect(json).not.toHaveBeenCalled();
    check();
    check();
    await vi.waitFor(() => expect(unavailable.sort()).toEqual(['broken', 'ortho']));
    expect(json.mock.calls.map(([url]) => url)).toEqual(['/ortho.json', '/lidar.json', '/broken.json']);
  });

  it('counts an answer of the wrong shape as unavailable', async () => {
    const json = vi.fn((_url: string, schema: { parse(value: unknown): unknown }) => Promise.resolve().then(() => schema.parse({ ok: true })));
    const unavailable: string[] = [];
    createBaseMapAvailabilityCheck({ json } as never, [baseMap('ortho', '/ortho.json')], (entry) => unavailable.push(entry.id))();
    await vi.waitFor(() => expect(unavailable).toEqual(['ortho']));
  });
});
