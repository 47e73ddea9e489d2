import { useCallback, useState } from 'react';

/** `copied` / `failed`: what the last copy did, for a status line next to the Copy button. */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A Copy button's state: `copy` writes text to the clipboard and records whether it worked (the clipboard can
 * refuse, e.g. without permission); `reset` clears the status when the text to copy has changed.
 */
export function useCopyToClipboard(): { state: CopyState; copy(text: string): Promise<void>; reset(): void } {
  const [state, setState] = useState<CopyState>('idle');
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }, []);
  const reset = useCallback(() => setState('idle'), []);
  return { state, copy, reset };
}
