import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { shortenAddress } from './routeTable';

/**
 * SPEC §2 shortened URLs: after each navigation the visible address is rewritten with
 * `history.replaceState` (the router keeps its own full location). A reload of the shortened address
 * resolves through the normal redirects (/ → /map, /api/f2 → swagger).
 */
export function useAddressShortening(enabled: boolean, basename: string): void {
  const location = useLocation();
  useEffect(() => {
    if (!enabled) return;
    const shown = shortenAddress(location.pathname, location.search, true);
    if (shown.pathname === location.pathname && shown.search === location.search) return;
    const path = shown.pathname === '/' ? `${basename}/` : `${basename}${shown.pathname}`;
    window.history.replaceState(window.history.state, '', `${path}${shown.search}${location.hash}`);
  }, [enabled, basename, location.pathname, location.search, location.hash]);
}
