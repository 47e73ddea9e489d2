/**
 * Canvas capture (issue 14: screen video capture, snapshots). The map renders only on change, and a canvas
 * stream carries a frame only when the canvas is painted: so a live stream claims continuous rendering
 * (core/map/renderDemand.ts) until all its tracks have ended, and an image is taken right after the next frame is
 * drawn (the WebGL drawing buffer is still valid then, without `preserveDrawingBuffer`).
 */
import type { Disposer } from '../plugin/types';
import type { RenderDemand } from './renderDemand';

/** Just the canvas calls capture needs (an HTMLCanvasElement, or a fake in tests). */
export interface CapturableCanvas {
  captureStream?(framesPerSecond?: number): MediaStream;
  toBlob(callback: BlobCallback, type?: string): void;
}

export interface CanvasCapture {
  /** See {@link MapFacade.captureStream}. */
  stream(framesPerSecond: number): MediaStream | null;
  /** See {@link MapFacade.captureImage}. */
  image(): Promise<Blob>;
  /** A frame was drawn: takes the images asked for, and lets go of streams whose tracks have all ended. */
  frameDrawn(): void;
  /** The map is going away: pending images reject, stream claims are released. */
  dispose(): void;
}

/** Frame rates {@link CanvasCapture.stream} accepts, frames per second. */
export const CAPTURE_FRAMES_PER_SECOND = { minimum: 1, maximum: 60 } as const;

export function createCanvasCapture(canvas: CapturableCanvas, demand: RenderDemand, requestRender: () => void): CanvasCapture {
  const live = new Map<MediaStream, Disposer>();
  let waiting: Array<{ resolve: (blob: Blob) => void; reject: (error: Error) => void }> = [];
  return {
    stream(framesPerSecond) {
      const { minimum, maximum } = CAPTURE_FRAMES_PER_SECOND;
      if (!Number.isFinite(framesPerSecond) || framesPerSecond < minimum || framesPerSecond > maximum) {
        throw new RangeError(`captureStream: framesPerSecond must be between ${minimum} and ${maximum}, got ${framesPerSecond}`);
      }
      if (typeof canvas.captureStream !== 'function') return null;
      const stream = canvas.captureStream(framesPerSecond);
      live.set(stream, demand.claim());
      requestRender();
      return stream;
    },
    image() {
      return new Promise<Blob>((resolve, reject) => {
        waiting.push({ resolve, reject });
        requestRender();
      });
    },
    frameDrawn() {
      for (const [stream, release] of live) {
        if (stream.getTracks().every((track) => track.readyState === 'ended')) {
          live.delete(stream);
          release();
        }
      }
      if (waiting.length === 0) return;
      const takers = waiting;
      waiting = [];
      canvas.toBlob((blob) => {
        for (const taker of takers) {
          if (blob) taker.resolve(blob);
          else taker.reject(new Error('captureImage: the browser could not encode the map as PNG'));
        }
      }, 'image/png');
    },
    dispose() {
      for (const release of live.values()) release();
      live.clear();
      for (const taker of waiting) taker.reject(new Error('captureImage: the map was closed before a frame was drawn'));
      waiting = [];
    },
  };
}
