/**
 * The message tables of the app, core and plugins, loaded per language on demand: app/i18n/tables/<lang>.ts
 * merges every locales/<lang>/<namespace>.json, and each becomes a chunk of its own, so the entry carries no
 * messages. main.tsx loads the address's language before the first render; AppShell loads the next one when
 * `l` changes and keeps showing the current language until it has arrived.
 */
import { createMessageLoader, isLanguage, type LanguageTableLoaders, type MessageTable } from '../../core/i18n';

const tableModules = import.meta.glob<MessageTable>('./tables/*.ts', { import: 'messages' });

/** `./tables/zh-HK.ts` → the loader of zh-HK; a file whose name is no language is a mistake worth failing on. */
function loadersByLanguage(modules: Record<string, () => Promise<MessageTable>>): LanguageTableLoaders {
  const loaders: LanguageTableLoaders = {};
  for (const [path, load] of Object.entries(modules)) {
    const name = /([^/]+)\.ts$/.exec(path)?.[1];
    if (!isLanguage(name)) throw new Error(`app/i18n/tables/${name}.ts is not named after a language`);
    loaders[name] = load;
  }
  return loaders;
}

export const messageTables = createMessageLoader(loadersByLanguage(tableModules));
