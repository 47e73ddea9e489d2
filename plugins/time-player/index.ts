import { definePlugin } from '../../core/plugin/definePlugin';
import { PLUGIN_API_VERSION } from '../../core/plugin/types';
import { setTimePlayer } from './context';
import { followTimeAwareOverlays } from './timeAwareOverlays';
import { timePlayerAddress } from './timePlayerAddress';
import { createTimePlayerController, type TimePlayerRequest } from './timePlayerController';

/** The tool's id: its switch `toggle:time-player` is on exactly while the player's bar is shown (SPEC §3 `on`). */
export const TIME_PLAYER_TOOL = 'time-player';

const HONG_KONG_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** Today in Hong Kong time (UTC+8), midnight to midnight: what the tool opens when nothing else asked for a span. */
export function hongKongDay(now: Date): Pick<TimePlayerRequest, 'start' | 'end'> {
  const start = Math.floor((now.getTime() + HONG_KONG_OFFSET_MS) / DAY_MS) * DAY_MS - HONG_KONG_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/**
 * The time player (SPEC §1, §3; flag timePlayer): a bar at the bottom of the map that plays the one scene clock
 * (`ctx.map.clock()`) through a span — play/pause, speed, backwards, loop, a time slider, the time in Hong Kong time
 * — opened by the Time player tool (today), by a time-aware overlay (its recorded span) or by another plugin through
 * `api.ts` (the shadow view's day). State in the share link (`timePlayer`); `time-player::on|off` from the switch.
 */
export default definePlugin({
  id: 'time-player',
  apiVersion: PLUGIN_API_VERSION,
  activate(ctx) {
    const clock = ctx.map.clock();
    const report = (message: string, error?: unknown) => console.warn(`time-player: ${message}`, ...(error === undefined ? [] : [error]));
    const controller = createTimePlayerController(clock, (on) => ctx.store.getState().setSwitch(`toggle:${TIME_PLAYER_TOOL}`, on));
    setTimePlayer({ controller, clock });
    ctx.tools.register({
      id: TIME_PLAYER_TOOL,
      label: 'timePlayer.tool',
      icon: '◷',
      placement: 'tools',
      order: 78,
      kind: 'toggle',
      onToggle: (on) => {
        // The switch follows the player (opened by a layer or the shadow view too): act only on a change by the button.
        if (on && !clock.state().on) controller.open({ ...hongKongDay(clock.now()), label: 'timePlayer.label.day', stepSeconds: 300 });
        else if (!on && clock.state().on) controller.close();
      },
    });
    ctx.slots.register({ id: 'time-player-bar', slot: 'map.bottom-left', order: 5, component: () => import('./components/TimePlayerBar') });
    ctx.urlState.register(timePlayerAddress(controller, clock));
    const stopFollowingOverlays = followTimeAwareOverlays(ctx.overlays, ctx.store, controller, report);
    return () => {
      stopFollowingOverlays();
      controller.dispose();
      setTimePlayer(null);
    };
  },
});
