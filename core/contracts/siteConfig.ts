/**
 * The site's public settings (GET /mapviewer/api/config): what a deployment configures and the app shows — the
 * contact details of About > Contact Us and the mailbox the apply-for-key page prepares its e-mail to. The server
 * reads them from its environment or a settings file (server/siteSettings.ts, README "Site settings"); without
 * either, the values below, which are the Contact Us details the site has always given. Isomorphic.
 */
import { z } from 'zod';
import { timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

/** A telephone number as people write it: digits, spaces, brackets, hyphens, an optional leading +. */
export const telephoneSchema = z.string().regex(/^\+?[0-9 ()-]{6,24}$/, 'A telephone number is 6-24 digits, spaces, brackets or hyphens, optionally after +');

export const siteContactSchema = z.strictObject({
  /** Enquiries (About > Contact Us; the contact of every catalogue record). */
  email: z.email(),
  /** Where API key requests go (the apply-for-key page's prepared e-mail). */
  keyRequestEmail: z.email(),
  /** Enquiry telephone; null: none is published. */
  telephone: telephoneSchema.nullable(),
});
export type SiteContact = z.infer<typeof siteContactSchema>;

/** The Contact Us address the site gives (Survey and Mapping Office, Lands Department); no telephone by default. */
export const DEFAULT_SITE_CONTACT: SiteContact = {
  email: '3dmap@landsd.gov.hk',
  keyRequestEmail: '3dmap@landsd.gov.hk',
  telephone: null,
};

export const siteConfigResponseSchema = z.strictObject({ contact: siteContactSchema });
export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;

export const siteConfigEndpoint = defineEndpoint({
  id: 'getSiteConfig',
  method: 'GET',
  path: '/mapviewer/api/config',
  tag: 'Service',
  summary: 'Public settings of this site: the contact e-mail and telephone, and the mailbox for API key requests',
  description: 'The contact details this site is configured with; without them, the Contact Us address the site has always given. The OpenAPI documents name the same e-mail as their contact.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/json', description: 'The settings', schema: siteConfigResponseSchema },
});
