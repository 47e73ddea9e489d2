import type { FastifyInstance } from 'fastify';
import { siteConfigEndpoint } from '../../core/contracts/siteConfig';
import { registerEndpoint } from '../http/endpoint';
import type { SiteSettings } from '../siteSettings';

/** GET /mapviewer/api/config: the site's public settings (server/siteSettings.ts). */
export async function siteConfigRoutes(app: FastifyInstance, options: { settings: SiteSettings }): Promise<void> {
  registerEndpoint(app, siteConfigEndpoint, (_input, _request, reply) => {
    // Settings change only with a restart; a short cache spares a call on every page.
    reply.header('Cache-Control', 'public, max-age=300');
    return { contact: options.settings.contact };
  });
}
