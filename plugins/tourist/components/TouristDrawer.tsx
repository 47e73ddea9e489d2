/**
 * The tourist drawer body: the virtual tours with their description and number of stops; Start plays one in the
 * guided-tours player (which opens with Back, Next and Stop) and closes the drawer, so the player has the room
 * beside the map that a phone or a small window does not have for both; Stop ends it. Without the tours plugin in the
 * variant the drawer says the tours cannot be played.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { Language } from '../../../core/plugin/types';
import { loadTourCatalogue, playTour, stopTour, subscribeTourPlayer, toursAvailable, tourPlayerView } from '../../tours/api';
import { touristContext } from '../context';
import { TOURIST_DRAWER } from '../drawerId';
import { touristTours } from '../touristTours';
import '../../../core/ui/controls.css';
import './tourist.css';

export default function TouristDrawer() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const view = useSyncExternalStore(subscribeTourPlayer, tourPlayerView);
  useEffect(() => {
    void loadTourCatalogue();
  }, []);

  if (!toursAvailable()) return <p role="alert">{t('tourist.unavailable')}</p>;
  const tours = touristTours(view.tours);
  return (
    <div className="tourist" data-testid="tourist-drawer">
      <p className="tourist__note">{t('tourist.note')}</p>
      {view.status === 'loading' || view.status === 'idle' ? <p role="status">{t('tourist.loading')}</p> : null}
      {view.status === 'failed' ? (
        <div role="alert">
          <p>{t('tourist.failed')}</p>
          <button type="button" className="ui-button tourist__button" onClick={() => void loadTourCatalogue()}>
            {t('tourist.retry')}
          </button>
        </div>
      ) : null}
      {view.status === 'ready' ? (
        <ul className="tourist__list">
          {tours.map((tour) => {
            const playing = view.playingId === tour.id;
            return (
              <li key={tour.id} className={playing ? 'tourist__tour is-playing' : 'tourist__tour'} data-tour={tour.id}>
                <h3>{tour.name[language]}</h3>
                <p>{tour.description?.[language]}</p>
                <p className="tourist__stops">{t('tourist.stops', { count: tour.stops.length })}</p>
                {playing ? (
                  <button type="button" className="ui-button tourist__button" onClick={() => stopTour()} aria-label={t('tourist.stopNamed', { name: tour.name[language] })}>
                    {t('tourist.stop')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="ui-button ui-button--primary tourist__button"
                    onClick={() =>
                      void playTour(tour.id).then((started) => {
                        if (started) touristContext()?.store.getState().closeDrawer(TOURIST_DRAWER);
                      })
                    }
                    aria-label={t('tourist.startNamed', { name: tour.name[language] })}
                  >
                    {t('tourist.start')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
