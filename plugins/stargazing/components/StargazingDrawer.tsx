/**
 * The stargazing drawer body: how the viewpoints were chosen, the night (today unless another date is picked), and
 * the viewpoints best first, each with its height, its distance from the built-up area, sunset, astronomical dusk,
 * moonrise, moonset and the moon's phase; choosing one flies to it.
 */
import { useEffect, useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { StargazingViewpoint } from '../../../core/contracts/stargazing';
import type { Language } from '../../../core/plugin/types';
import { stargazingContext } from '../context';
import { clockTime, createStargazingController, type StargazingController } from '../stargazingController';
import '../../../core/ui/controls.css';
import './stargazing.css';

let shared: { context: unknown; controller: StargazingController } | null = null;
function controllerFor(): StargazingController | null {
  const context = stargazingContext();
  if (!context) return null;
  if (shared?.context !== context) shared = { context, controller: createStargazingController(context) };
  return shared.controller;
}

export default function StargazingDrawer() {
  const controller = controllerFor();
  return controller ? <Drawer controller={controller} /> : null;
}

function Drawer({ controller }: { controller: StargazingController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const dateId = useId();
  useEffect(() => {
    void controller.load();
  }, [controller]);
  useEffect(() => (state.answer ? controller.draw(language) : undefined), [controller, state.answer, language]);

  const answer = state.answer;
  return (
    <div className="stargazing" data-testid="stargazing-drawer">
      <p className="stargazing__note">{t('stargazing.method')}</p>
      <label className="stargazing__date" htmlFor={dateId}>
        {t('stargazing.date.label')}
        <input
          id={dateId}
          type="date"
          min="1950-01-01"
          max="2100-12-31"
          value={state.requestedDate ?? answer?.date ?? ''}
          onChange={(event) => {
            // A cleared field goes back to tonight; the browser gives '' for an incomplete date too.
            void controller.load(event.target.value || null);
          }}
        />
      </label>
      {state.status === 'loading' || state.status === 'idle' ? <p role="status">{t('stargazing.loading')}</p> : null}
      {state.status === 'failed' ? (
        <div role="alert">
          <p>{t('stargazing.failed')}</p>
          <button type="button" className="ui-button stargazing__button" onClick={() => void controller.load()}>
            {t('stargazing.retry')}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && answer ? (
        <ol className="stargazing__list">
          {answer.viewpoints.map((viewpoint) => (
            <li key={viewpoint.id}>
              <Viewpoint viewpoint={viewpoint} date={answer.date} language={language} selected={viewpoint.id === state.selectedId} onSelect={() => controller.select(viewpoint.id)} />
            </li>
          ))}
        </ol>
      ) : null}
      {answer ? <p className="stargazing__note">{t('stargazing.times', { date: answer.date })}</p> : null}
    </div>
  );
}

function Viewpoint({ viewpoint, date, language, selected, onSelect }: { viewpoint: StargazingViewpoint; date: string; language: Language; selected: boolean; onSelect(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const time = (value: string | null) => {
    const clock = clockTime(value, date);
    if (!clock) return t('stargazing.none');
    return clock.nextDay ? t('stargazing.nextDay', { time: clock.time }) : clock.time;
  };
  const { sky } = viewpoint;
  return (
    <article className={selected ? 'stargazing__viewpoint is-selected' : 'stargazing__viewpoint'} data-viewpoint={viewpoint.id}>
      <button type="button" className="stargazing__name" aria-pressed={selected} onClick={onSelect}>
        {viewpoint.name[language]}
      </button>
      <p className="stargazing__facts">
        {t('stargazing.facts', {
          height: Math.round(viewpoint.heightMeters),
          distance: intl.formatNumber(viewpoint.distanceToBuiltUpKm, { maximumFractionDigits: 1 }),
          horizon: intl.formatNumber(viewpoint.meanHorizonDegrees, { maximumFractionDigits: 1 }),
        })}
      </p>
      <dl className="stargazing__sky">
        <dt>{t('stargazing.sunset')}</dt>
        <dd data-testid="stargazing-sunset">{time(sky.sunset)}</dd>
        <dt>{t('stargazing.dusk')}</dt>
        <dd>{time(sky.astronomicalDusk)}</dd>
        <dt>{t('stargazing.moonrise')}</dt>
        <dd>{time(sky.moonrise)}</dd>
        <dt>{t('stargazing.moonset')}</dt>
        <dd>{time(sky.moonset)}</dd>
        <dt>{t('stargazing.moon')}</dt>
        <dd>{t('stargazing.moonPhase', { phase: t(`stargazing.phase.${sky.moonPhase}`), percent: Math.round(sky.moonIlluminationPercent) })}</dd>
      </dl>
    </article>
  );
}
