/**
 * The data-service contracts (core/contracts) are written in English; the API pages and the explorer show their
 * summaries, descriptions and tag names in the reader's language through one table per language, keyed by the
 * English text (the list of texts is core/contracts/documentTexts.ts, and a test keeps each table complete).
 * A table is its own chunk, loaded when a page first needs it.
 */
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { languageSchema, type Language } from '../../../core/contracts/common';

export type ContractTextTable = Readonly<Record<string, string>>;

const TABLE_LOADERS: Partial<Record<Language, () => Promise<{ default: ContractTextTable }>>> = {
  'zh-HK': () => import('./zh-HK'),
  'zh-CN': () => import('./zh-CN'),
};

const loadedTables = new Map<Language, ContractTextTable>();

/** Loads the table of `language` (en-US has none: the contracts are its text). */
export async function loadContractTexts(language: Language): Promise<ContractTextTable | undefined> {
  const loader = TABLE_LOADERS[language];
  if (!loader) return undefined;
  const cached = loadedTables.get(language);
  if (cached) return cached;
  const table = (await loader()).default;
  loadedTables.set(language, table);
  return table;
}

export interface ContractText {
  /** The text in the page's language; the English text while the table loads or if it failed to load. */
  text: (english: string) => string;
  /** `failed`: the page's table could not be loaded, so the texts stay in English. */
  status: 'ready' | 'loading' | 'failed';
}

export function useContractText(): ContractText {
  const language = languageSchema.catch('en-US').parse(useIntl().locale);
  const needsTable = TABLE_LOADERS[language] !== undefined;
  const [arrived, setArrived] = useState<{ language: Language; table: ContractTextTable | null } | null>(null);
  // `null` from a failed load: the English texts stay.
  const table = arrived?.language === language ? arrived.table : loadedTables.get(language);

  useEffect(() => {
    if (!needsTable || loadedTables.has(language)) return;
    let current = true;
    loadContractTexts(language).then(
      (loaded) => {
        if (current && loaded) setArrived({ language, table: loaded });
      },
      () => {
        if (current) setArrived({ language, table: null });
      },
    );
    return () => {
      current = false;
    };
  }, [language, needsTable]);

  const text = useCallback((english: string) => table?.[english] ?? english, [table]);
  return { text, status: !needsTable || table ? 'ready' : table === null ? 'failed' : 'loading' };
}
