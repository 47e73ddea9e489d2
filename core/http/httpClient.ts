/** The HttpClient plugins get: JSON over fetch, parsed with zod, errors naming the URL and the problem. */
import type { z } from 'zod';
import type { HttpClient } from '../plugin/types';

/** A failed request: network failure, non-2xx status, invalid JSON, or a body that does not match its schema. */
export class HttpError extends Error {
  readonly url: string;
  /** HTTP status, or undefined when no response arrived. */
  readonly status: number | undefined;
  readonly problem: string;
  constructor(url: string, problem: string, status?: number, options?: { cause?: unknown }) {
    super(`${url}: ${status === undefined ? '' : `HTTP ${status}: `}${problem}`, options);
    this.name = 'HttpError';
    this.url = url;
    this.status = status;
    this.problem = problem;
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export function createHttpClient(fetchImpl: FetchLike = (input, init) => fetch(input, init)): HttpClient {
  return {
    async json<T>(url: string, schema: z.ZodType<T>, init?: RequestInit): Promise<T> {
      let response: Response;
      try {
        const headers = new Headers(init?.headers);
        if (!headers.has('accept')) headers.set('accept', 'application/json');
        if (init?.body !== undefined && typeof init.body === 'string' && !headers.has('content-type')) {
          headers.set('content-type', 'application/json');
        }
        response = await fetchImpl(url, { ...init, headers });
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') throw error;
        throw new HttpError(url, `network error: ${error instanceof Error ? error.message : String(error)}`, undefined, { cause: error });
      }
      if (!response.ok) {
        throw new HttpError(url, response.statusText || 'request failed', response.status);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        throw new HttpError(url, 'response is not valid JSON', response.status, { cause: error });
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
        throw new HttpError(url, `unexpected response: ${where}${first?.message ?? 'invalid'}`, response.status, { cause: parsed.error });
      }
      return parsed.data;
    },
  };
}
