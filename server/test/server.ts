import type { FastifyInstance } from 'fastify';
import { buildServer, type BuildServerOptions } from '../app';

/**
 * The one way server tests build a server: an in-memory embedded database unless the options say otherwise.
 * Keeping every test on this function lets the suite switch database backends in one place.
 */
export async function buildTestServer(options: Omit<BuildServerOptions, 'databasePath'> = {}): Promise<FastifyInstance> {
  return buildServer({ databasePath: ':memory:', ...options });
}
