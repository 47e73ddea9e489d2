/**
 * The stargazing drawer's state: the night asked for (today in Hong Kong unless the visitor picks another date),
 * the viewpoints with their sky from the server, the chosen one. Draws the viewpoints on the map while the drawer
 * is open and flies to the chosen one.
 */
import { stargazingResponseSchema, type StargazingResponse, type StargazingViewpoint } from '../../core/contracts/stargazing';
import type { Disposer, Language, PluginContext } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';

export type StargazingContext = Pick<PluginContext, 'http' | 'map' | 'analytics' | 'apiBase' | 'i18n'>;

export interface StargazingState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The date asked for, YYYY-MM-DD, or null for today (the server's Hong Kong date). */
  requestedDate: string | null;
  answer: StargazingResponse | null;
  selectedId: string | null;
}

/** Choosing a viewpoint frames it from 2.5 km, 30° down, looking north. */
export const VIEWPOINT_VIEW = { rangeMeters: 2500, headingDegrees: 0, pitchDegrees: -30, durationSeconds: 2 } as const;
const POINT_COLOUR = '#3b2a8c';

export interface StargazingController {
  getState(): StargazingState;
  subscribe(listener: () => void): Disposer;
  /** Loads the night of `date` (null: today). */
  load(date?: string | null): Promise<void>;
  select(id: string): void;
  /** Draws the viewpoints (named in `language`) while the drawer shows them; the disposer removes them. */
  draw(language: Language): Disposer;
}

/** Hours and minutes of a Hong Kong time the server wrote (`2026-11-26T17:41:00+08:00`), and whether it is on a later day. */
export function clockTime(time: string | null, nightDate: string): { time: string; nextDay: boolean } | null {
  if (!time) return null;
  return { time: time.slice(11, 16), nextDay: time.slice(0, 10) > nightDate };
}

export function createStargazingController(ctx: StargazingContext): StargazingController {
  const store = createStateStore<StargazingState>({ status: 'idle', requestedDate: null, answer: null, selectedId: null });
  const set = store.set;
  let request = 0;
  const find = (id: string): StargazingViewpoint | undefined => store.getState().answer?.viewpoints.find((viewpoint) => viewpoint.id === id);

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    async load(date = store.getState().requestedDate) {
      const mine = ++request;
      set({ status: 'loading', requestedDate: date });
      const query = date ? `?date=${encodeURIComponent(date)}` : '';
      try {
        const answer = await ctx.http.json(`${ctx.apiBase}stargazing/viewpoints${query}`, stargazingResponseSchema);
        // An answer for a date the visitor has since changed is dropped.
        if (mine === request) set({ status: 'ready', answer });
      } catch (error) {
        console.warn('stargazing: the viewpoints could not be loaded', error);
        if (mine === request) set({ status: 'failed' });
      }
    },
    select(id) {
      const viewpoint = find(id);
      if (!viewpoint) return;
      set({ selectedId: id });
      const { durationSeconds, ...offset } = VIEWPOINT_VIEW;
      ctx.map.lookAt({ longitude: viewpoint.longitude, latitude: viewpoint.latitude }, offset, { durationSeconds });
      ctx.analytics.emit({ name: 'stargazing-viewpoint::on', id });
    },
    draw(language) {
      const graphics = ctx.map.temporaryGraphics('stargazing');
      const viewpoints = store.getState().answer?.viewpoints ?? [];
      const removePoints = graphics.addPoints(
        viewpoints.map((viewpoint) => ({ longitude: viewpoint.longitude, latitude: viewpoint.latitude, heightMeters: viewpoint.heightMeters + 10, colour: POINT_COLOUR, sizePixels: 12 })),
      );
      const removeLabels = graphics.addLabels(
        viewpoints.map((viewpoint) => ({
          longitude: viewpoint.longitude,
          latitude: viewpoint.latitude,
          heightMeters: viewpoint.heightMeters + 10,
          text: viewpoint.name[language],
          offsetPixels: { x: 0, y: -18 },
        })),
      );
      return () => {
        removePoints();
        removeLabels();
      };
    },
  };
}
