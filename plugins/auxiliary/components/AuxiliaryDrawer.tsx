/**
 * The cycling (auxiliary) drawer body: what the layers hold (the Transport Department's files, or sample parking
 * and no tracks, with the problem of an installed file that could not be read), a switch per layer, and the cycle
 * parks as buttons that fly to them.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { CyclingLayer } from '../../../core/contracts/cycling';
import type { Language } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import { cyclingController } from '../context';
import { CYCLING_OVERLAYS, facilityName, trackLengthKm, type CyclingController } from '../cycling';
import '../../../core/ui/controls.css';
import './auxiliary.css';

export default function AuxiliaryDrawer() {
  const controller = cyclingController();
  return controller ? <Drawer controller={controller} /> : null;
}

function Drawer({ controller }: { controller: CyclingController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const overlays = useStore(appStore, (store) => store.overlays);
  useEffect(() => {
    void controller.load();
  }, [controller]);

  const parking = state.layers.parking;
  const tracks = state.layers.tracks;
  const layerSwitch = (layer: CyclingLayer, label: string, disabled = false) => {
    const shown = overlays[CYCLING_OVERLAYS[layer]]?.shown ?? false;
    return (
      <label className="auxiliary__switch">
        <input type="checkbox" checked={shown} disabled={disabled} onChange={(event) => controller.showLayer(layer, event.target.checked)} data-layer={layer} />
        {label}
      </label>
    );
  };
  return (
    <div className="auxiliary" data-testid="auxiliary-drawer">
      {state.status === 'loading' || state.status === 'idle' ? <p role="status">{t('auxiliary.loading')}</p> : null}
      {state.status === 'failed' ? (
        <div role="alert">
          <p>{t('auxiliary.unavailable')}</p>
          <button type="button" className="ui-button auxiliary__button" onClick={() => void controller.load()}>
            {t('auxiliary.retry')}
          </button>
        </div>
      ) : null}
      {parking && tracks ? (
        <>
          <section className="auxiliary__section" aria-label={t('auxiliary.parking.title')}>
            <h3>{t('auxiliary.parking.title')}</h3>
            {parking.sample ? (
              <p className="auxiliary__sample">
                <span className="badge badge--sample">{t('auxiliary.sampleBadge')}</span> {t('auxiliary.parking.sampleNote')}
              </p>
            ) : (
              <p className="auxiliary__source">{t('auxiliary.parking.fromFile', { count: parking.features.length })}</p>
            )}
            {parking.problem ? <p className="auxiliary__problem">{t('auxiliary.fileProblem', { problem: parking.problem })}</p> : null}
            {layerSwitch('parking', t('auxiliary.parking.show'))}
            <ul className="ui-choice-list auxiliary__list">
              {parking.features.map((park) => (
                <li key={park.id}>
                  <button
                    type="button"
                    className={park.id === state.selectedId ? 'ui-choice auxiliary__item is-selected' : 'ui-choice auxiliary__item'}
                    aria-pressed={park.id === state.selectedId}
                    data-park={park.id}
                    onClick={() => controller.select(park.id)}
                  >
                    <span>{facilityName(park, language)}</span>
                    {park.properties.spaces !== null ? <span className="auxiliary__item-detail">{t('auxiliary.parking.spaces', { count: park.properties.spaces })}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <section className="auxiliary__section" aria-label={t('auxiliary.tracks.title')}>
            <h3>{t('auxiliary.tracks.title')}</h3>
            {tracks.source === 'none' ? (
              <p className="auxiliary__source">{t('auxiliary.tracks.none')}</p>
            ) : (
              <p className="auxiliary__source">{t('auxiliary.tracks.fromFile', { count: tracks.features.length, km: trackLengthKm(tracks).toFixed(1) })}</p>
            )}
            {tracks.problem ? <p className="auxiliary__problem">{t('auxiliary.fileProblem', { problem: tracks.problem })}</p> : null}
            {layerSwitch('tracks', t('auxiliary.tracks.show'), tracks.source === 'none')}
          </section>
        </>
      ) : null}
    </div>
  );
}
