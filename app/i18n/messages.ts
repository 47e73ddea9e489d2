/**
 * The message tables of the app, core and plugins, loaded per language on demand in two parts
 * (app/i18n/messageParts.ts): the shell's namespaces, which main.tsx loads for the address's language before the
 * first render, and the plugins' namespaces, added when the plugin host starts (app/plugins/pluginHostStart.ts).
 * Each language's part is one chunk (vite.config.ts groups the namespace files), so the entry carries no
 * messages. AppShell loads the next language (every part added) when `l` changes and keeps showing the current
 * language until it has arrived.
 */
import { createMessageLoader, isLanguage, loadMessages, parseMessagePath, type LanguageTableLoaders, type MessageTable } from '../../core/i18n';
import { LANGUAGES } from '../../core/plugin/types';
import { CHUNK_MESSAGES } from '../chunks/ChunkFailure';
import { PLUGIN_MESSAGES_PART, SHELL_NAMESPACES } from './messageParts';

// The chunk-failure texts are bundled with the entry (app/chunks/ChunkFailure.tsx); the shell's tables take them
// from there rather than import the same files a second time.
const namespaceFiles = import.meta.glob<unknown>(['../../locales/*/*.json', '!../../locales/*/chunk.json'], { import: 'default' });
const bundledFiles = Object.fromEntries(
  Object.entries(CHUNK_MESSAGES).map(([language, messages]) => [`../../locales/${language}/chunk.json`, () => Promise.resolve(messages)]),
);

/** Per language, one loader merging the namespace files `inPart` accepts; a folder that is no language fails. */
export function partLoaders(files: Record<string, () => Promise<unknown>>, inPart: (namespace: string) => boolean): LanguageTableLoaders {
  const byLanguage = new Map<string, string[]>();
  for (const path of Object.keys(files)) {
    const parsed = parseMessagePath(path);
    if (!parsed || !isLanguage(parsed.language)) throw new Error(`${path} is not in a folder named after a language`);
    if (!inPart(parsed.namespace)) continue;
    byLanguage.set(parsed.language, [...(byLanguage.get(parsed.language) ?? []), path]);
  }
  const loaders: LanguageTableLoaders = {};
  for (const language of LANGUAGES) {
    const paths = byLanguage.get(language) ?? [];
    loaders[language] = async (): Promise<MessageTable> => {
      const contents = await Promise.all(paths.map((path) => files[path]()));
      return loadMessages(Object.fromEntries(paths.map((path, index) => [path, contents[index]])))[language];
    };
  }
  return loaders;
}

export const messageTables = createMessageLoader(partLoaders({ ...bundledFiles, ...namespaceFiles }, (namespace) => SHELL_NAMESPACES.has(namespace)), {
  [PLUGIN_MESSAGES_PART]: partLoaders(namespaceFiles, (namespace) => !SHELL_NAMESPACES.has(namespace)),
});
