/**
 * The tour player for other plugins (the tourist drawer lists tours and starts them here, so there is one player).
 * Null-safe: without the tours plugin in the variant every call says so (`available()` false) and does nothing.
 */
import type { TourManifest } from '../../core/manifests/schemas';
import type { Disposer } from '../../core/plugin/types';
import { tours } from './context';

export interface TourPlayerView {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  tours: readonly TourManifest[];
  /** The tour that plays, or null. */
  playingId: string | null;
}

const UNAVAILABLE: TourPlayerView = { status: 'failed', tours: [], playingId: null };

/** Whether the tours plugin runs in this variant. */
export function toursAvailable(): boolean {
  return tours() !== null;
}

/** The catalogue and the tour that plays now (the same object until something changes, for useSyncExternalStore). */
export function tourPlayerView(): TourPlayerView {
  const context = tours();
  if (!context) return UNAVAILABLE;
  const state = context.player.getState();
  if (cached.state !== state) cached = { state, view: { status: state.catalogue.status, tours: state.catalogue.tours, playingId: state.playing?.tour.id ?? null } };
  return cached.view;
}
let cached: { state: unknown; view: TourPlayerView } = { state: null, view: UNAVAILABLE };

export function subscribeTourPlayer(listener: () => void): Disposer {
  return tours()?.player.subscribe(listener) ?? (() => undefined);
}

/** Loads the catalogue (once; again after a failure). */
export function loadTourCatalogue(): Promise<void> {
  return tours()?.player.load() ?? Promise.resolve();
}

/**
 * Plays a tour in the tour player: the player's panel opens (the core mode `tours`, with Back, Next and Stop) and
 * the camera flies to the first stop. False when there is no such tour or no tours plugin.
 */
export async function playTour(tourId: string): Promise<boolean> {
  const context = tours();
  if (!context) return false;
  context.store.getState().setSwitch('mode:tours', true);
  return context.player.start(tourId);
}

/** Ends the tour that plays (its layers back as they were); the player's panel stays for another choice. */
export function stopTour(): void {
  tours()?.player.stop();
}
