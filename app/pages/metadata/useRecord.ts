import { useCallback, useEffect, useState } from 'react';
import type { CatalogueRecordResponse } from '../../../core/contracts/catalogue';
import { fetchRecord } from './metadataApi';

export type RecordState =
  | { status: 'loading' }
  | { status: 'found'; record: CatalogueRecordResponse }
  | { status: 'not-found' }
  | { status: 'failed'; problem: string };

/** Loads the record of `metadataId`; `retry` loads it again after a failure. A newer id cancels an older load. */
export function useRecord(metadataId: string): { state: RecordState; retry(): void } {
  const [state, setState] = useState<RecordState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchRecord(metadataId, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) setState(result.kind === 'found' ? { status: 'found', record: result.record } : { status: 'not-found' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', problem: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [metadataId, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
