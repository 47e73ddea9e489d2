/**
 * Shared building blocks of the data-service contracts. Isomorphic: no DOM, no Cesium, no Node APIs,
 * so the server validates with them and the client types its fetches with them.
 */
import { z } from 'zod';

/** The three languages of the portal (SPEC §9); en-US is the default. */
export const LANGUAGES = ['en-US', 'zh-HK', 'zh-CN'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** A text in each of the three languages. */
export const localisedTextSchema = z.object({
  'en-US': z.string(),
  'zh-HK': z.string(),
  'zh-CN': z.string(),
});
export type LocalisedText = z.infer<typeof localisedTextSchema>;

/**
 * The cache-busting `timestamp` query parameter every layer fetch appends (SPEC §7). Accepted and ignored.
 * Bounded so a huge value cannot be used to fill logs.
 */
export const timestampParamSchema = z.string().max(64).optional();

/** The query of a call that takes nothing but the timestamp: any other parameter is a 400 naming it. */
export const timestampOnlyQuerySchema = z.strictObject({ timestamp: timestampParamSchema });

/** Path prefix of every data-service call. */
export const API_BASE_PATH = '/mapviewer/api';
