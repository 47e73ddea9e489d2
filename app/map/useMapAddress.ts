/**
 * Applies the map address's `layers` and `bbox` (mapAddress.ts) on arrival at the map page: the start view over
 * the box, and each named overlay switched on once the variant has registered it (once per arrival, so a layer
 * the user then switches off stays off).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import type { View } from '../../core/manifests/schemas';
import type { AppStore } from '../../core/store';
import { parseMapAddress, viewOverBox } from './mapAddress';

/** The start view the address asks for (null: none), and the address's layers switched on in `store`. */
export function useMapAddress(store: AppStore, registeredOverlayIds: readonly string[]): View | null {
  const location = useLocation();
  // Read on arrival only: later address changes (language, shortening) do not move the camera again.
  const address = useMemo(() => parseMapAddress(location.search), []);
  const startView = useMemo(
    () => (address.bbox ? viewOverBox(address.bbox, typeof window === 'undefined' ? 1 : window.innerWidth / Math.max(1, window.innerHeight)) : null),
    [address],
  );
  const applied = useRef(new Set<string>());
  useEffect(() => {
    for (const id of address.layers) {
      if (applied.current.has(id) || !registeredOverlayIds.includes(id)) continue;
      applied.current.add(id);
      store.getState().setOverlayShown(id, true);
    }
  }, [address, registeredOverlayIds, store]);
  return startView;
}
