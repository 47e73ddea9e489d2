import type { FastifyInstance } from 'fastify';
import { careTeamsEndpoint } from '../../core/contracts/careTeams';
import { filterCareTeams, loadCareTeams } from '../data/careTeams';
import { registerEndpoint } from '../http/endpoint';

/** The sample teams change only with the data files. */
const CARE_TEAMS_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /mapviewer/api/careteams: the care teams (generated samples, one per sub-district), all of them or those of
 * a district or matching a text. Built once at start-up; a bad census file stops the server with its name.
 */
export async function careTeamRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const teams = loadCareTeams(options.dataDir);
  const everyTeam = JSON.stringify(teams);
  registerEndpoint(app, careTeamsEndpoint, ({ query }, _request, reply) => {
    reply.header('cache-control', CARE_TEAMS_CACHE_CONTROL).type('application/geo+json; charset=utf-8');
    if (!query.district && !query.q) return reply.send(everyTeam);
    return reply.send(filterCareTeams(teams, query));
  });
}
