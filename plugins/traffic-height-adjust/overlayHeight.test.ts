import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { overlayManifestSchema } from '../../core/manifests/schemas';
import type { MapHost } from '../../core/map/mapHost';
import { createOverlayEngine } from '../../core/overlay/engine';
import { createRegistry } from '../../core/plugin/registry';
import type { OverlayContribution } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { createOverlayHeight, withHeightAdjustment } from './overlayHeight';

const root = resolve(import.meta.dirname, '../..');
/** The real traffic snapshot camera overlay (markers lifted 10 m by its manifest). */
const tdssimg = overlayManifestSchema.parse(JSON.parse(readFileSync(resolve(root, 'manifests/overlays/tdssimg.json'), 'utf8')));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe('overlay height', () => {
  it("adds the adjustment to the manifest's own lift and changes nothing else", () => {
    const lifted = withHeightAdjustment(tdssimg, 25);
    expect(tdssimg.display?.heightOffsetMeters).toBe(10);
    expect(lifted.display?.heightOffsetMeters).toBe(35);
    expect(withHeightAdjustment(tdssimg, -4).display?.heightOffsetMeters).toBe(6);
    expect({ ...lifted, display: { ...lifted.display, heightOffsetMeters: 10 } }).toEqual(tdssimg);
  });

  it('registers the overlay and registers it again at each adjustment; the engine redraws the shown layer', async () => {
    const registry = createRegistry<OverlayContribution>('overlays');
    const store = createAppStore();
    const urls: string[] = [];
    const host = { whenReady: () => new Promise(() => {}), cesium: () => null, viewer: () => null, requestRender: () => {}, onClick: () => () => {}, showCredit: () => {} } as unknown as MapHost;
    const engine = createOverlayEngine({
      host,
      store,
      overlays: registry,
      fetchJson: async (url) => {
        urls.push(url);
        return { type: 'FeatureCollection', features: [] };
      },
    });
    const height = createOverlayHeight(registry.forOwner('traffic-height-adjust'), tdssimg);
    expect(height.baseMeters).toBe(10);
    expect(registry.get('tdssimg')?.owner).toBe('traffic-height-adjust');
    store.getState().setOverlayShown('tdssimg', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toHaveLength(1);

    height.setAdjustment(40);
    expect(registry.get('tdssimg')?.manifest.display?.heightOffsetMeters).toBe(50);
    await vi.advanceTimersByTimeAsync(0);
    // A new runtime for the new manifest fetched and drew the features again; the layer stayed shown.
    expect(urls).toHaveLength(2);
    expect(store.getState().overlays.tdssimg?.shown).toBe(true);

    height.dispose();
    expect(registry.get('tdssimg')).toBeUndefined();
    engine.dispose();
  });

  it('refuses an overlay someone else registered (the variant must leave it to the tool)', () => {
    const registry = createRegistry<OverlayContribution>('overlays');
    registry.register({ id: 'tdssimg', manifest: tdssimg });
    expect(() => createOverlayHeight(registry.forOwner('traffic-height-adjust'), tdssimg)).toThrow(/already registered \(by core\)/);
  });
});
