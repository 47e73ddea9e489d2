/**
 * The `time` block of an overlay manifest: the overlay is a recorded time series, drawn by the overlay engine at
 * the scene clock's time (for each place, its latest observation at or before that time; core/overlay/timeSteps.ts)
 * and offered to the time player, which opens on `start`–`end` when the overlay is switched on.
 */
import { z } from 'zod';

const isoTime = z.iso.datetime({ offset: true, error: 'expected an ISO 8601 date-time with a UTC offset, e.g. 2025-09-07T22:43:00+08:00' });

export const overlayTimeSchema = z
  .strictObject({
    /** Feature property holding each observation's time (ISO 8601 with a UTC offset), e.g. `observedAt`. */
    property: z.string().min(1, 'expected the feature property that holds the observation time'),
    /** Feature property naming the place an observation belongs to (e.g. `stationId`): one feature per place is drawn. */
    groupProperty: z.string().min(1, 'expected the feature property that names each observation\'s place'),
    /** The first observation's time, the time player's start. */
    start: isoTime,
    /** The last observation's time, the time player's end (at or after `start`). */
    end: isoTime,
    /** Seconds between observations: the time player's slider steps by this. Default 60. */
    stepSeconds: z.number().int().positive().max(86_400).default(60),
  })
  // Compared only when both are valid: a malformed one has its own message.
  .refine((time) => !isoTime.safeParse(time.start).success || !isoTime.safeParse(time.end).success || Date.parse(time.end) >= Date.parse(time.start), { message: 'expected "end" at or after "start"', path: ['end'] });
export type OverlayTime = z.infer<typeof overlayTimeSchema>;
