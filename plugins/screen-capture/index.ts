import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION, type Disposer } from '../../core/plugin/types';
import { setScreenRecorder } from './context';
import { createScreenRecorder, type MediaRecorderClass } from './recorder';
import { SCREEN_CAPTURE_TOOL } from './toolId';

const NOTICE_ID = 'screen-capture';

/** Saves `video` as a download named `fileName`. */
function downloadBlob(video: Blob, fileName: string): void {
  const url = URL.createObjectURL(video);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has been handled; a minute is ample before the memory goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Screen video capture (SPEC §1; variant flag `videoCapture`): a toggle tool records the map canvas as WebM while
 * on, with a panel showing the recording state and time; switching it off (or the panel's Stop) saves the video.
 */
export default definePlugin({
  id: 'screen-capture',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    let hideNotice: Disposer | null = null;
    const tell = (message: string, severity: 'info' | 'error', values?: Record<string, string>) => {
      hideNotice?.();
      hideNotice = ctx.notices.show({ id: NOTICE_ID, message: () => ctx.i18n.format(message, values), severity });
    };
    const switchOff = () => ctx.store.getState().setToggle(SCREEN_CAPTURE_TOOL, false);
    const recorder = createScreenRecorder(
      {
        MediaRecorder: typeof MediaRecorder === 'undefined' ? undefined : (MediaRecorder as MediaRecorderClass),
        captureStream: (framesPerSecond) => ctx.map.captureStream(framesPerSecond),
        now: () => performance.now(),
        setInterval: (callback, milliseconds) => window.setInterval(callback, milliseconds),
        clearInterval: (handle) => window.clearInterval(handle as number),
        download: downloadBlob,
      },
      {
        onEndedByItself: switchOff,
        onSaved: (fileName) => tell('screenCapture.saved', 'info', { file: fileName }),
        onProblem: (message) => tell(message, 'error'),
      },
    );
    setScreenRecorder(recorder);
    ctx.tools.register({
      id: SCREEN_CAPTURE_TOOL,
      label: 'screenCapture.tool',
      icon: '●',
      placement: 'tools',
      order: 50,
      kind: 'toggle',
      onToggle: (on) => {
        if (!on) {
          recorder.stop();
          return;
        }
        const problem = recorder.start();
        if (problem) {
          tell(problem, 'error');
          switchOff();
        } else {
          hideNotice?.();
          hideNotice = null;
        }
      },
    });
    ctx.slots.register({
      id: 'screen-capture-panel',
      slot: 'map.top-left',
      order: 50,
      component: () => import('./components/RecordingPanel'),
    });
    return () => {
      recorder.dispose();
      hideNotice?.();
      setScreenRecorder(null);
    };
  },
});
