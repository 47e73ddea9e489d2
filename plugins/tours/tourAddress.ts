/**
 * The tour in a share link (`urlState` contribution, read and applied by share-map where the variant shares):
 * `tour=<tour id>:<stop number>` while a tour plays, so whoever opens the link is taken to the same stop of the same
 * tour with the player open. Stop numbers count from 1, as the player shows them.
 */
import { z } from 'zod';
import type { UrlStateContribution } from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';
import type { TourPlayer } from './tourPlayer';

export const TOUR_PARAM = 'tour';
const TOUR_TEXT = /^([a-z0-9]+(?:[-_][a-z0-9]+)*)(?::([1-9]\d{0,2}))?$/;

/** The tour id and stop index (from 0) of the parameter's text, or null when it is malformed. */
export function parseTourParam(text: string): { tourId: string; stopIndex: number } | null {
  const match = TOUR_TEXT.exec(text);
  return match ? { tourId: match[1], stopIndex: match[2] === undefined ? 0 : Number(match[2]) - 1 } : null;
}

export function tourAddress(player: TourPlayer, store: AppStore, report: (message: string) => void): UrlStateContribution<string> {
  return {
    id: 'tour-stop',
    param: TOUR_PARAM,
    schema: z.string().refine((text) => parseTourParam(text) !== null, { message: 'expected <tour id>[:<stop number>]' }),
    apply(text) {
      const { tourId, stopIndex } = parseTourParam(text)!;
      store.getState().setSwitch('mode:tours', true);
      void player.start(tourId, stopIndex).then((started) => {
        if (!started) report(`the address names the tour "${tourId}", which this map does not have`);
      });
    },
    read() {
      const playing = player.getState().playing;
      return playing ? `${playing.tour.id}:${playing.stopIndex + 1}` : undefined;
    },
  };
}
