/**
 * The line-of-sight panel (slot `map.top-left`, shown while the tool is on): what to click next, the eye's and the
 * target's height above the ground (each a labelled field with its own error message), the answer — visible or
 * blocked, by what, at what height and distance — and Clear. Every control is a field or a button, so all of it
 * works from the keyboard; Escape, in the panel or on the focused map, ends the tool, as the close button does.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { Language } from '../../../core/contracts/common';
import { appStore } from '../../../core/store';
import { lineOfSightController } from '../context';
import { distanceText, type Format, obstructionPlace } from '../labels';
import { LINE_OF_SIGHT_TOOL, SIGHT_COLOURS, type SightController, type SightState } from '../lineOfSightController';
import { HEIGHT_LIMITS, SIGHT_ENDS, type SightEnd } from '../parameters';
import '../../../core/ui/mapPanel.css';
import './line-of-sight.css';

export default function LineOfSightPanel() {
  const controller = lineOfSightController();
  if (!controller) return null;
  return <Panel controller={controller} />;
}

function nextStep(state: SightState): string {
  if (!state.from) return 'lineOfSight.hint.from';
  if (!state.to) return 'lineOfSight.hint.to';
  return 'lineOfSight.hint.again';
}

function Panel({ controller }: { controller: SightController }) {
  const intl = useIntl();
  const t: Format = (id, values) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const titleId = useId();
  if (!state.active) return null;
  return (
    <section
      className="map-panel line-of-sight"
      aria-labelledby={titleId}
      data-testid="line-of-sight-panel"
      // Escape in the panel's fields and buttons ends the tool too (the map hears it only while it has focus).
      onKeyDown={(event) => {
        if (event.key === 'Escape') appStore.getState().setToggle(LINE_OF_SIGHT_TOOL, false);
      }}
    >
      <div className="map-panel__header">
        <h2 id={titleId}>{t('lineOfSight.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('lineOfSight.close')} onClick={() => appStore.getState().setToggle(LINE_OF_SIGHT_TOOL, false)}>
          ×
        </button>
      </div>
      <div className="map-panel__body line-of-sight__body">
        <p className="line-of-sight__hint">{t(nextStep(state))}</p>
        <p className="line-of-sight__hint">{t('lineOfSight.hint.keys')}</p>
        {SIGHT_ENDS.map((end) => (
          <HeightField key={end} end={end} state={state} controller={controller} t={t} />
        ))}
        <Result state={state} t={t} language={intl.locale as Language} />
        <div className="line-of-sight__actions">
          <button type="button" className="line-of-sight__action" disabled={!state.from} onClick={() => controller.clear()}>
            {t('lineOfSight.clear')}
          </button>
        </div>
      </div>
    </section>
  );
}

function HeightField({ end, state, controller, t }: { end: SightEnd; state: SightState; controller: SightController; t: Format }) {
  const id = useId();
  const problem = state.problems[end];
  const place = state[end];
  return (
    <div className="line-of-sight__field" data-end={end}>
      <span className="line-of-sight__swatch" style={{ background: end === 'from' ? SIGHT_COLOURS.eye : SIGHT_COLOURS.target }} aria-hidden="true" />
      <label htmlFor={id}>{t(`lineOfSight.height.${end}`)}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={state.heightText[end]}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => controller.setHeightText(end, event.target.value)}
      />
      <span className="line-of-sight__place">
        {place ? t('lineOfSight.place.at', { longitude: place.longitude.toFixed(5), latitude: place.latitude.toFixed(5) }) : t(`lineOfSight.place.none.${end}`)}
      </span>
      {problem ? (
        <p id={`${id}-problem`} className="line-of-sight__problem" role="alert">
          {t(`lineOfSight.problem.${problem}`, { min: HEIGHT_LIMITS.min, max: HEIGHT_LIMITS.max })}
        </p>
      ) : null}
    </div>
  );
}

function Result({ state, t, language }: { state: SightState; t: Format; language: Language }) {
  const answer = state.answer;
  let content: React.ReactNode = null;
  if (state.status === 'computing') content = <p>{t('lineOfSight.status.computing')}</p>;
  else if (state.status === 'failed') content = <p className="line-of-sight__problem">{t(`lineOfSight.failure.${state.failure ?? 'failed'}`)}</p>;
  else if (answer) {
    const obstruction = answer.obstruction;
    content = (
      <>
        <p className={obstruction ? 'line-of-sight__verdict is-blocked' : 'line-of-sight__verdict is-visible'} data-verdict={obstruction ? 'blocked' : 'visible'}>
          {t(obstruction ? 'lineOfSight.result.blocked' : 'lineOfSight.result.visible')}
        </p>
        <dl className="line-of-sight__figures">
          {obstruction ? (
            <>
              <dt>{t('lineOfSight.result.obstruction')}</dt>
              <dd data-figure="obstruction">{obstructionPlace(t, language, obstruction)}</dd>
              <dt>{t('lineOfSight.result.obstructionHeight')}</dt>
              <dd>{t('lineOfSight.unit.m', { number: obstruction.heightMetres.toFixed(1) })}</dd>
              <dt>{t('lineOfSight.result.obstructionDistance')}</dt>
              <dd>{distanceText(t, obstruction.distanceMetres)}</dd>
            </>
          ) : null}
          <dt>{t('lineOfSight.result.length')}</dt>
          <dd data-figure="length">{distanceText(t, answer.lengthMetres)}</dd>
          <dt>{t('lineOfSight.result.eye')}</dt>
          <dd>{t('lineOfSight.unit.m', { number: answer.from.heightMetres.toFixed(1) })}</dd>
          <dt>{t('lineOfSight.result.target')}</dt>
          <dd>{t('lineOfSight.unit.m', { number: answer.to.heightMetres.toFixed(1) })}</dd>
        </dl>
        <p className="line-of-sight__note">{t('lineOfSight.result.method')}</p>
      </>
    );
  }
  return (
    <div className="line-of-sight__result" role="status" aria-live="polite">
      {content}
    </div>
  );
}
