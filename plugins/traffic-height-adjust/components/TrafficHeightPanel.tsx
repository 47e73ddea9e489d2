/**
 * The height tool's panel (slot `map.top-left`): the adjustment in metres, applied after a pause in typing (Enter
 * applies at once), what happened to the last value, and a way to show the layer when it is off.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appStore, useAppStore } from '../../../core/store';
import { trafficHeight, type TrafficHeightContext } from '../context';
import { TRAFFIC_HEIGHT_TOOL, type HeightFeedback } from '../trafficHeightController';
import '../../../core/ui/mapPanel.css';
import './traffic-height.css';

export default function TrafficHeightPanel() {
  const context = trafficHeight();
  if (!context) return null;
  return <Panel context={context} />;
}

function Panel({ context }: { context: TrafficHeightContext }) {
  const { controller, overlayId, limitMeters, debounceMs } = context;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const layerShown = useAppStore((store) => store.overlays[overlayId]?.shown ?? false);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  if (!state.active) return null;
  return (
    <section className="map-panel traffic-height" aria-labelledby={titleId} data-testid="traffic-height-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{t('trafficHeightAdjust.title')}</h2>
        <button
          type="button"
          className="icon-button icon-button--plain"
          aria-label={t('trafficHeightAdjust.close')}
          onClick={() => appStore.getState().setToggle(TRAFFIC_HEIGHT_TOOL, false)}
        >
          ×
        </button>
      </div>
      <div className="map-panel__body traffic-height__body">
        <label htmlFor={inputId}>{t('trafficHeightAdjust.label', { limit: limitMeters })}</label>
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={hintId}
          value={state.text}
          onChange={(event) => controller.type(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') controller.applyNow();
          }}
        />
        <p id={hintId} className="traffic-height__hint">
          {t('trafficHeightAdjust.hint', { seconds: debounceMs / 1000 })}
        </p>
        <p className="traffic-height__status" role="status">
          {feedbackText(state.feedback, t, limitMeters) ?? t('trafficHeightAdjust.now', { height: state.baseMeters + state.adjustmentMeters, adjustment: state.adjustmentMeters })}
        </p>
        {layerShown ? null : (
          <p className="traffic-height__layer">
            {t('trafficHeightAdjust.layerOff')}{' '}
            <button type="button" onClick={() => appStore.getState().setOverlayShown(overlayId, true)}>
              {t('trafficHeightAdjust.showLayer')}
            </button>
          </p>
        )}
      </div>
    </section>
  );
}

function feedbackText(
  feedback: HeightFeedback | null,
  t: (id: string, values?: Record<string, string | number>) => string,
  limitMeters: number,
): string | null {
  if (!feedback || feedback.kind === 'applied') return null;
  if (feedback.kind === 'pending') return t('trafficHeightAdjust.pending');
  return t(`trafficHeightAdjust.rejected.${feedback.problem}`, { text: feedback.text.trim(), kept: feedback.keptMeters, limit: limitMeters });
}
