/**
 * Message tables (non-React). Bundles live in locales/<lang>/<namespace>.json as flat
 * `{ "namespace.key": "ICU text" }` objects (nested objects are flattened with dots). The app merges one
 * language's files per part (app/i18n/messages.ts, loaded by ./messageLoader.ts); tests pass plain objects.
 */
import { LANGUAGES, type Language } from '../plugin/types';

/**
 * Message id → ICU text, as written in locales/. In the production bundle a message with ICU syntax is that text
 * already parsed into its ICU AST (app/i18n/precompileMessages.ts), which react-intl formats the same; so code hands
 * tables to react-intl (IntlProvider, createIntl) and never reads a message as text.
 */
export type MessageTable = Record<string, string>;
export type MessagesByLanguage = Record<Language, MessageTable>;

/** Default language (SPEC §9) and the query parameter that carries it (SPEC §2). */
export const DEFAULT_LANGUAGE: Language = 'en-US';
export const LANGUAGE_PARAM = 'l';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `l` from a query string (`?l=zh-HK`) or a URLSearchParams; missing or unknown → en-US. */
export function parseLanguage(search: string | URLSearchParams | null | undefined): Language {
  const params = search instanceof URLSearchParams ? search : new URLSearchParams(search ?? '');
  const value = params.get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** Flattens `{a: {b: 'x'}}` to `{'a.b': 'x'}`; skips `$schema` and leaves that are no message (a string or an AST). */
export function flattenMessages(value: unknown, prefix = '', into: MessageTable = {}): MessageTable {
  if (typeof value === 'string' || Array.isArray(value)) {
    if (prefix) into[prefix] = value as string;
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (key === '$schema') continue;
      flattenMessages(child, prefix ? `${prefix}.${key}` : key, into);
    }
  }
  return into;
}

/** `.../locales/zh-HK/navigation.json` → `{ language: 'zh-HK', namespace: 'navigation' }`. */
export function parseMessagePath(path: string): { language: string; namespace: string } | null {
  const match = /(?:^|\/)locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { language: match[1], namespace: match[2] } : null;
}

export function emptyTables(): MessagesByLanguage {
  return Object.fromEntries(LANGUAGES.map((language) => [language, {}])) as unknown as MessagesByLanguage;
}

/**
 * Merges namespace bundles keyed by path into one table per language. Files are merged in path order
 * so the result does not depend on glob order; a module's `default` export is unwrapped.
 */
export function loadMessages(files: Record<string, unknown>): MessagesByLanguage {
  const merged = emptyTables();
  for (const [path, module] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const parsed = parseMessagePath(path);
    if (!parsed || !isLanguage(parsed.language)) continue;
    const content = module && typeof module === 'object' && 'default' in module ? (module as { default: unknown }).default : module;
    Object.assign(merged[parsed.language], flattenMessages(content));
  }
  return merged;
}

/**
 * Merges a remote bundle (SPEC §7 `GET /mapviewer/api/domain/gm`: an object keyed by locale) over `base`.
 * Unknown locales and non-string values are ignored.
 */
export function mergeRemoteMessages(base: MessagesByLanguage, remote: unknown): MessagesByLanguage {
  const merged = Object.fromEntries(LANGUAGES.map((language) => [language, { ...base[language] }])) as unknown as MessagesByLanguage;
  if (!remote || typeof remote !== 'object') return merged;
  for (const [language, messages] of Object.entries(remote as Record<string, unknown>)) {
    if (isLanguage(language)) Object.assign(merged[language], flattenMessages(messages));
  }
  return merged;
}

export interface MissingKey {
  language: Language;
  key: string;
}

/** Keys present in any language but missing (or empty) in another: every message must exist in all three. */
export function findMissingKeys(byLanguage: Partial<Record<Language, MessageTable>>): MissingKey[] {
  const allKeys = new Set<string>();
  for (const language of LANGUAGES) for (const key of Object.keys(byLanguage[language] ?? {})) allKeys.add(key);
  const missing: MissingKey[] = [];
  for (const language of LANGUAGES) {
    const table = byLanguage[language] ?? {};
    for (const key of [...allKeys].sort()) {
      if (typeof table[key] !== 'string' || table[key] === '') missing.push({ language, key });
    }
  }
  return missing;
}

/** ICU argument names used by a message (`{count, plural, ...}` → `count`), for placeholder parity checks. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*(?:[,}])/g)) names.add(match[1]);
  return [...names].sort();
}

/** Messages whose placeholders differ from the en-US message with the same key. */
export function findPlaceholderMismatches(byLanguage: MessagesByLanguage): Array<MissingKey & { expected: string[]; actual: string[] }> {
  const problems: Array<MissingKey & { expected: string[]; actual: string[] }> = [];
  for (const [key, english] of Object.entries(byLanguage[DEFAULT_LANGUAGE])) {
    const expected = placeholdersOf(english);
    for (const language of LANGUAGES) {
      const message = byLanguage[language][key];
      if (language === DEFAULT_LANGUAGE || message === undefined) continue;
      const actual = placeholdersOf(message);
      if (actual.join() !== expected.join()) problems.push({ language, key, expected, actual });
    }
  }
  return problems;
}
