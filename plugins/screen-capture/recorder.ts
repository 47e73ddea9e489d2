/**
 * Screen video capture (SPEC §1): the map canvas (`ctx.map.captureStream`) recorded with MediaRecorder as WebM,
 * with the elapsed time, and on stop a download of the video. Everything the browser provides comes in through
 * {@link RecorderEnvironment}, so the rules are tested without a browser.
 */
import type { Disposer, MessageId } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';

/** Frames per second asked of the canvas stream. */
export const RECORDING_FRAMES_PER_SECOND = 30;
/**
 * Longest recording, seconds (10 minutes): the video is held in memory until it is saved (about 2–4 MB a minute
 * at the browser's default bit rate), so a forgotten recording stops and is saved instead of growing without end.
 */
export const MAX_RECORDING_SECONDS = 600;
/** The recorder hands over data every second, so a stop loses at most the last second's encoding time. */
export const TIMESLICE_MS = 1000;
/** WebM types in order of preference; the first the browser can record is used. */
export const WEBM_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'] as const;

export const NO_MEDIA_RECORDER_MESSAGE = 'screenCapture.error.noMediaRecorder';
export const NO_WEBM_MESSAGE = 'screenCapture.error.noWebm';
export const NO_CANVAS_MESSAGE = 'screenCapture.error.noCanvas';
export const RECORDING_FAILED_MESSAGE = 'screenCapture.error.failed';
export const NOTHING_RECORDED_MESSAGE = 'screenCapture.error.empty';

/** The MediaRecorder constructor and its static check, as the browser has them. */
export interface MediaRecorderClass {
  new (stream: MediaStream, options?: MediaRecorderOptions): MediaRecorder;
  isTypeSupported(type: string): boolean;
}

export interface RecorderEnvironment {
  /** `window.MediaRecorder`; undefined where the browser has none. */
  MediaRecorder: MediaRecorderClass | undefined;
  /** The map canvas as a stream (`ctx.map.captureStream`), null before the map exists. */
  captureStream(framesPerSecond: number): MediaStream | null;
  /** Milliseconds, monotonic. */
  now(): number;
  setInterval(callback: () => void, milliseconds: number): unknown;
  clearInterval(handle: unknown): void;
  /** Saves the video under `fileName` (the browser's download). */
  download(video: Blob, fileName: string): void;
}

export interface RecorderState {
  status: 'idle' | 'recording' | 'saving';
  /** Whole seconds recorded so far (the time counter). */
  elapsedSeconds: number;
}

export interface RecorderEvents {
  /** The recording ended by itself (time limit, the stream or recorder failed) rather than by `stop()`. */
  onEndedByItself(): void;
  /** A video was saved under `fileName`. */
  onSaved(fileName: string): void;
  /** Something went wrong; a message id for the user. */
  onProblem(message: MessageId): void;
}

export interface ScreenRecorder {
  getState(): RecorderState;
  subscribe(listener: () => void): Disposer;
  /** Starts recording; returns null, or the message id saying why it cannot. */
  start(): MessageId | null;
  /** Stops recording and saves the video. Harmless when not recording. */
  stop(): void;
  dispose(): void;
}

/** The first WebM type the browser can record, or null. */
export function chooseWebmType(MediaRecorder: Pick<MediaRecorderClass, 'isTypeSupported'>): string | null {
  return WEBM_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/** `hk-3d-map-2026-11-26-143005.webm` for a recording started at that local time. */
export function recordingFileName(startedAt: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${startedAt.getFullYear()}-${two(startedAt.getMonth() + 1)}-${two(startedAt.getDate())}`;
  const time = `${two(startedAt.getHours())}${two(startedAt.getMinutes())}${two(startedAt.getSeconds())}`;
  return `hk-3d-map-${date}-${time}.webm`;
}

/** `m:ss` (or `h:mm:ss` from an hour on) for the time counter. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const two = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(whole % 60)}` : `${minutes}:${two(whole % 60)}`;
}

export function createScreenRecorder(environment: RecorderEnvironment, events: RecorderEvents): ScreenRecorder {
  const store = createStateStore<RecorderState>({ status: 'idle', elapsedSeconds: 0 });
  let session: { recorder: MediaRecorder; stream: MediaStream; ticker: unknown; chunks: Blob[]; type: string; startedMs: number; fileName: string } | null = null;

  const set = store.replace;

  const endSession = (byItself: boolean) => {
    const current = session;
    if (!current || store.getState().status !== 'recording') return;
    environment.clearInterval(current.ticker);
    set({ status: 'saving', elapsedSeconds: store.getState().elapsedSeconds });
    if (byItself) events.onEndedByItself();
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    else finish(current);
  };

  const finish = (current: NonNullable<typeof session>) => {
    if (session !== current) return;
    // Stopping the tracks ends the map's continuous rendering for the stream.
    for (const track of current.stream.getTracks()) track.stop();
    session = null;
    const video = new Blob(current.chunks, { type: current.type.split(';')[0] });
    set({ status: 'idle', elapsedSeconds: 0 });
    if (video.size === 0) {
      events.onProblem(NOTHING_RECORDED_MESSAGE);
      return;
    }
    environment.download(video, current.fileName);
    events.onSaved(current.fileName);
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start() {
      if (store.getState().status !== 'idle') return null;
      const Recorder = environment.MediaRecorder;
      if (!Recorder) return NO_MEDIA_RECORDER_MESSAGE;
      const type = chooseWebmType(Recorder);
      if (!type) return NO_WEBM_MESSAGE;
      const stream = environment.captureStream(RECORDING_FRAMES_PER_SECOND);
      if (!stream) return NO_CANVAS_MESSAGE;
      let recorder: MediaRecorder;
      try {
        recorder = new Recorder(stream, { mimeType: type });
      } catch (error) {
        console.error('screen capture: MediaRecorder refused the stream', error);
        for (const track of stream.getTracks()) track.stop();
        return RECORDING_FAILED_MESSAGE;
      }
      const startedMs = environment.now();
      const current = {
        recorder,
        stream,
        chunks: [] as Blob[],
        type,
        startedMs,
        fileName: recordingFileName(new Date()),
        ticker: environment.setInterval(() => {
          const elapsedSeconds = Math.floor((environment.now() - startedMs) / 1000);
          if (elapsedSeconds >= MAX_RECORDING_SECONDS) endSession(true);
          else if (elapsedSeconds !== store.getState().elapsedSeconds) set({ status: 'recording', elapsedSeconds });
        }, 250),
      };
      session = current;
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) current.chunks.push(event.data);
      });
      recorder.addEventListener('stop', () => finish(current));
      recorder.addEventListener('error', (event) => {
        console.error('screen capture: the recorder failed', event);
        events.onProblem(RECORDING_FAILED_MESSAGE);
        endSession(true);
      });
      recorder.start(TIMESLICE_MS);
      set({ status: 'recording', elapsedSeconds: 0 });
      return null;
    },
    stop: () => endSession(false),
    dispose() {
      endSession(false);
      store.dropListeners();
    },
  };
}
