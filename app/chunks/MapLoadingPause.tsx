/**
 * SPEC §4 "Mobile loading can be paused by the user and resumed by reloading": on a phone (coarse pointer or a
 * small screen), while the map is still loading, a "Pause loading" button stops the map host from drawing and
 * so from fetching more tiles; the message then says how to resume and offers Reload.
 */
import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import './chunk-failure.css';

/** Phones: a coarse pointer, or a screen at most this many CSS pixels wide. */
export const PHONE_MAX_WIDTH_PX = 600;
const PHONE_QUERY = `(pointer: coarse), (max-width: ${PHONE_MAX_WIDTH_PX}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the page is on a phone, following rotation and resizing. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

export interface MapLoadingPauseProps {
  paused: boolean;
  onPause(): void;
}

export function MapLoadingPause({ paused, onPause }: MapLoadingPauseProps) {
  const intl = useIntl();
  const phone = useIsPhone();
  if (paused) {
    return (
      <div className="map-loading-paused" role="status" data-testid="map-loading-paused">
        <p>{intl.formatMessage({ id: 'chunk.pause.paused' })}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {intl.formatMessage({ id: 'chunk.pause.reload' })}
        </button>
      </div>
    );
  }
  if (!phone) return null;
  return (
    <div className="map-loading-pause">
      <button type="button" className="button" onClick={onPause} aria-describedby="map-loading-pause-hint">
        {intl.formatMessage({ id: 'chunk.pause.button' })}
      </button>
      <span id="map-loading-pause-hint" className="map-loading-pause__hint">
        {intl.formatMessage({ id: 'chunk.pause.hint' })}
      </span>
    </div>
  );
}
