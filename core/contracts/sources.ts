import { z } from 'zod';
import { localisedTextSchema } from './common';

export const DATA_TERMS = [
  'DATA.GOV.HK terms of use',
  'ODbL 1.0 © OpenStreetMap contributors',
  'Public domain (NASA/USGS)',
] as const;
export const dataTermsSchema = z.enum(DATA_TERMS);

/** One entry of data/sources.json: a dataset the app shows, for the about dialog's data-source table. */
export const dataSourceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: localisedTextSchema,
  provider: localisedTextSchema,
  terms: dataTermsSchema,
  /** True when the records are generated stand-ins, not real data. */
  sample: z.boolean(),
  /** Paths relative to data/. */
  files: z.array(z.string()).min(1),
});
export type DataSource = z.infer<typeof dataSourceSchema>;

export const dataSourcesSchema = z.array(dataSourceSchema);
export type DataSources = z.infer<typeof dataSourcesSchema>;
