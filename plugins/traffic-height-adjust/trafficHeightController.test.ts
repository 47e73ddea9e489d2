import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPluginHost } from '../../core/plugin/host';
import plugin from './index';
import type { OverlayHeight } from './overlayHeight';
import { createTrafficHeightController, TRAFFIC_HEIGHT_TOOL } from './trafficHeightController';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function fakeHeight() {
  return { baseMeters: 10, setAdjustment: vi.fn<(meters: number) => void>(), dispose: vi.fn<() => void>() } satisfies OverlayHeight;
}

describe('traffic height controller', () => {
  it('moves the markers once typing has paused, and says where they stand', () => {
    const height = fakeHeight();
    const controller = createTrafficHeightController({ height, debounceMs: 3500, limitMeters: 1000 });
    controller.setActive(true);
    controller.type('1');
    controller.type('15');
    expect(controller.getState()).toMatchObject({ text: '15', feedback: { kind: 'pending' } });
    vi.advanceTimersByTime(3500);
    expect(height.setAdjustment).toHaveBeenCalledExactlyOnceWith(15);
    expect(controller.getState()).toMatchObject({ adjustmentMeters: 15, baseMeters: 10, feedback: { kind: 'applied', meters: 15 } });
  });

  it('puts the last valid value back in the box when the text is ignored, naming why', () => {
    const height = fakeHeight();
    const controller = createTrafficHeightController({ height, debounceMs: 3500, limitMeters: 1000 });
    controller.setActive(true);
    controller.type('15');
    controller.applyNow();
    controller.type('2000');
    vi.advanceTimersByTime(3500);
    expect(height.setAdjustment).toHaveBeenCalledTimes(1);
    expect(controller.getState()).toMatchObject({ text: '15', adjustmentMeters: 15, feedback: { kind: 'rejected', problem: 'out-of-range', text: '2000', keptMeters: 15 } });
  });

  it('settles what was typed when the panel closes, and keeps the adjustment', () => {
    const height = fakeHeight();
    const controller = createTrafficHeightController({ height, debounceMs: 3500, limitMeters: 1000 });
    controller.setActive(true);
    controller.type('-3');
    controller.setActive(false);
    expect(height.setAdjustment).toHaveBeenCalledExactlyOnceWith(-3);
    expect(controller.getState()).toMatchObject({ active: false, adjustmentMeters: -3 });
  });
});

describe('traffic-height-adjust plugin', () => {
  it('registers the traffic camera overlay from its manifest and the toggle tool', async () => {
    const host = createPluginHost();
    const dispose = await host.activatePlugin(plugin, { overlayId: 'tdssimg' });
    expect(host.status('traffic-height-adjust')?.state).toBe('active');
    expect(host.registries.overlays.get('tdssimg')).toMatchObject({ owner: 'traffic-height-adjust', manifest: { display: { heightOffsetMeters: 10 } } });
    expect(host.registries.tools.get(TRAFFIC_HEIGHT_TOOL)).toMatchObject({ kind: 'toggle', placement: 'tools' });
    dispose();
    expect(host.registries.overlays.get('tdssimg')).toBeUndefined();
  });

  it('fails, saying why, for an overlay without a manifest', async () => {
    const host = createPluginHost();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await host.activatePlugin(plugin, { overlayId: 'no-such-layer' });
    expect(host.status('traffic-height-adjust')).toMatchObject({ state: 'failed', message: expect.stringContaining('manifests/overlays/no-such-layer.json') });
  });
});
