/**
 * The time player in a share link (`urlState` contribution): `timePlayer=<current>_<start>_<end>_<multiplier>_<loop|once>`
 * while the player is on (times ISO 8601 UTC, multiplier in scene seconds per real second), so whoever opens the link
 * sees the same span at the same time, speed and loop setting, paused.
 */
import { z } from 'zod';
import type { SceneClock, UrlStateContribution } from '../../core/plugin/types';
import type { TimePlayerController } from './timePlayerController';

export const TIME_PLAYER_PARAM = 'timePlayer';
/** The label of a player opened from a share link (the opener that labelled it is not in the link). */
export const SHARED_LABEL = 'timePlayer.label.shared';

export interface TimePlayerAddress {
  current: Date;
  start: Date;
  end: Date;
  multiplier: number;
  loop: boolean;
}

const isoTime = (time: Date) => time.toISOString().replace('.000Z', 'Z');

export function formatTimePlayerParam(address: TimePlayerAddress): string {
  return [isoTime(address.current), isoTime(address.start), isoTime(address.end), String(address.multiplier), address.loop ? 'loop' : 'once'].join('_');
}

/** The address of the parameter's text, or a message saying what is wrong with it. */
export function parseTimePlayerParam(text: string): TimePlayerAddress | string {
  const parts = text.split('_');
  if (parts.length !== 5) return 'expected <current>_<start>_<end>_<multiplier>_<loop|once>';
  const [currentText, startText, endText, multiplierText, loopText] = parts;
  const time = (value: string, field: string) => {
    const parsed = z.iso.datetime({ offset: true }).safeParse(value);
    return parsed.success ? new Date(parsed.data) : `${field} must be an ISO 8601 time, got "${value}"`;
  };
  const current = time(currentText, 'current');
  const start = time(startText, 'start');
  const end = time(endText, 'end');
  for (const checked of [current, start, end]) if (typeof checked === 'string') return checked;
  if ((end as Date) < (start as Date)) return 'end must be at or after start';
  const multiplier = Number(multiplierText);
  if (multiplierText === '' || !Number.isFinite(multiplier)) return `multiplier must be a number, got "${multiplierText}"`;
  if (loopText !== 'loop' && loopText !== 'once') return `the last part must be "loop" or "once", got "${loopText}"`;
  return { current: current as Date, start: start as Date, end: end as Date, multiplier, loop: loopText === 'loop' };
}

export function timePlayerAddress(controller: Pick<TimePlayerController, 'open'>, clock: Pick<SceneClock, 'state'>): UrlStateContribution<string> {
  return {
    id: 'time-player',
    param: TIME_PLAYER_PARAM,
    schema: z.string().superRefine((text, context) => {
      const parsed = parseTimePlayerParam(text);
      if (typeof parsed === 'string') context.addIssue({ code: 'custom', message: parsed });
    }),
    apply(text) {
      const address = parseTimePlayerParam(text) as TimePlayerAddress;
      controller.open({ ...address, label: SHARED_LABEL });
    },
    read() {
      const state = clock.state();
      if (!state.on || !state.startTime || !state.endTime) return undefined;
      return formatTimePlayerParam({
        current: state.currentTime,
        start: state.startTime,
        end: state.endTime,
        multiplier: state.playMultiplier,
        loop: state.isLoop,
      });
    },
  };
}
