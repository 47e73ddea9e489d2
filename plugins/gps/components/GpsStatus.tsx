/**
 * The GPS status panel (slot `map.top-left`): while GPS is on, whether the position is still being found or where
 * it is and how accurate, and whether the map follows it; a button switches GPS off. Announced politely.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appStore } from '../../../core/store';
import { gpsController } from '../context';
import type { GpsController } from '../gpsController';
import '../../../core/ui/mapPanel.css';
import './gps.css';

export default function GpsStatus() {
  const controller = gpsController();
  if (!controller) return null;
  return <Panel controller={controller} />;
}

function Panel({ controller }: { controller: GpsController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const titleId = useId();
  if (state.mode === 0) return null;
  return (
    <section className="map-panel gps-status" aria-labelledby={titleId} data-testid="gps-status">
      <div className="map-panel__header">
        <h2 id={titleId}>{t(state.mode === 2 ? 'gps.title.tracking' : 'gps.title.locating')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('gps.close')} onClick={() => appStore.getState().setGps(0)}>
          ×
        </button>
      </div>
      <div className="map-panel__body gps-status__body" aria-live="polite">
        {state.fix ? (
          <>
            <p>
              {t('gps.position', {
                latitude: state.fix.latitude.toFixed(5),
                longitude: state.fix.longitude.toFixed(5),
                accuracy: Math.round(state.fix.accuracyMeters),
              })}
            </p>
            <p className="gps-status__note">{t(state.mode === 2 ? 'gps.following' : 'gps.notFollowing')}</p>
          </>
        ) : (
          <p>{t('gps.waiting')}</p>
        )}
      </div>
    </section>
  );
}
