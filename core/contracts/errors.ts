import { z } from 'zod';

/**
 * The body of every 4xx/5xx answer of the data service. `error` is the HTTP reason phrase
 * (e.g. "Bad Request"), `field` the offending input (e.g. `q`, `events.0.name`, `body`) when one is to blame,
 * and `message` a sentence a person can act on. Never a stack trace.
 */
export const errorBodySchema = z.object({
  error: z.string(),
  field: z.string().optional(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
