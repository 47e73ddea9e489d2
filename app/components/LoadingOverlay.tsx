import { useIntl } from 'react-intl';

export interface LoadingOverlayProps {
  /** Cover the nearest positioned parent (default) or the whole viewport. */
  fullScreen?: boolean;
}

/** SPEC §8 'Retrieving data...': shown while the map (or a page chunk) loads. */
export function LoadingOverlay({ fullScreen = false }: LoadingOverlayProps) {
  const intl = useIntl();
  return (
    <div className={fullScreen ? 'loading-overlay loading-overlay--full' : 'loading-overlay'} role="status" aria-live="polite">
      <span className="loading-overlay__spinner" aria-hidden="true" />
      <span>{intl.formatMessage({ id: 'app.loading.retrieving' })}</span>
    </div>
  );
}

export default LoadingOverlay;
