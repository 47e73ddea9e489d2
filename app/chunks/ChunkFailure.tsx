/**
 * The chunk-failure message (SPEC §8 ChunkLoadError, "CSS chunk load failed"; §7 the 120 s timeout): what failed,
 * a Retry button that loads it again, and a reload as the last resort. Its texts (locales/<lang>/chunk.json) are
 * bundled with this module rather than read from the lazily loaded language tables, so the message can be shown
 * even when the language table itself is the chunk that failed.
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isLanguage } from '../../core/i18n';
import { SCRIPT_CHUNK_TIMEOUT_MS, type ChunkFailureKind } from '../../core/chunks/chunkLoading';
import enUS from '../../locales/en-US/chunk.json';
import zhHK from '../../locales/zh-HK/chunk.json';
import zhCN from '../../locales/zh-CN/chunk.json';
import './chunk-failure.css';

/** The chunk-failure texts of each language, bundled with the entry. */
export const CHUNK_MESSAGES: Record<'en-US' | 'zh-HK' | 'zh-CN', Record<string, string>> = { 'en-US': enUS, 'zh-HK': zhHK, 'zh-CN': zhCN };

export interface ChunkFailureProps {
  kind: ChunkFailureKind;
  /** `page` fills its area; `inline` is a compact card. */
  variant?: 'page' | 'inline';
  /** Loads the failed part again; may return a promise (the button says "Retrying…" until it settles). */
  onRetry(): void | Promise<unknown>;
}

export function ChunkFailure({ kind, variant = 'page', onRetry }: ChunkFailureProps) {
  const intl = useIntl();
  const language = isLanguage(intl.locale) ? intl.locale : 'en-US';
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id, defaultMessage: CHUNK_MESSAGES[language][id] ?? CHUNK_MESSAGES['en-US'][id] }, values);
  const [retrying, setRetrying] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const retry = () => {
    if (retrying) return;
    const result = onRetry();
    if (result && typeof (result as Promise<unknown>).finally === 'function') {
      setRetrying(true);
      void (result as Promise<unknown>).finally(() => {
        if (mounted.current) setRetrying(false);
      });
    }
  };
  return (
    <div className={`chunk-failure chunk-failure--${variant}`} role="alert" data-testid="chunk-failure" data-kind={kind}>
      <p className="chunk-failure__title">{text('chunk.failed.title')}</p>
      <p className="chunk-failure__message">{text(`chunk.failed.${kind}`, { seconds: SCRIPT_CHUNK_TIMEOUT_MS / 1000 })}</p>
      <div className="chunk-failure__actions">
        <button type="button" className="button button--primary" onClick={retry} aria-disabled={retrying}>
          {text(retrying ? 'chunk.retrying' : 'chunk.retry')}
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {text('chunk.reload')}
        </button>
      </div>
    </div>
  );
}
