import { describe, expect, it, vi } from 'vitest';
import { createCanvasCapture, type CapturableCanvas } from './canvasCapture';
import { createRenderDemand } from './renderDemand';

function fakeStream() {
  const track = { readyState: 'live' as MediaStreamTrackState };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, end: () => (track.readyState = 'ended') };
}

describe('canvas capture', () => {
  it('renders continuously while a stream has a live track, asks for a frame, and lets go once its tracks end', () => {
    const { stream, end } = fakeStream();
    const asked: number[] = [];
    const canvas: CapturableCanvas = { captureStream: (fps) => (asked.push(fps ?? 0), stream), toBlob: () => {} };
    const modes: boolean[] = [];
    const requestRender = vi.fn();
    const capture = createCanvasCapture(canvas, createRenderDemand((on) => modes.push(on)), requestRender);
    expect(capture.stream(30)).toBe(stream);
    expect(asked).toEqual([30]);
    expect(modes).toEqual([true]);
    expect(requestRender).toHaveBeenCalled();
    capture.frameDrawn();
    expect(modes).toEqual([true]);
    end();
    capture.frameDrawn();
    expect(modes).toEqual([true, false]);
  });

  it('gives null where the browser cannot capture a canvas and refuses an impossible frame rate', () => {
    const capture = createCanvasCapture({ toBlob: () => {} }, createRenderDemand(() => {}), () => {});
    expect(capture.stream(25)).toBeNull();
    expect(() => capture.stream(0)).toThrow(/framesPerSecond must be between 1 and 60, got 0/);
    expect(() => capture.stream(Number.NaN)).toThrow(/framesPerSecond/);
  });

  it('takes the PNG right after the next frame is drawn, for every caller waiting', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    const toBlob = vi.fn((callback: BlobCallback, type?: string) => callback(type === 'image/png' ? png : null));
    const requestRender = vi.fn();
    const capture = createCanvasCapture({ toBlob }, createRenderDemand(() => {}), requestRender);
    const first = capture.image();
    const second = capture.image();
    expect(requestRender).toHaveBeenCalledTimes(2);
    expect(toBlob).not.toHaveBeenCalled();
    capture.frameDrawn();
    await expect(first).resolves.toBe(png);
    await expect(second).resolves.toBe(png);
    expect(toBlob).toHaveBeenCalledTimes(1);
    capture.frameDrawn();
    expect(toBlob).toHaveBeenCalledTimes(1);
  });

  it('rejects when encoding fails or the map closes first, and releases live streams on close', async () => {
    const failing = createCanvasCapture({ toBlob: (callback) => callback(null) }, createRenderDemand(() => {}), () => {});
    const failed = failing.image();
    failing.frameDrawn();
    await expect(failed).rejects.toThrow(/could not encode the map as PNG/);
    const modes: boolean[] = [];
    const { stream } = fakeStream();
    const closing = createCanvasCapture({ captureStream: () => stream, toBlob: () => {} }, createRenderDemand((on) => modes.push(on)), () => {});
    closing.stream(10);
    const pending = closing.image();
    closing.dispose();
    await expect(pending).rejects.toThrow(/closed before a frame was drawn/);
    expect(modes).toEqual([true, false]);
  });
});
