/**
 * The tour player's panel (slot `map.top-left`, while the core mode `tours` is on): the tours to choose from; while
 * one plays, its progress, the stop's title and text, Back, Next and Stop tour, and the other tours (starting one
 * ends the one that plays). Escape or the close button ends the tour and closes the player.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { TourManifest } from '../../../core/manifests/schemas';
import type { Language } from '../../../core/plugin/types';
import { tours, type ToursContext } from '../context';
import type { TourPlayer } from '../tourPlayer';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './tours.css';

export default function ToursPanel() {
  const context = tours();
  return context ? <WhileOn context={context} /> : null;
}

function WhileOn({ context }: { context: ToursContext }) {
  const on = useStore(context.store, (state) => state.tours);
  return on ? <Panel context={context} /> : null;
}

function Panel({ context }: { context: ToursContext }) {
  const { player, store } = context;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const state = useSyncExternalStore(player.subscribe, player.getState);
  const titleId = useId();
  const close = () => store.getState().setSwitch('mode:tours', false);
  const { catalogue, playing } = state;
  return (
    <section
      className="map-panel tours"
      aria-labelledby={titleId}
      data-testid="tours-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="map-panel__header">
        <h2 id={titleId}>{t('tours.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('tours.close')} onClick={close}>
          ×
        </button>
      </div>
      <div className="map-panel__body tours__body">
        {playing ? <Playing player={player} tour={playing.tour} stopIndex={playing.stopIndex} language={language} /> : null}
        {catalogue.status === 'loading' || catalogue.status === 'idle' ? <p role="status">{t('tours.loading')}</p> : null}
        {catalogue.status === 'failed' ? (
          <div role="alert">
            <p>{t('tours.failed')}</p>
            <button type="button" className="ui-button" onClick={() => void player.load()}>
              {t('tours.retry')}
            </button>
          </div>
        ) : null}
        {catalogue.status === 'ready' ? (
          <TourList player={player} tours={catalogue.tours} playingId={playing?.tour.id} language={language} heading={t(playing ? 'tours.others' : 'tours.choose')} />
        ) : null}
      </div>
    </section>
  );
}

function Playing({ player, tour, stopIndex, language }: { player: TourPlayer; tour: TourManifest; stopIndex: number; language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const stop = tour.stops[stopIndex];
  const last = stopIndex === tour.stops.length - 1;
  const progress = t('tours.progress', { current: stopIndex + 1, total: tour.stops.length });
  return (
    <div className="tours__playing" data-testid="tours-playing" data-tour={tour.id} data-stop={stopIndex}>
      <p className="tours__name">{tour.name[language]}</p>
      <div
        className="tours__progress"
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={tour.stops.length}
        aria-valuenow={stopIndex + 1}
        aria-valuetext={progress}
        aria-label={t('tours.progressLabel')}
      >
        <div className="tours__progress-bar" style={{ width: `${((stopIndex + 1) / tour.stops.length) * 100}%` }} />
      </div>
      <p className="tours__count">{progress}</p>
      {/* Announced as the stop changes, so a screen reader hears where the tour has gone. */}
      <div aria-live="polite">
        <h3 className="tours__stop-title">{stop.title[language]}</h3>
        <p className="tours__text">{stop.text[language]}</p>
      </div>
      <div className="tours__controls">
        <button type="button" className="ui-button" onClick={player.back} disabled={stopIndex === 0}>
          {t('tours.back')}
        </button>
        {last ? (
          <button type="button" className="ui-button ui-button--primary" onClick={player.stop}>
            {t('tours.finish')}
          </button>
        ) : (
          <button type="button" className="ui-button ui-button--primary" onClick={player.next}>
            {t('tours.next')}
          </button>
        )}
        {last ? null : (
          <button type="button" className="ui-button" onClick={player.stop}>
            {t('tours.stop')}
          </button>
        )}
      </div>
    </div>
  );
}

function TourList({ player, tours: list, playingId, language, heading }: { player: TourPlayer; tours: readonly TourManifest[]; playingId: string | undefined; language: Language; heading: string }) {
  const intl = useIntl();
  const headingId = useId();
  const others = list.filter((tour) => tour.id !== playingId);
  if (others.length === 0) return <p>{intl.formatMessage({ id: 'tours.none' })}</p>;
  return (
    <div className="tours__list">
      <h3 id={headingId}>{heading}</h3>
      <ul aria-labelledby={headingId}>
        {others.map((tour) => (
          <li key={tour.id}>
            <button type="button" className="tours__choice" data-tour={tour.id} onClick={() => void player.start(tour.id)}>
              <span className="tours__choice-name">{tour.name[language]}</span>
              <span className="tours__choice-detail">
                {intl.formatMessage({ id: 'tours.stopCount' }, { count: tour.stops.length })}
                {tour.description ? ` · ${tour.description[language]}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
