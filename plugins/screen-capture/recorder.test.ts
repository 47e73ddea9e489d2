import { describe, expect, it, vi } from 'vitest';
import {
  chooseWebmType,
  createScreenRecorder,
  formatElapsed,
  MAX_RECORDING_SECONDS,
  NO_CANVAS_MESSAGE,
  NO_MEDIA_RECORDER_MESSAGE,
  NO_WEBM_MESSAGE,
  NOTHING_RECORDED_MESSAGE,
  recordingFileName,
  TIMESLICE_MS,
  type MediaRecorderClass,
  type RecorderEnvironment,
} from './recorder';

/** A MediaRecorder that hands over `chunk` every time it is asked for data, then stops when told. */
function fakeRecorderClass(options: { supported?: (type: string) => boolean; chunk?: Blob } = {}) {
  const instances: FakeRecorder[] = [];
  class FakeRecorder extends EventTarget {
    state: RecordingState = 'inactive';
    timeslice: number | undefined;
    constructor(
      readonly stream: MediaStream,
      readonly options?: MediaRecorderOptions,
    ) {
      super();
      instances.push(this);
    }
    static isTypeSupported(type: string) {
      return options.supported ? options.supported(type) : true;
    }
    start(timeslice?: number) {
      this.state = 'recording';
      this.timeslice = timeslice;
    }
    emitData() {
      const event = new Event('dataavailable') as Event & { data: Blob };
      Object.defineProperty(event, 'data', { value: options.chunk ?? new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'video/webm' }) });
      this.dispatchEvent(event);
    }
    stop() {
      this.emitData();
      this.state = 'inactive';
      this.dispatchEvent(new Event('stop'));
    }
  }
  return { Class: FakeRecorder as unknown as MediaRecorderClass, instances };
}

function setUp(options: { recorder?: ReturnType<typeof fakeRecorderClass> | null; stream?: boolean } = {}) {
  const recorderClass = options.recorder === undefined ? fakeRecorderClass() : options.recorder;
  let now = 0;
  let tick: (() => void) | null = null;
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const downloads: Array<{ video: Blob; fileName: string }> = [];
  const environment: RecorderEnvironment = {
    MediaRecorder: recorderClass?.Class,
    captureStream: vi.fn(() => (options.stream === false ? null : stream)),
    now: () => now,
    setInterval: (callback) => {
      tick = callback;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
    download: (video, fileName) => void downloads.push({ video, fileName }),
  };
  const events = { onEndedByItself: vi.fn(), onSaved: vi.fn(), onProblem: vi.fn() };
  const recorder = createScreenRecorder(environment, events);
  const advance = (seconds: number) => {
    now += seconds * 1000;
    tick?.();
  };
  return { recorder, environment, events, downloads, advance, track, instances: recorderClass?.instances ?? [] };
}

describe('screen recorder', () => {
  it('records the canvas stream as WebM, counts the seconds, and saves a non-empty video on stop', async () => {
    const { recorder, environment, events, downloads, advance, track, instances } = setUp();
    expect(recorder.start()).toBeNull();
    expect(environment.captureStream).toHaveBeenCalledWith(30);
    expect(instances[0].options).toEqual({ mimeType: 'video/webm;codecs=vp9' });
    expect((instances[0] as unknown as { timeslice: number }).timeslice).toBe(TIMESLICE_MS);
    expect(recorder.getState()).toEqual({ status: 'recording', elapsedSeconds: 0 });
    advance(1.2);
    advance(1.0);
    expect(recorder.getState().elapsedSeconds).toBe(2);
    recorder.stop();
    expect(recorder.getState()).toEqual({ status: 'idle', elapsedSeconds: 0 });
    expect(downloads).toHaveLength(1);
    expect(downloads[0].video.type).toBe('video/webm');
    expect(downloads[0].video.size).toBeGreaterThan(0);
    expect(downloads[0].fileName).toMatch(/^hk-3d-map-\d{4}-\d\d-\d\d-\d{6}\.webm$/);
    expect(events.onSaved).toHaveBeenCalledWith(downloads[0].fileName);
    expect(track.stop).toHaveBeenCalled();
    expect(events.onEndedByItself).not.toHaveBeenCalled();
  });

  it('stops and saves by itself at the time limit', () => {
    const { recorder, events, downloads, advance } = setUp();
    recorder.start();
    advance(MAX_RECORDING_SECONDS - 1);
    expect(recorder.getState().status).toBe('recording');
    advance(1);
    expect(events.onEndedByItself).toHaveBeenCalledTimes(1);
    expect(downloads).toHaveLength(1);
    // The tool switching off afterwards changes nothing.
    recorder.stop();
    expect(downloads).toHaveLength(1);
  });

  it('says why it cannot record: no MediaRecorder, no WebM, no map canvas', () => {
    expect(setUp({ recorder: null }).recorder.start()).toBe(NO_MEDIA_RECORDER_MESSAGE);
    expect(setUp({ recorder: fakeRecorderClass({ supported: () => false }) }).recorder.start()).toBe(NO_WEBM_MESSAGE);
    const noCanvas = setUp({ stream: false });
    expect(noCanvas.recorder.start()).toBe(NO_CANVAS_MESSAGE);
    expect(noCanvas.recorder.getState().status).toBe('idle');
  });

  it('saves nothing and says so when no data was recorded', () => {
    const { recorder, events, downloads } = setUp({ recorder: fakeRecorderClass({ chunk: new Blob([]) }) });
    recorder.start();
    recorder.stop();
    expect(downloads).toEqual([]);
    expect(events.onProblem).toHaveBeenCalledWith(NOTHING_RECORDED_MESSAGE);
  });

  it('prefers VP9, then VP8, then plain WebM; names files and formats the counter', () => {
    expect(chooseWebmType({ isTypeSupported: (type) => type !== 'video/webm;codecs=vp9' })).toBe('video/webm;codecs=vp8');
    expect(chooseWebmType({ isTypeSupported: (type) => type === 'video/webm' })).toBe('video/webm');
    expect(recordingFileName(new Date(2026, 10, 26, 9, 5, 7))).toBe('hk-3d-map-2026-11-26-090507.webm');
    expect([0, 9, 61, 600, 3725].map(formatElapsed)).toEqual(['0:00', '0:09', '1:01', '10:00', '1:02:05']);
  });
});
