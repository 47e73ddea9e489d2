/**
 * What the share panel shows and does: the link of the map as it is now (every address contribution's value, see
 * ./urlStateEngine.ts), refreshed while the panel is open and the map moves; the parameters the user left out (full
 * share options); a look-at link of the place at the centre of the map; and, where the variant shares with the URL
 * (`shareWithUrl`), the browser's own address kept equal to the link.
 */
import { toEcef } from '../../core/contracts/ecef';
import type { Disposer, Language, MapFacade, Registry, UrlStateContribution } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';
import { formatLookAt, LOOK_AT_RANGE_LIMITS, SHARE_PARAMS } from './shareParams';
import { shareQuery, type ProblemReporter } from './urlStateEngine';

export interface ShareControllerServices {
  map: Pick<MapFacade, 'onCameraChanged' | 'pick' | 'cameraState'>;
  store: AppStore;
  urlState: Pick<Registry<UrlStateContribution>, 'list'>;
  shownLayers: () => string[];
  /** The page address without its query, e.g. `https://host/mapviewer/app/map`. */
  pageAddress: () => string;
  report: ProblemReporter;
}

export interface ShareSnapshot {
  /** The share link now. */
  link: string;
  /** Parameters the user chose to leave out. */
  omitted: ReadonlySet<string>;
}

export interface ShareController {
  getSnapshot(): ShareSnapshot;
  subscribe(listener: () => void): Disposer;
  /** Whether `param` (or group of params, see {@link SHARE_OPTION_PARAMS}) goes into the link. */
  setIncluded(params: readonly string[], included: boolean): void;
  /** A look-at link of the ground at the map's centre seen from the camera's distance; null over the sky. */
  lookAtCentreLink(): Promise<string | null>;
  /**
   * Keeps the browser's address equal to the share link (history.replaceState, no new history entry) after each
   * camera move and state change, at most every {@link LIVE_ADDRESS_INTERVAL_MS}. Returns its disposer.
   */
  keepAddressLive(history: Pick<History, 'replaceState' | 'state'>, location: Pick<Location, 'pathname' | 'hash'>): Disposer;
  dispose(): void;
}

/** The choices of the full share options: what each checkbox puts in or leaves out of the link. */
export const SHARE_OPTION_PARAMS = {
  view: [SHARE_PARAMS.camera],
  layers: ['layers', SHARE_PARAMS.hiddenLayers],
  appearance: [SHARE_PARAMS.terrain, SHARE_PARAMS.textured, SHARE_PARAMS.style, SHARE_PARAMS.adjustments],
  function: [SHARE_PARAMS.drawer],
} as const satisfies Record<string, readonly string[]>;

export const LIVE_ADDRESS_INTERVAL_MS = 500;

export function createShareController(services: ShareControllerServices): ShareController {
  const { store, map } = services;
  const listeners = new Set<() => void>();
  const omitted = new Set<string>();
  const query = (omit: ReadonlySet<string>) =>
    shareQuery(services.urlState.list(), { language: store.getState().language as Language, shownLayers: services.shownLayers(), omit }, services.report);
  const linkOf = (search: string) => (search ? `${services.pageAddress()}?${search}` : services.pageAddress());
  const compute = (): ShareSnapshot => ({ link: linkOf(query(omitted)), omitted: new Set(omitted) });
  let snapshot = compute();
  const refresh = () => {
    const next = compute();
    if (next.link === snapshot.link && next.omitted.size === snapshot.omitted.size) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  };

  // While anyone listens (the open panel), the link follows the map.
  let following: Disposer[] = [];
  const follow = () => {
    following = [map.onCameraChanged(refresh), store.subscribe(refresh)];
  };
  const unfollow = () => {
    for (const stop of following.splice(0)) stop();
  };

  const liveAddresses: Disposer[] = [];
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      if (listeners.size === 0) {
        snapshot = compute();
        follow();
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) unfollow();
      };
    },
    setIncluded(params, included) {
      for (const param of params) {
        if (included) omitted.delete(param);
        else omitted.add(param);
      }
      snapshot = compute();
      for (const listener of [...listeners]) listener();
    },
    async lookAtCentreLink() {
      const [picked, camera] = [await map.pick('centre'), map.cameraState()];
      if (!picked?.position || !camera) return null;
      const range = distanceMeters(camera, picked.position);
      const rangeMeters = Math.min(LOOK_AT_RANGE_LIMITS.max, Math.max(LOOK_AT_RANGE_LIMITS.min, range));
      const query = shareQuery([], { language: store.getState().language, shownLayers: [] }, services.report);
      const lookAt = `${SHARE_PARAMS.lookAt}=${formatLookAt({ ...picked.position, rangeMeters })}`;
      return `${services.pageAddress()}?${query ? `${query}&` : ''}${lookAt}`;
    },
    keepAddressLive(history, location) {
      let timer: ReturnType<typeof setTimeout> | null = null;
      const write = () => {
        timer = null;
        const search = query(new Set());
        history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
      };
      const schedule = () => {
        timer ??= setTimeout(write, LIVE_ADDRESS_INTERVAL_MS);
      };
      const stops = [map.onCameraChanged(schedule), store.subscribe(schedule)];
      const stop = () => {
        for (const each of stops) each();
        if (timer !== null) clearTimeout(timer);
        timer = null;
      };
      liveAddresses.push(stop);
      return stop;
    },
    dispose() {
      unfollow();
      listeners.clear();
      for (const stop of liveAddresses.splice(0)) stop();
    },
  };
}

/** Straight-line distance between two WGS84 positions with heights, metres (through ECEF). */
export function distanceMeters(
  a: { longitude: number; latitude: number; heightMeters: number },
  b: { longitude: number; latitude: number; heightMeters: number },
): number {
  const [ax, ay, az] = toEcef(a.longitude, a.latitude, a.heightMeters);
  const [bx, by, bz] = toEcef(b.longitude, b.latitude, b.heightMeters);
  return Math.hypot(ax - bx, ay - by, az - bz);
}
