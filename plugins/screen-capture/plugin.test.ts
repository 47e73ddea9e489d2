// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createPluginHost } from '../../core/plugin/host';
import plugin from './index';
import { NO_MEDIA_RECORDER_MESSAGE } from './recorder';
import { SCREEN_CAPTURE_TOOL } from './toolId';

afterEach(() => vi.unstubAllGlobals());

async function activate() {
  const shown: string[] = [];
  const host = createPluginHost({
    services: {
      map: createNoopMapFacade({ captureStream: () => ({ getTracks: () => [] }) as unknown as MediaStream }),
      notices: { show: (notice) => (shown.push(typeof notice.message === 'function' ? notice.message() : notice.message), () => {}) },
    },
  });
  const dispose = await host.activatePlugin(plugin, {});
  return { host, shown, dispose };
}

describe('screen capture as a plugin', () => {
  it('a browser without MediaRecorder says so and the tool switches itself off', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const { host, shown, dispose } = await activate();
    expect(host.registries.tools.get(SCREEN_CAPTURE_TOOL)).toMatchObject({ kind: 'toggle', placement: 'tools', label: 'screenCapture.tool' });
    host.services.store.getState().setToggle(SCREEN_CAPTURE_TOOL, true);
    expect(shown).toEqual([NO_MEDIA_RECORDER_MESSAGE]);
    expect(host.services.store.getState().toggles[SCREEN_CAPTURE_TOOL]).toBe(false);
    dispose();
    host.dispose();
  });

  it('the tool records while on and saves a video when switched off', async () => {
    const recorders: Array<{ stop(): void }> = [];
    class FakeRecorder extends EventTarget {
      state = 'inactive';
      static isTypeSupported = () => true;
      constructor() {
        super();
        recorders.push(this);
      }
      start() {
        this.state = 'recording';
      }
      stop() {
        const data = new Event('dataavailable');
        Object.defineProperty(data, 'data', { value: new Blob(['webm'], { type: 'video/webm' }) });
        this.dispatchEvent(data);
        this.state = 'inactive';
        this.dispatchEvent(new Event('stop'));
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const createObjectURL = vi.fn(() => 'blob:video');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { host, shown, dispose } = await activate();
    host.services.store.getState().setToggle(SCREEN_CAPTURE_TOOL, true);
    expect(recorders).toHaveLength(1);
    host.services.store.getState().setToggle(SCREEN_CAPTURE_TOOL, false);
    expect(clicks).toEqual([expect.stringMatching(/^hk-3d-map-.*\.webm$/)]);
    expect(shown).toEqual(['screenCapture.saved']);
    click.mockRestore();
    dispose();
    host.dispose();
  });
});
