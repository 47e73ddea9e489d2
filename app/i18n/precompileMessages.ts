/**
 * Build-time half of app/i18n/precompiledMessagesParser.ts (a Vite plugin for `vite build`, in vite.config.ts):
 * every message of locales/<lang>/<namespace>.json that has ICU syntax is replaced by its ICU AST, parsed here with
 * formatjs's parser exactly as react-intl would parse it in the browser; plain texts stay strings. The production
 * bundle then aliases the parser package to the small stand-in, which only turns plain text into a literal.
 * Development and the unit tests keep the real parser and the JSON as written.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { ICU_SYNTAX } from './precompiledMessagesParser';

/** The repository's locales/ folder as Vite writes module ids (absolute, forward slashes). */
const LOCALES_FOLDER = `${resolve(import.meta.dirname, '../../locales').split('\\').join('/')}/`;

/** Whether a module id is a bundle of locales/<lang>/ (and not, say, a package's own locale file). */
function isLocaleBundle(id: string): boolean {
  return id.startsWith(LOCALES_FOLDER) && /^[^/]+\/[^/]+\.json$/.test(id.slice(LOCALES_FOLDER.length));
}

/** The bundle with each message that has ICU syntax replaced by its AST (nested objects kept, `$schema` untouched). */
export function precompileBundle(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (key === '$schema' || !ICU_SYNTAX.test(value)) return value;
    try {
      return parse(value);
    } catch (error) {
      throw new Error(`message "${key}" is not valid ICU: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([childKey, child]) => [childKey, precompileBundle(child, childKey)]));
  }
  return value;
}

export function precompileMessages(): Plugin {
  return {
    name: 'precompile-messages',
    apply: 'build',
    // Before Vite's JSON plugin turns the file into a module.
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: resolve(import.meta.dirname, 'precompiledMessagesParser.ts'),
          },
        ],
      },
    }),
    transform(code, id) {
      if (!isLocaleBundle(id)) return null;
      let bundle: unknown;
      try {
        bundle = precompileBundle(JSON.parse(code));
      } catch (error) {
        this.error(`${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return { code: JSON.stringify(bundle), map: null };
    },
  };
}
