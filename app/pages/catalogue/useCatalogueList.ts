import { useCallback, useEffect, useRef, useState } from 'react';
import { catalogueListResponseSchema, type CatalogueListResponse } from '../../../core/contracts/catalogue';
import type { Language } from '../../../core/contracts/common';
import { createHttpClient } from '../../../core/http';
import { catalogueListUrl, type CatalogueView } from './catalogueQuery';

export type CatalogueListState =
  | { status: 'loading'; previous: CatalogueListResponse | null }
  | { status: 'ready'; data: CatalogueListResponse }
  | { status: 'error'; previous: CatalogueListResponse | null };

/**
 * Loads the catalogue list for a view. Race-safe: each new view aborts the request before it, and an answer
 * is applied only if it belongs to the latest request, so a slow old answer (even from a fetch that ignores
 * the abort) never replaces a newer one. While a new answer is on its way the last results stay available
 * as `previous`, so the list does not blink empty between keystrokes.
 */
export function useCatalogueList(view: CatalogueView, language: Language) {
  const [state, setState] = useState<CatalogueListState>({ status: 'loading', previous: null });
  const [attempt, setAttempt] = useState(0);
  const latestRequest = useRef(0);
  const lastData = useRef<CatalogueListResponse | null>(null);
  const url = catalogueListUrl(view, language);

  useEffect(() => {
    const request = ++latestRequest.current;
    const controller = new AbortController();
    const client = createHttpClient();
    setState({ status: 'loading', previous: lastData.current });
    client.json(url, catalogueListResponseSchema, { signal: controller.signal }).then(
      (data) => {
        if (request !== latestRequest.current) return;
        lastData.current = data;
        setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (request !== latestRequest.current || controller.signal.aborted) return;
        console.warn('Catalogue list failed:', error);
        setState({ status: 'error', previous: lastData.current });
      },
    );
    return () => controller.abort();
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
