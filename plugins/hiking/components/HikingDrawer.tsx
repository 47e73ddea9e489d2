/**
 * The hiking drawer body: the trails and their stages, then for the chosen one its figures, the profile graph
 * (coloured by SPEC §9 steepness, with a cursor linked to the map), the pop-up of what was clicked, the MTR exits
 * at its ends and the trail animation's controls.
 */
import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { STEEPNESS_CLASSES, type TrailFigures, type TrailId, type TrailStage, type TrailSummary } from '../../../core/contracts/trails';
import type { Language } from '../../../core/plugin/types';
import { hikingController, hikingPlugin, setHikingController } from '../context';
import { createHikingController, type HikingController, type HikingPopup, type HikingState } from '../hikingController';
import { STEEPNESS_COLOURS } from '../profileGraph';
import { ANIMATION_SPEEDS } from '../trailAnimation';
import { formatDuration, formatKm, formatMetres } from './format';
import { ProfileGraph } from './ProfileGraph';
import '../../../core/ui/controls.css';
import './hiking.css';

function useController(): HikingController | null {
  const ctx = hikingPlugin();
  let controller = hikingController();
  if (!controller && ctx) {
    controller = createHikingController(ctx);
    setHikingController(controller);
  }
  return controller;
}

const NO_STATE = (): HikingState | null => null;

function Figures({ figures, language }: { figures: TrailFigures; language: Language }) {
  const intl = useIntl();
  return (
    <dl className="hiking__figures">
      <dt>{intl.formatMessage({ id: 'hiking.figures.region' })}</dt>
      <dd>{figures.districts.map((district) => district[language]).join(intl.formatMessage({ id: 'hiking.listSeparator' }))}</dd>
      <dt>{intl.formatMessage({ id: 'hiking.figures.length' })}</dt>
      <dd>{formatKm(intl, figures.lengthMetres)}</dd>
      <dt>{intl.formatMessage({ id: 'hiking.figures.ascent' })}</dt>
      <dd>
        {formatMetres(intl, figures.ascentMetres)} ↑ · {formatMetres(intl, figures.descentMetres)} ↓
      </dd>
      <dt>{intl.formatMessage({ id: 'hiking.figures.duration' })}</dt>
      <dd>{formatDuration(intl, figures.durationMinutes)}</dd>
      <dt>{intl.formatMessage({ id: 'hiking.figures.difficulty' })}</dt>
      <dd>
        {intl.formatMessage({ id: `hiking.difficulty.${figures.difficulty}` })} (
        {intl.formatMessage({ id: 'hiking.figures.steepShare' }, { percent: Math.round(figures.steepShare * 100) })})
      </dd>
    </dl>
  );
}

function StageRow({ trail, stage, controller, language }: { trail: TrailSummary; stage: TrailStage; controller: HikingController; language: Language }) {
  const intl = useIntl();
  return (
    <li>
      <button type="button" className="hiking__stage" data-trail={trail.id} data-stage={stage.stage} onClick={() => void controller.select(trail.id, stage.stage)}>
        <span className="hiking__stage-name">{intl.formatMessage({ id: 'hiking.stage' }, { number: stage.stage })}</span>
        <span className="hiking__stage-figures">
          {formatKm(intl, stage.lengthMetres)} · ↑{formatMetres(intl, stage.ascentMetres)} · {formatDuration(intl, stage.durationMinutes)} ·{' '}
          {intl.formatMessage({ id: `hiking.difficulty.${stage.difficulty}` })}
        </span>
        <span className="hiking__stage-region">{stage.districts.map((district) => district[language]).join(intl.formatMessage({ id: 'hiking.listSeparator' }))}</span>
      </button>
    </li>
  );
}

function TrailList({ state, controller, language }: { state: HikingState; controller: HikingController; language: Language }) {
  const intl = useIntl();
  if (state.list.status === 'error') {
    return (
      <div className="hiking__message" role="alert">
        <p>{intl.formatMessage({ id: 'hiking.unavailable' })}</p>
        <button type="button" className="ui-button" onClick={() => void controller.loadList()}>
          {intl.formatMessage({ id: 'hiking.retry' })}
        </button>
      </div>
    );
  }
  if (!state.list.data) return <p className="hiking__message" role="status">{intl.formatMessage({ id: 'hiking.loading' })}</p>;
  return (
    <ul className="hiking__trails" aria-label={intl.formatMessage({ id: 'hiking.trails.label' })}>
      {state.list.data.trails.map((trail) => (
        <li key={trail.id}>
          <details className="hiking__trail">
            <summary>
              <span className="hiking__trail-name">{trail.name[language]}</span>
              <span className="hiking__stage-figures">
                {intl.formatMessage({ id: 'hiking.trail.stages' }, { count: trail.stages.length })} · {formatKm(intl, trail.figures.lengthMetres)} · ↑
                {formatMetres(intl, trail.figures.ascentMetres)} · {formatDuration(intl, trail.figures.durationMinutes)}
              </span>
            </summary>
            <ul className="hiking__stages">
              <li>
                <button type="button" className="hiking__stage" data-trail={trail.id} data-stage="all" onClick={() => void controller.select(trail.id, null)}>
                  <span className="hiking__stage-name">{intl.formatMessage({ id: 'hiking.wholeTrail' })}</span>
                  <span className="hiking__stage-figures">
                    {formatKm(intl, trail.figures.lengthMetres)} · {intl.formatMessage({ id: `hiking.difficulty.${trail.figures.difficulty}` })}
                  </span>
                </button>
              </li>
              {trail.stages.map((stage) => (
                <StageRow key={stage.stage} trail={trail} stage={stage} controller={controller} language={language} />
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}

function PopupBody({ popup, language }: { popup: HikingPopup; language: Language }) {
  const intl = useIntl();
  const degrees = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  switch (popup.kind) {
    case 'point':
      return (
        <>
          <h4>{intl.formatMessage({ id: `hiking.popup.point.${popup.end}` }, { name: popup.name[language] })}</h4>
          <p>
            {intl.formatMessage(
              { id: 'hiking.popup.point.position' },
              { latitude: popup.position[1].toFixed(5), longitude: popup.position[0].toFixed(5), height: formatMetres(intl, popup.heightMetres) },
            )}
          </p>
        </>
      );
    case 'segment':
      return (
        <>
          <h4>{intl.formatMessage({ id: 'hiking.popup.segment.title' })}</h4>
          <p>
            {intl.formatMessage(
              { id: 'hiking.popup.segment.body' },
              {
                from: formatKm(intl, popup.segment.fromMetres),
                to: formatKm(intl, popup.segment.toMetres),
                length: formatMetres(intl, popup.segment.lengthMetres),
                steepness: intl.formatMessage({ id: `hiking.steepness.${popup.segment.steepClass}` }),
                average: degrees(popup.segment.averageDegrees),
                steepest: degrees(popup.segment.steepestDegrees),
              },
            )}
          </p>
        </>
      );
    case 'transport':
      return (
        <>
          <h4>{intl.formatMessage({ id: 'hiking.transport.title' }, { name: popup.name[language] })}</h4>
          {popup.exits.length === 0 ? (
            <p>{intl.formatMessage({ id: 'hiking.transport.none' })}</p>
          ) : (
            <ul>
              {popup.exits.map((exit) => (
                <li key={`${exit.station['en-US']}-${exit.exit}`}>
                  {intl.formatMessage(
                    { id: exit.barrierFree ? 'hiking.transport.exitBarrierFree' : 'hiking.transport.exit' },
                    { station: exit.station[language], exit: exit.exit, distance: formatMetres(intl, exit.straightMetres) },
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="hiking__note">{intl.formatMessage({ id: 'hiking.transport.straight' })}</p>
        </>
      );
    case 'post':
      return (
        <>
          <h4>{intl.formatMessage({ id: 'hiking.popup.post.title' }, { code: popup.code })}</h4>
          <p>{intl.formatMessage({ id: 'hiking.popup.post.body' }, { distance: formatKm(intl, popup.distanceMetres) })}</p>
        </>
      );
    case 'campsite':
      return (
        <>
          <h4>{popup.name[language]}</h4>
          <p>
            {intl.formatMessage({ id: 'hiking.popup.campsite.body' }, { distance: formatKm(intl, popup.distanceMetres), off: formatMetres(intl, popup.offTrailMetres) })}
          </p>
        </>
      );
  }
}

function AnimationControls({ state, controller }: { state: HikingState; controller: HikingController }) {
  const intl = useIntl();
  const { animation } = state;
  const length = state.profile.data?.figures.lengthMetres ?? 0;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && animation.state !== 'off') {
      event.preventDefault();
      event.stopPropagation();
      controller.animate('exit');
    } else if (event.key === ' ' && !(event.target instanceof HTMLButtonElement) && !(event.target instanceof HTMLSelectElement)) {
      event.preventDefault();
      controller.togglePlay();
    }
  };
  if (animation.state === 'off') {
    return (
      <button type="button" className="ui-button ui-button--primary" data-hiking-action="animate" onClick={() => controller.startAnimation()}>
        {intl.formatMessage({ id: 'hiking.animation.start' })}
      </button>
    );
  }
  return (
    <section className="hiking__animation" aria-label={intl.formatMessage({ id: 'hiking.animation.title' })} onKeyDown={onKeyDown} data-animation-state={animation.state}>
      <p className="hiking__animation-state" role="status">
        {intl.formatMessage({ id: `hiking.animation.state.${animation.state}` })}
        {length > 0 && animation.state !== 'loading' && animation.state !== 'ready'
          ? ` · ${formatKm(intl, animation.distanceMetres)} / ${formatKm(intl, length)}`
          : null}
      </p>
      <div className="hiking__buttons">
        {animation.state === 'loading' || animation.state === 'ready' ? (
          <button type="button" className="ui-button ui-button--primary" data-hiking-action="play-now" onClick={() => controller.animate('play')}>
            {intl.formatMessage({ id: 'hiking.animation.playNow' })}
          </button>
        ) : null}
        {animation.state === 'playing' ? (
          <button type="button" className="ui-button" data-hiking-action="pause" onClick={() => controller.animate('pause')}>
            {intl.formatMessage({ id: 'hiking.animation.pause' })}
          </button>
        ) : null}
        {animation.state === 'paused' ? (
          <button type="button" className="ui-button ui-button--primary" data-hiking-action="resume" onClick={() => controller.animate('play')}>
            {intl.formatMessage({ id: 'hiking.animation.resume' })}
          </button>
        ) : null}
        {animation.state === 'stopped' || animation.state === 'finished' ? (
          <button type="button" className="ui-button ui-button--primary" data-hiking-action="replay" onClick={() => controller.animate('play')}>
            {intl.formatMessage({ id: 'hiking.animation.replay' })}
          </button>
        ) : null}
        {animation.state === 'playing' || animation.state === 'paused' ? (
          <button type="button" className="ui-button" data-hiking-action="stop" onClick={() => controller.animate('stop')}>
            {intl.formatMessage({ id: 'hiking.animation.stop' })}
          </button>
        ) : null}
        <button type="button" className="ui-button" data-hiking-action="exit" onClick={() => controller.animate('exit')}>
          {intl.formatMessage({ id: 'hiking.animation.exit' })}
        </button>
      </div>
      <fieldset className="hiking__speed">
        <legend>{intl.formatMessage({ id: 'hiking.animation.speed' })}</legend>
        {ANIMATION_SPEEDS.map((speed) => (
          <label key={speed}>
            <input type="radio" name="hiking-speed" value={speed} checked={animation.speed === speed} onChange={() => controller.setSpeed(speed)} />
            {intl.formatMessage({ id: 'hiking.animation.speedValue' }, { speed })}
          </label>
        ))}
      </fieldset>
      <p className="hiking__note">{intl.formatMessage({ id: 'hiking.animation.keys' })}</p>
    </section>
  );
}

function SelectedTrail({ state, controller, language }: { state: HikingState; controller: HikingController; language: Language }) {
  const intl = useIntl();
  const { profile, selection } = state;
  const trail = state.list.data?.trails.find((candidate) => candidate.id === selection?.trail);
  // A pop-up opened by a click on the map shows in the drawer: scroll it into view wherever the drawer was scrolled.
  const popupRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (state.popup) popupRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [state.popup]);
  return (
    <div className="hiking__selected">
      <button type="button" className="hiking__back" onClick={() => controller.clearSelection()}>
        ← {intl.formatMessage({ id: 'hiking.back' })}
      </button>
      {profile.status === 'loading' ? <p role="status">{intl.formatMessage({ id: 'hiking.loading' })}</p> : null}
      {profile.status === 'error' ? (
        <div className="hiking__message" role="alert">
          <p>{intl.formatMessage({ id: 'hiking.unavailable' })}</p>
          <button type="button" className="ui-button" onClick={() => selection && void controller.select(selection.trail as TrailId, selection.stage)}>
            {intl.formatMessage({ id: 'hiking.retry' })}
          </button>
        </div>
      ) : null}
      {profile.data ? (
        <>
          <h3 className="hiking__title">
            {profile.data.stage === null || !trail
              ? profile.data.name[language]
              : `${trail.name[language]} · ${intl.formatMessage({ id: 'hiking.stage' }, { number: profile.data.stage })}`}
          </h3>
          {state.popup ? (
            <section ref={popupRef} className="hiking__popup" aria-live="polite" data-hiking-popup={state.popup.kind}>
              <button type="button" className="hiking__popup-close" aria-label={intl.formatMessage({ id: 'hiking.popup.close' })} onClick={() => controller.showPopup(null)}>
                ×
              </button>
              <PopupBody popup={state.popup} language={language} />
            </section>
          ) : null}
          <Figures figures={profile.data.figures} language={language} />
          <ProfileGraph profile={profile.data} cursor={state.cursor} onCursor={(index) => controller.setCursor(index)} name={profile.data.name[language]} />
          <ul className="hiking__legend" aria-label={intl.formatMessage({ id: 'hiking.legend' })}>
            {STEEPNESS_CLASSES.map((steepClass) => (
              <li key={steepClass}>
                <span className="hiking__swatch" style={{ background: STEEPNESS_COLOURS[steepClass] }} aria-hidden="true" />
                {intl.formatMessage({ id: `hiking.steepness.${steepClass}` })}
              </li>
            ))}
          </ul>
          <p className="hiking__note">{intl.formatMessage({ id: 'hiking.points' })}</p>
          <div className="hiking__buttons">
            <button type="button" className="ui-button" data-hiking-action="transport-start" onClick={() => controller.showTransport('start')}>
              {intl.formatMessage({ id: 'hiking.transport.start' })}
            </button>
            <button type="button" className="ui-button" data-hiking-action="transport-end" onClick={() => controller.showTransport('end')}>
              {intl.formatMessage({ id: 'hiking.transport.end' })}
            </button>
          </div>
          <AnimationControls state={state} controller={controller} />
          <details className="hiking__method">
            <summary>{intl.formatMessage({ id: 'hiking.method.title' })}</summary>
            <p>{intl.formatMessage({ id: 'hiking.method.heights' })}</p>
            <p>{intl.formatMessage({ id: 'hiking.method.duration' })}</p>
            <p>{intl.formatMessage({ id: 'hiking.method.difficulty' })}</p>
            <p>{intl.formatMessage({ id: 'hiking.method.stages' })}</p>
            <p className="hiking__note">{profile.data.attribution}</p>
          </details>
        </>
      ) : null}
    </div>
  );
}

export default function HikingDrawer() {
  const intl = useIntl();
  const language = intl.locale as Language;
  const controller = useController();
  const state = useSyncExternalStore(controller?.subscribe ?? (() => () => {}), controller?.getState ?? NO_STATE);
  useEffect(() => {
    void controller?.loadList();
  }, [controller]);
  if (!controller || !state) return null;
  return (
    <div className="hiking" data-hiking-status={state.list.status}>
      {state.selection ? <SelectedTrail state={state} controller={controller} language={language} /> : <TrailList state={state} controller={controller} language={language} />}
    </div>
  );
}
