/**
 * The recording panel (slot `map.top-left`): while the map is recorded, a red dot, "Recording" and the time
 * counter, and a button that stops and saves the video; "Saving the video…" while the recorder finishes.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appStore } from '../../../core/store';
import { screenRecorder } from '../context';
import { formatElapsed, type ScreenRecorder } from '../recorder';
import { SCREEN_CAPTURE_TOOL } from '../toolId';
import '../../../core/ui/mapPanel.css';
import './screen-capture.css';

export default function RecordingPanel() {
  const recorder = screenRecorder();
  if (!recorder) return null;
  return <Panel recorder={recorder} />;
}

function Panel({ recorder }: { recorder: ScreenRecorder }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(recorder.subscribe, recorder.getState);
  const titleId = useId();
  if (state.status === 'idle') return null;
  const recording = state.status === 'recording';
  return (
    <section className="map-panel screen-capture" aria-labelledby={titleId} data-testid="screen-capture-panel">
      <div className="map-panel__header">
        <h2 id={titleId} className="screen-capture__title">
          <span className={recording ? 'screen-capture__dot is-recording' : 'screen-capture__dot'} aria-hidden="true" />
          <span role="status">{t(recording ? 'screenCapture.recording' : 'screenCapture.saving')}</span>
        </h2>
        <time className="screen-capture__time" dateTime={`PT${state.elapsedSeconds}S`} aria-label={t('screenCapture.elapsed', { time: formatElapsed(state.elapsedSeconds) })}>
          {formatElapsed(state.elapsedSeconds)}
        </time>
      </div>
      <div className="map-panel__body">
        <p className="screen-capture__note">{t('screenCapture.note')}</p>
        {recording ? (
          <button type="button" className="screen-capture__stop" onClick={() => appStore.getState().setToggle(SCREEN_CAPTURE_TOOL, false)}>
            {t('screenCapture.stop')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
