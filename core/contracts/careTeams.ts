/**
 * Care teams (SPEC §1 themed function, §3 "Care team": operating organisation, telephone, fax, e-mail, messaging
 * and social channels, website, facilities, district code and name, sub-district name). No open list of the care
 * teams exists, so the data service generates one sample team per real sub-district (the 452 District Council
 * constituency areas of 2019, data/census); every record and the answer say `sample: true`. Isomorphic.
 */
import { z } from 'zod';
import { timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';
import { pointGeometrySchema } from './realtime';

/** HAD district letters (SPEC §3 district table): A to T without I and O. */
export const DISTRICT_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T'] as const;

/** Shortest and longest text the care-team search takes (SPEC §5: at least 2 characters). */
export const CARE_TEAM_QUERY_MIN_LENGTH = 2;
export const CARE_TEAM_QUERY_MAX_LENGTH = 100;

/**
 * One care team. Texts come in the three languages as `<field>_EN`, `_TC`, `_SC` (SPEC §3 property naming), so
 * the overlay popup reads them by language; `key_*` is the team's name. `facilities` lists facility ids, the
 * `facilities_*` texts the same in words. Telephone and fax numbers of sample teams start with 0000, which no
 * Hong Kong number does, and their e-mail and web addresses are on the reserved domain example.org.
 */
export const careTeamPropertiesSchema = z.object({
  id: z.string(),
  key_EN: z.string(),
  key_TC: z.string(),
  key_SC: z.string(),
  organisation_EN: z.string(),
  organisation_TC: z.string(),
  organisation_SC: z.string(),
  telephone: z.string(),
  fax: z.string(),
  email: z.string(),
  /** Messaging and social channels, e.g. `WhatsApp 0000 1234 · Facebook example.org/…`. */
  messaging: z.string(),
  website: z.string(),
  facilities: z.array(z.string()),
  facilities_EN: z.string(),
  facilities_TC: z.string(),
  facilities_SC: z.string(),
  districtCode: z.enum(DISTRICT_LETTERS),
  district_EN: z.string(),
  district_TC: z.string(),
  district_SC: z.string(),
  subDistrictCode: z.string(),
  subDistrict_EN: z.string(),
  subDistrict_TC: z.string(),
  subDistrict_SC: z.string(),
  /** True for a generated record; the popup, the drawer and the search say so. */
  sample: z.boolean(),
  /** What the record is, for the popup: for a sample, that it is generated and why. */
  note_EN: z.string(),
  note_TC: z.string(),
  note_SC: z.string(),
});
export type CareTeamProperties = z.infer<typeof careTeamPropertiesSchema>;

export const careTeamCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  /** True while any team in the answer is a generated sample. */
  sample: z.boolean(),
  features: z.array(z.object({ type: z.literal('Feature'), id: z.string(), geometry: pointGeometrySchema, properties: careTeamPropertiesSchema })),
});
export type CareTeamCollection = z.infer<typeof careTeamCollectionSchema>;
export type CareTeamFeature = CareTeamCollection['features'][number];

export const careTeamQuerySchema = z.strictObject({
  district: z
    .enum(DISTRICT_LETTERS, { error: `district must be a district letter: ${DISTRICT_LETTERS.join(', ')}` })
    .optional()
    .describe('Only the teams of this district (HAD district letter)'),
  q: z
    .string()
    .trim()
    .min(CARE_TEAM_QUERY_MIN_LENGTH, { error: `q must be at least ${CARE_TEAM_QUERY_MIN_LENGTH} characters` })
    .max(CARE_TEAM_QUERY_MAX_LENGTH, { error: `q must be at most ${CARE_TEAM_QUERY_MAX_LENGTH} characters` })
    .optional()
    .describe('Only the teams whose name, organisation, district or sub-district contains this text, in any language'),
  timestamp: timestampParamSchema,
});
export type CareTeamQuery = z.output<typeof careTeamQuerySchema>;

/** GET /mapviewer/api/careteams */
export const careTeamsEndpoint = defineEndpoint({
  id: 'getCareTeams',
  method: 'GET',
  path: '/mapviewer/api/careteams',
  tag: 'Static layers',
  summary: 'Care teams (sample records), one per sub-district, filtered by district or text',
  description:
    'No open list of the care teams exists: each record is generated for a real sub-district (the 2019 District Council constituency areas) and marked `sample: true`.',
  query: careTeamQuerySchema,
  example: { query: { district: 'E', q: 'Yau' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per team, sorted by sub-district code', schema: careTeamCollectionSchema },
});
