/**
 * Message tables loaded on demand, one table per language (the app gives one dynamic import per language, so
 * each language is a chunk of its own and the entry carries none). en-US is the fallback merged under every
 * language (see {@link createI18nService}), so it is loaded together with whichever language is asked for.
 * Framework-free: React reads it through `subscribe` / `tables` (useSyncExternalStore).
 */
import type { Language } from '../plugin/types';
import { DEFAULT_LANGUAGE, emptyTables, type MessagesByLanguage, type MessageTable } from './messages';

/** One loader per language, each resolving to that language's merged table. */
export type LanguageTableLoaders = Partial<Record<Language, () => Promise<MessageTable>>>;

export interface MessageLoader {
  /**
   * Loads `language` and the en-US fallback; resolves once both are in {@link MessageLoader.tables}. Rejects
   * (leaving the tables as they were) when a loader fails or no loader exists; a later call tries again.
   */
  load(language: Language): Promise<void>;
  /** Whether `language` and the fallback are loaded, so a render in `language` shows no raw ids. */
  isLoaded(language: Language): boolean;
  /** The loaded tables (an unloaded language's is empty): a new object after each load, the same one otherwise. */
  tables(): MessagesByLanguage;
  /** Called after each table that arrives; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function createMessageLoader(loaders: LanguageTableLoaders): MessageLoader {
  const loaded = new Set<Language>();
  const inFlight = new Map<Language, Promise<void>>();
  const listeners = new Set<() => void>();
  let tables = emptyTables();

  const loadOne = (language: Language): Promise<void> => {
    if (loaded.has(language)) return Promise.resolve();
    const pending = inFlight.get(language);
    if (pending) return pending;
    const loader = loaders[language];
    if (!loader) return Promise.reject(new Error(`no message table for language ${language}`));
    const loading = loader().then(
      (table) => {
        inFlight.delete(language);
        loaded.add(language);
        tables = { ...tables, [language]: table };
        for (const listener of [...listeners]) listener();
      },
      (error: unknown) => {
        inFlight.delete(language);
        throw new Error(`loading the ${language} messages failed`, { cause: error });
      },
    );
    inFlight.set(language, loading);
    return loading;
  };

  return {
    load: async (language) => {
      await Promise.all([loadOne(DEFAULT_LANGUAGE), loadOne(language)]);
    },
    isLoaded: (language) => loaded.has(DEFAULT_LANGUAGE) && loaded.has(language),
    tables: () => tables,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
