/**
 * The shadow view's panel (slot `map.top-left`) while the view is on: a date and a time slider in Hong Kong time
 * (15-minute steps; arrow keys move a step, Page Up/Down an hour), the sun's azimuth and elevation then, the
 * day's sunrise and sunset, "play the day" through the one time player, and what stops shadows from showing.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appStore } from '../../../core/store';
import { shadowController } from '../context';
import type { ShadowController } from '../shadowController';
import { STEP_MINUTES, STEPS_PER_DAY, formatClock, formatHongKongClock, isCalendarDate } from '../shadowTime';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './shadow.css';

export default function ShadowPanel() {
  const controller = shadowController();
  if (!controller) return null;
  return <Panel controller={controller} />;
}

function Panel({ controller }: { controller: ShadowController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const titleId = useId();
  const dateId = useId();
  const timeId = useId();
  if (!state.on) return null;
  const { time, sun } = state;
  const clockText = formatClock(time.minutes);
  const degrees = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (
    <section className="map-panel shadow-panel" aria-labelledby={titleId} data-testid="shadow-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{t('shadow.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('shadow.close')} onClick={() => appStore.getState().setMode('shadow', false)}>
          ×
        </button>
      </div>
      <div className="map-panel__body shadow-panel__body">
        <div className="shadow-panel__field">
          <label htmlFor={dateId}>{t('shadow.date')}</label>
          <input
            id={dateId}
            type="date"
            value={time.date}
            required
            onChange={(event) => {
              // An incomplete or cleared date keeps the shown one.
              if (isCalendarDate(event.target.value)) controller.setTime({ date: event.target.value, minutes: time.minutes });
            }}
          />
        </div>
        <div className="shadow-panel__field">
          <label htmlFor={timeId}>
            {t('shadow.time')} <output data-testid="shadow-time">{t('shadow.timeValue', { time: clockText })}</output>
          </label>
          <input
            id={timeId}
            type="range"
            min={0}
            max={STEPS_PER_DAY - 1}
            step={1}
            value={time.minutes / STEP_MINUTES}
            aria-valuetext={t('shadow.timeValue', { time: clockText })}
            onChange={(event) => controller.setTime({ date: time.date, minutes: Number(event.target.value) * STEP_MINUTES })}
          />
        </div>
        <dl className="shadow-panel__sun">
          <dt>{t('shadow.azimuth')}</dt>
          <dd data-testid="shadow-azimuth">{t('shadow.degrees', { value: degrees(sun.azimuth) })}</dd>
          <dt>{t('shadow.elevation')}</dt>
          <dd data-testid="shadow-elevation">{t('shadow.degrees', { value: degrees(sun.elevation) })}</dd>
          <dt>{t('shadow.sunrise')}</dt>
          <dd>{sun.sunrise ? t('shadow.timeValue', { time: formatHongKongClock(sun.sunrise) }) : t('shadow.none')}</dd>
          <dt>{t('shadow.sunset')}</dt>
          <dd>{sun.sunset ? t('shadow.timeValue', { time: formatHongKongClock(sun.sunset) }) : t('shadow.none')}</dd>
        </dl>
        <p className="shadow-panel__note">{t('shadow.sunNote')}</p>
        <div role="status" className="shadow-panel__status">
          {state.support === 'unsupported' ? <p className="shadow-panel__warning">{t('shadow.unsupported')}</p> : null}
          {state.support !== 'unsupported' && !sun.up ? <p className="shadow-panel__warning">{t('shadow.sunDown')}</p> : null}
        </div>
        {controller.canPlayDay() ? (
          <button type="button" className="ui-button" disabled={state.playingDay} onClick={() => controller.playDay()}>
            {state.playingDay ? t('shadow.playingDay') : t('shadow.playDay')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
