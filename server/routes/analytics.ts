import type { FastifyInstance } from 'fastify';
import {
  analyticsBatchEndpoint,
  analyticsSummaryEndpoint,
  type AnalyticsEvent,
  type AnalyticsSummaryResponse,
} from '../../core/contracts';
import type { Db } from '../db';
import { registerEndpoint } from '../http/endpoint';

const DAY_MS = 86_400_000;
/** An event may be counted on its own day if it is at most this old (offline batches); else on today. */
const MAX_EVENT_AGE_MS = 7 * DAY_MS;

/** The UTC day an event is counted on: its own `at`, unless the client clock is implausible. */
export function eventDay(event: AnalyticsEvent, now: number): string {
  const at = typeof event.at === 'number' ? event.at : Date.parse(event.at);
  const when = Number.isFinite(at) && at <= now + DAY_MS && at >= now - MAX_EVENT_AGE_MS ? at : now;
  return new Date(when).toISOString().slice(0, 10);
}

/**
 * POST /mapviewer/api/analytics: counts per (event name, id, UTC day), nothing else. The request's IP,
 * user agent, free text (`content`, `param`) and language are never stored or logged here.
 */
export async function analyticsRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  registerEndpoint(app, analyticsBatchEndpoint, async ({ body: batch }, _request, reply) => {
    const now = Date.now();
    const counts = new Map<string, { name: string; id: string; day: string; count: number }>();
    for (const event of batch.events) {
      const name = event.name.toLowerCase();
      const id = event.id ?? '';
      const day = eventDay(event, now);
      const key = `${name}\u0000${id}\u0000${day}`;
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { name, id, day, count: 1 });
    }
    const params: unknown[] = [];
    const values: string[] = [];
    for (const { name, id, day, count } of counts.values()) {
      const n = params.length;
      params.push(name, id, day, count);
      values.push(`($${n + 1}, $${n + 2}, $${n + 3}::date, $${n + 4})`);
    }
    await db.query(
      `INSERT INTO analytics_counts (name, item_id, day, count) VALUES ${values.join(', ')}
       ON CONFLICT (name, item_id, day) DO UPDATE SET count = analytics_counts.count + EXCLUDED.count`,
      params,
    );
    return reply.status(204).send();
  });

  registerEndpoint(app, analyticsSummaryEndpoint, async ({ query }): Promise<AnalyticsSummaryResponse> => {
    const since = query.since ?? null;
    const { rows } = await db.query<{ name: string; item_id: string; count: string | number; first_day: string }>(
      `SELECT name, item_id, sum(count)::float8 AS count, to_char(min(day), 'YYYY-MM-DD') AS first_day
       FROM analytics_counts
       WHERE ($1::date IS NULL OR day >= $1::date)
       GROUP BY name, item_id
       ORDER BY count DESC, name, item_id`,
      [since],
    );
    const firstDay = rows.reduce<string | null>((min, row) => (min === null || row.first_day < min ? row.first_day : min), null);
    return {
      since: since ?? firstDay,
      totals: rows.map((row) => ({ name: row.name, id: row.item_id === '' ? null : row.item_id, count: Number(row.count) })),
    };
  });
}
