/**
 * Message tables loaded on demand, per language and per part. The first part (the app's shell: what the first
 * render needs) is loaded with every language asked for; later parts (e.g. the plugins' namespaces) are added
 * with {@link MessageLoader.addPart} when what shows them is about to start, and from then on load with every
 * language too. The app gives one dynamic import per language and part, so each is a chunk of its own and the
 * entry carries none. en-US is the fallback merged under every language (see {@link createI18nService}), so it
 * is loaded together with whichever language is asked for.
 * Framework-free: React reads it through `subscribe` / `tables` (useSyncExternalStore).
 */
import type { Language } from '../plugin/types';
import { DEFAULT_LANGUAGE, emptyTables, type MessagesByLanguage, type MessageTable } from './messages';

/** One loader per language, each resolving to that language's merged table (of one part). */
export type LanguageTableLoaders = Partial<Record<Language, () => Promise<MessageTable>>>;

export interface MessageLoader {
  /**
   * Loads `language` and the en-US fallback, of every part added so far; resolves once all are in
   * {@link MessageLoader.tables}. Rejects (leaving the tables as they were) when a loader fails or no loader
   * exists; a later call tries again.
   */
  load(language: Language): Promise<void>;
  /**
   * Adds a later part (a name given to {@link createMessageLoader}) and loads it for every language loaded or
   * being loaded, so a render in those languages shows its messages. Rejects like `load`; a later call (or a
   * later `load`) tries again, since the part stays added.
   */
  addPart(part: string): Promise<void>;
  /** Whether `language` and the fallback are loaded in every part added, so a render in `language` shows no raw ids. */
  isLoaded(language: Language): boolean;
  /** The loaded tables, parts merged (an unloaded language's is empty): a new object after each load, the same one otherwise. */
  tables(): MessagesByLanguage;
  /** Called after each table that arrives; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * `first`: the loaders of the part every language loads from the start; `later`: parts by name, loaded once
 * added (see {@link MessageLoader.addPart}).
 */
export function createMessageLoader(first: LanguageTableLoaders, later: Record<string, LanguageTableLoaders> = {}): MessageLoader {
  const FIRST = '';
  const partLoaders: Record<string, LanguageTableLoaders> = { ...later, [FIRST]: first };
  /** Parts in the order they merge: the first part, then later parts as added. */
  const parts: string[] = [FIRST];
  /** Languages asked for (loaded or in flight): an added part loads for each of them. */
  const asked = new Set<Language>();
  /** `${part}\n${language}` → its table, once loaded. */
  const loaded = new Map<string, MessageTable>();
  const inFlight = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let tables = emptyTables();

  const key = (part: string, language: Language) => `${part}\n${language}`;

  const merge = () => {
    const next = emptyTables();
    for (const language of Object.keys(next) as Language[]) {
      for (const part of parts) Object.assign(next[language], loaded.get(key(part, language)));
    }
    tables = next;
  };

  const loadOne = (part: string, language: Language): Promise<void> => {
    const id = key(part, language);
    if (loaded.has(id)) return Promise.resolve();
    const pending = inFlight.get(id);
    if (pending) return pending;
    const loader = partLoaders[part]?.[language];
    const name = part === FIRST ? `the ${language} messages` : `the ${language} messages of ${part}`;
    if (!loader) return Promise.reject(new Error(`no message table for language ${language}${part === FIRST ? '' : ` in ${part}`}`));
    const loading = loader().then(
      (table) => {
        inFlight.delete(id);
        loaded.set(id, table);
        merge();
        for (const listener of [...listeners]) listener();
      },
      (error: unknown) => {
        inFlight.delete(id);
        throw new Error(`loading ${name} failed`, { cause: error });
      },
    );
    inFlight.set(id, loading);
    return loading;
  };

  const loadLanguages = async (languages: Iterable<Language>, ofParts: readonly string[]) => {
    await Promise.all([...languages].flatMap((language) => ofParts.map((part) => loadOne(part, language))));
  };

  return {
    load: async (language) => {
      asked.add(DEFAULT_LANGUAGE);
      asked.add(language);
      await loadLanguages(new Set([DEFAULT_LANGUAGE, language]), parts);
    },
    addPart: async (part) => {
      if (!Object.prototype.hasOwnProperty.call(later, part)) throw new Error(`no message part named ${part}`);
      if (!parts.includes(part)) parts.push(part);
      await loadLanguages(asked, [part]);
    },
    isLoaded: (language) => parts.every((part) => loaded.has(key(part, DEFAULT_LANGUAGE)) && loaded.has(key(part, language))),
    tables: () => tables,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
