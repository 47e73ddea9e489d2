/**
 * Every message bundle under locales/<lang>/<namespace>.json, bundled eagerly (they are small) and merged
 * per language. Bundles are flat `{ "namespace.key": "ICU text" }` objects; nested objects are flattened
 * with dots so either style works.
 */
import { LANGUAGES, type Language } from '../../core/plugin/types';

export type MessageTable = Record<string, string>;

const bundles = import.meta.glob<{ default: unknown }>('../../locales/*/*.json', { eager: true });

/** Flattens `{a: {b: 'x'}}` to `{'a.b': 'x'}`; strings pass through; other values are dropped. */
export function flattenMessages(value: unknown, prefix = '', into: MessageTable = {}): MessageTable {
  if (typeof value === 'string') {
    if (prefix) into[prefix] = value;
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (key === '$schema') continue;
      flattenMessages(child, prefix ? `${prefix}.${key}` : key, into);
    }
  }
  return into;
}

/** Splits a glob key `../../locales/zh-HK/app.json` into its language and namespace. */
export function parseBundlePath(path: string): { language: string; namespace: string } | null {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { language: match[1], namespace: match[2] } : null;
}

/** Merges bundles keyed by file path into one table per language. */
export function mergeBundles(files: Record<string, unknown>): Record<Language, MessageTable> {
  const merged = Object.fromEntries(LANGUAGES.map((language) => [language, {} as MessageTable])) as Record<
    Language,
    MessageTable
  >;
  for (const [path, module] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const parsed = parseBundlePath(path);
    if (!parsed || !(parsed.language in merged)) continue;
    const content = module && typeof module === 'object' && 'default' in module ? (module as { default: unknown }).default : module;
    Object.assign(merged[parsed.language as Language], flattenMessages(content));
  }
  return merged;
}

/** The merged tables of the bundled locales. */
export const MESSAGES: Record<Language, MessageTable> = mergeBundles(bundles);
