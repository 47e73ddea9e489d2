import { z } from 'zod';
import { timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/** At most this many events per POST /mapviewer/api/analytics. */
export const ANALYTICS_MAX_EVENTS = 100;

/** Event names like `feature::on`, `catalogue::download`, `search::submit` (SPEC §7). */
export const ANALYTICS_EVENT_NAME_PATTERN = /^[a-z0-9-]+(::[a-z0-9-]+)*$/i;

export const analyticsEventSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(ANALYTICS_EVENT_NAME_PATTERN, { error: 'name must look like feature::action (letters, digits, dashes)' }),
  /** What the event is about: a layer id, a tile sheet, a plugin id. Counted. */
  id: z.string().max(200).optional(),
  /** Free text such as a search string. Validated, never stored. */
  content: z.string().max(500).optional(),
  lang: z.string().max(16).optional(),
  param: z.string().max(500).optional(),
  source: z.string().max(100).optional(),
  tile_id: z.string().max(100).optional(),
  format: z.string().max(32).optional(),
  /** When it happened: ISO 8601 date-time or epoch milliseconds. */
  at: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** POST /mapviewer/api/analytics body; answered 204. Only counts per (name, id, day) are kept. */
export const analyticsBatchRequestSchema = z.object({
  events: z
    .array(analyticsEventSchema)
    .min(1, { error: 'events must hold at least one event' })
    .max(ANALYTICS_MAX_EVENTS, { error: `events must hold at most ${ANALYTICS_MAX_EVENTS} events` }),
});
export type AnalyticsBatchRequest = z.infer<typeof analyticsBatchRequestSchema>;

/** GET /mapviewer/api/analytics/summary?since=YYYY-MM-DD */
export const analyticsSummaryQuerySchema = z.strictObject({
  since: z.iso.date({ error: 'since must be a date like 2024-04-21' }).optional(),
  timestamp: timestampParamSchema,
});
export type AnalyticsSummaryQuery = z.infer<typeof analyticsSummaryQuerySchema>;

export const analyticsSummaryResponseSchema = z.object({
  /** First day (UTC, YYYY-MM-DD) counted in `totals`; null when nothing is counted yet. */
  since: z.string().nullable(),
  /** Highest count first. `id` is null for events sent without one. */
  totals: z.array(z.object({ name: z.string(), id: z.string().nullable(), count: z.number().int().nonnegative() })),
});
export type AnalyticsSummaryResponse = z.infer<typeof analyticsSummaryResponseSchema>;

export const analyticsBatchEndpoint = defineEndpoint({
  id: 'postAnalytics',
  method: 'POST',
  path: '/mapviewer/api/analytics',
  tag: 'Analytics',
  summary: 'Counts usage events (feature::on, search::submit, ...); keeps counts per name, id and day only',
  description: 'Only a count per event name, id and day is kept; free text such as `content` is validated and never stored.',
  body: analyticsBatchRequestSchema,
  bodyLimit: 64 * 1024,
  example: { body: { events: [{ name: 'temperature::on', id: 'temperature', at: '2026-11-21T08:00:00+08:00' }] } },
  response: { status: 204, contentType: 'application/json', description: 'Counted' },
});

export const analyticsSummaryEndpoint = defineEndpoint({
  id: 'getAnalyticsSummary',
  method: 'GET',
  path: '/mapviewer/api/analytics/summary',
  tag: 'Analytics',
  summary: 'Totals per event name and id since a day',
  description: 'Without `since`, every day counted so far; with `since` (YYYY-MM-DD), from that day on.',
  query: analyticsSummaryQuerySchema,
  example: { query: { since: '2026-11-01' } },
  response: { contentType: 'application/json', description: 'Highest count first', schema: analyticsSummaryResponseSchema },
});
