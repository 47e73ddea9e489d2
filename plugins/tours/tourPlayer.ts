/**
 * The tour player (issue 14 point 9; SPEC §4 "Tours: starting one clears the others"): loads the tours on first use,
 * plays one at a time — each stop flies the camera to the stop's view and shows the stop's layers — and steps next,
 * back, or stops. Layers a tour switched are put back as they were when it moves on or ends, so a tour leaves the
 * map's layers as it found them; the camera stays where the tour left it.
 *
 * A small state machine: `catalogue` (idle → loading → ready | failed, Retry from failed) and `playing` (null, or a
 * tour and a stop index). Pure apart from the services it is given.
 */
import type { TourManifest } from '../../core/manifests/schemas';
import type { AnalyticsEmitter, Disposer, MapFacade, OverlayContribution, Registry } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import type { AppStore } from '../../core/store/appStore';
import type { LoadedTours } from './tourLoader';

export interface TourPlayerState {
  catalogue: { status: 'idle' | 'loading' | 'ready' | 'failed'; tours: readonly TourManifest[] };
  playing: { tour: TourManifest; stopIndex: number } | null;
}

export interface TourPlayerServices {
  map: Pick<MapFacade, 'setView'>;
  store: AppStore;
  overlays: Pick<Registry<OverlayContribution>, 'get'>;
  analytics: AnalyticsEmitter;
  load: () => Promise<LoadedTours>;
  report: (message: string, error?: unknown) => void;
}

export interface TourPlayer {
  getState(): TourPlayerState;
  subscribe(listener: () => void): Disposer;
  /** Loads the tours once (again after a failure); resolves when the catalogue is ready or has failed. */
  load(): Promise<void>;
  /**
   * Plays `tourId` from stop `stopIndex` (default the first; one the tour does not have is the first too), ending the
   * tour that plays now; false when there is no such tour.
   */
  start(tourId: string, stopIndex?: number): Promise<boolean>;
  next(): void;
  back(): void;
  /** Ends the tour: its layers back as they were. Harmless when none plays. */
  stop(): void;
  dispose(): void;
}

export function createTourPlayer(services: TourPlayerServices): TourPlayer {
  const { map, store } = services;
  const playerState = createStateStore<TourPlayerState>({ catalogue: { status: 'idle', tours: [] }, playing: null });
  const set = playerState.set;
  /** Each overlay the playing tour switched, with whether it was shown before the tour touched it. */
  const shownBefore = new Map<string, boolean>();
  let loading: Promise<void> | null = null;

  const isShown = (id: string) => store.getState().overlays[id]?.shown ?? false;

  /** Shows the stop's layers (those this variant has) and puts back those the tour showed for earlier stops. */
  const showStop = (tour: TourManifest, stopIndex: number) => {
    const stop = tour.stops[stopIndex];
    const wanted = new Set(stop.overlays.filter((id) => services.overlays.get(id) !== undefined));
    for (const [id, before] of shownBefore) {
      if (!wanted.has(id) && isShown(id) !== before) store.getState().setOverlayShown(id, before);
    }
    for (const id of wanted) {
      if (!shownBefore.has(id)) shownBefore.set(id, isShown(id));
      if (!isShown(id)) store.getState().setOverlayShown(id, true);
    }
    map.setView(stop.view, { durationSeconds: stop.flightSeconds });
    set({ playing: { tour, stopIndex } });
  };

  const restoreLayers = () => {
    for (const [id, before] of shownBefore) if (isShown(id) !== before) store.getState().setOverlayShown(id, before);
    shownBefore.clear();
  };

  const load = (): Promise<void> => {
    if (playerState.getState().catalogue.status === 'ready') return Promise.resolve();
    loading ??= (async () => {
      set({ catalogue: { status: 'loading', tours: [] } });
      try {
        const { tours, problems } = await services.load();
        for (const problem of problems) services.report(problem);
        set({ catalogue: { status: 'ready', tours } });
      } catch (error) {
        services.report('the tours could not be loaded', error);
        set({ catalogue: { status: 'failed', tours: [] } });
      } finally {
        loading = null;
      }
    })();
    return loading;
  };

  const stop = () => {
    const playing = playerState.getState().playing;
    if (!playing) return;
    restoreLayers();
    services.analytics.emit({ name: 'tour::off', id: playing.tour.id });
    set({ playing: null });
  };

  return {
    getState: playerState.getState,
    subscribe: playerState.subscribe,
    load,
    async start(tourId, stopIndex = 0) {
      await load();
      const tour = playerState.getState().catalogue.tours.find((candidate) => candidate.id === tourId);
      if (!tour) return false;
      stop();
      services.analytics.emit({ name: 'tour::on', id: tour.id });
      showStop(tour, Number.isInteger(stopIndex) && stopIndex >= 0 && stopIndex < tour.stops.length ? stopIndex : 0);
      return true;
    },
    next() {
      const playing = playerState.getState().playing;
      if (playing && playing.stopIndex < playing.tour.stops.length - 1) showStop(playing.tour, playing.stopIndex + 1);
    },
    back() {
      const playing = playerState.getState().playing;
      if (playing && playing.stopIndex > 0) showStop(playing.tour, playing.stopIndex - 1);
    },
    stop,
    dispose() {
      stop();
      playerState.dropListeners();
    },
  };
}
