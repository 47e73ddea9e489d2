/**
 * Feature message bundles (SPEC §7: GET /mapviewer/api/domain/gm): messages of a feature the viewer merges into
 * each locale's translations when that feature is enabled (the care team feature, flag map.careteam.enabled).
 * Isomorphic.
 */
import { z } from 'zod';
import { timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

/** A message id of the care team feature, e.g. `careTeam.telephone`. */
export const careTeamMessageIdSchema = z.string().regex(/^careTeam(\.[a-z][A-Za-z0-9]*)+$/);

/** Message id -> ICU message text. */
export const messageBundleSchema = z.record(careTeamMessageIdSchema, z.string().min(1));
export type MessageBundle = z.infer<typeof messageBundleSchema>;

/** One bundle per portal language, each with the same ids. */
export const localeMessageBundlesSchema = z.object({
  'en-US': messageBundleSchema,
  'zh-HK': messageBundleSchema,
  'zh-CN': messageBundleSchema,
});
export type LocaleMessageBundles = z.infer<typeof localeMessageBundlesSchema>;

/** GET /mapviewer/api/domain/gm */
export const careTeamMessagesEndpoint = defineEndpoint({
  id: 'getCareTeamMessages',
  method: 'GET',
  path: '/mapviewer/api/domain/gm',
  tag: 'Feature messages',
  summary: 'Message bundles of the care team feature, keyed by locale (en-US, zh-HK, zh-CN)',
  description: 'Each locale maps the same message ids to ICU message texts; the viewer merges them into that locale.',
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/json', description: 'Messages per locale', schema: localeMessageBundlesSchema },
});
