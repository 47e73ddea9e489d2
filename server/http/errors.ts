import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ErrorBody } from '../../core/contracts';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Longest path segment the router passes on to the contracts (Fastify's default of 100 is too short for them). */
export const MAX_PATH_SEGMENT_LENGTH = 4096;

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

/** An error whose status and body are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { error: reasonPhrase(this.statusCode), ...(this.field ? { field: this.field } : {}), message: this.message };
  }
}

/**
 * Validates request input with a contract schema; the first problem becomes a 400 naming the field
 * (`q`, `events.3.name`; `where` when the whole value is wrong, e.g. `body`).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: 'query' | 'body' | 'params'): z.output<S> {
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // An array body's items are named from the body (`body.3.1`), since a bare `3.1` names nothing a reader knows.
  const rootIsArrayIndex = where === 'body' && typeof issue.path[0] === 'number';
  const path = [...(rootIsArrayIndex ? ['body'] : []), ...issue.path.map(String)].join('.');
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys: string[] }).keys;
    throw new HttpError(400, `Unknown ${where === 'query' ? 'query parameter' : 'field'} ${keys.map((k) => `'${k}'`).join(', ')}`, [path, keys[0]].filter(Boolean).join('.'));
  }
  const missing = valueAt(value, issue.path) === undefined;
  if (missing && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    message = path ? `${path} is required` : `${where} is required`;
  } else if (path && ZOD_DEFAULT_MESSAGE.test(message)) {
    message = `${path}: ${message}`;
  }
  throw new HttpError(400, message, path || where);
}

/** zod's built-in messages ("Invalid input: ...", "Too small: ...") do not name the field; custom ones do. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Expected|Unrecognized)/;

function valueAt(value: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Installs the JSON error handler and the 404 handler for API paths. No stack traces, never a 500 for bad input. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).type('application/json').send(error.toBody());
    }
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      // A path segment too long to route is bad input like any other: name the part of the request to blame.
      return reply.status(400).send({ error: reasonPhrase(400), field: 'params', message: `A path segment is too long (at most ${MAX_PATH_SEGMENT_LENGTH} characters).` } satisfies ErrorBody);
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: reasonPhrase(status), message: 'The server could not complete the request.' } satisfies ErrorBody);
    }
    return reply.status(status).send(clientErrorBody(error, status));
  });
}

function clientErrorBody(error: FastifyError, status: number): ErrorBody {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        error: reasonPhrase(status),
        field: 'body',
        message:
          error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty; send a JSON object.'
            : 'The request body is not valid JSON.',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { error: reasonPhrase(status), field: 'body', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { error: reasonPhrase(status), field: 'content-type', message: 'Send the body as application/json.' };
    default:
      if (error.validation) return { error: reasonPhrase(status), message: error.message };
      // Fastify's own 4xx (bad URL encoding, header problems): its message is safe and short.
      return { error: reasonPhrase(status), message: error.message.slice(0, 300) };
  }
}
