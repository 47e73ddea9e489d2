import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { endpointRoutePath, type EndpointContract } from '../../core/contracts/endpoint';
import { parseInput } from './errors';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a handler receives: the request's params, query and body after the contract's schemas. */
export interface EndpointInput<Endpoint extends EndpointContract> {
  params: Parsed<Endpoint['params']>;
  query: Parsed<Endpoint['query']>;
  body: Parsed<Endpoint['body']>;
}

export type EndpointHandler<Endpoint extends EndpointContract> = (
  input: EndpointInput<Endpoint>,
  request: FastifyRequest,
  reply: FastifyReply,
) => unknown;

declare module 'fastify' {
  interface FastifyInstance {
    /** Ids of the endpoint contracts registered so far (the contract-coverage test reads it). */
    registeredEndpoints: Set<string>;
  }
}

export interface RegisterEndpointOptions {
  /**
   * Answers a query the contract's schema rejects, in place of the JSON 400 (an OGC service answers an exception
   * report); it gets the schema's first issue. For contracts that declare an `errorResponse`.
   */
  onInvalidQuery?: (issue: z.core.$ZodIssue, request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * Registers one data-service call from its contract: path params, query and body are validated in that order
 * and the first problem is a 400 naming the field, before the handler runs.
 */
export function registerEndpoint<Endpoint extends EndpointContract>(
  app: FastifyInstance,
  endpoint: Endpoint,
  handler: EndpointHandler<Endpoint>,
  options: RegisterEndpointOptions = {},
): void {
  if (app.registeredEndpoints.has(endpoint.id)) throw new Error(`Endpoint '${endpoint.id}' is registered twice`);
  app.registeredEndpoints.add(endpoint.id);
  app.route({
    method: endpoint.method,
    url: endpointRoutePath(endpoint),
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    handler: async (request, reply) => {
      if (endpoint.query && options.onInvalidQuery) {
        const checked = endpoint.query.safeParse(request.query ?? {});
        if (!checked.success) return options.onInvalidQuery(checked.error.issues[0], request, reply);
      }
      const input = {
        params: endpoint.params ? parseInput(endpoint.params, request.params, 'params') : undefined,
        query: endpoint.query ? parseInput(endpoint.query, request.query, 'query') : undefined,
        body: endpoint.body ? parseInput(endpoint.body, request.body, 'body') : undefined,
      } as EndpointInput<Endpoint>;
      return handler(input, request, reply);
    },
  });
}
