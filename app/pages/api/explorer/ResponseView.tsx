/**
 * The outcome of one "try it out" call: request URL, curl command, status, the content headers and the body
 * (pretty JSON, text cut at TEXT_PREVIEW_CHARS with "show all", an image, or a binary's size and a download
 * link). A failed request (no answer) is shown instead of the status.
 */
import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { TEXT_PREVIEW_CHARS, type ExecutedResponse, type ResponseBody } from './responseBody';

export type CallOutcome =
  | { kind: 'response'; requestUrl: string; curl: string; response: ExecutedResponse }
  | { kind: 'network-error'; requestUrl: string; curl: string; message: string };

/** A byte count in the language's own unit words, e.g. "1.2 MB" / "1.2 MB" / "1.2 MB" (decimal units). */
export function formatSize(intl: IntlShape, bytes: number): string {
  const [value, unit] = bytes >= 1e6 ? [bytes / 1e6, 'megabyte'] : bytes >= 1e3 ? [bytes / 1e3, 'kilobyte'] : [bytes, 'byte'];
  return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}

/** An object URL for a blob, revoked when the blob changes or the view goes away. */
function useObjectUrl(blob: Blob): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

function LongText({ text }: { text: string }) {
  const intl = useIntl();
  const [showAll, setShowAll] = useState(false);
  const cut = !showAll && text.length > TEXT_PREVIEW_CHARS;
  return (
    <>
      <pre className="explorer-code explorer-code--body" tabIndex={0}>
        {cut ? text.slice(0, TEXT_PREVIEW_CHARS) : text}
      </pre>
      {cut && (
        <p className="explorer-result__truncated">
          {intl.formatMessage({ id: 'explorer.result.truncated' }, { shown: TEXT_PREVIEW_CHARS, count: text.length })}{' '}
          <button type="button" className="link-button" onClick={() => setShowAll(true)}>
            {intl.formatMessage({ id: 'explorer.result.showAll' }, { count: text.length })}
          </button>
        </p>
      )}
    </>
  );
}

function ImageBody({ blob, requestUrl }: { blob: Blob; requestUrl: string }) {
  const intl = useIntl();
  const url = useObjectUrl(blob);
  return (
    <figure className="explorer-result__image">
      {url && <img src={url} alt={intl.formatMessage({ id: 'explorer.result.imageAlt' }, { url: requestUrl })} />}
      <figcaption>{formatSize(intl, blob.size)}</figcaption>
    </figure>
  );
}

function BinaryBody({ blob, fileName }: { blob: Blob; fileName: string }) {
  const intl = useIntl();
  const url = useObjectUrl(blob);
  return (
    <p className="explorer-result__binary">
      <span data-testid="explorer-binary-size">
        {intl.formatMessage({ id: 'explorer.result.binary' }, { size: formatSize(intl, blob.size), bytes: blob.size, type: blob.type || 'application/octet-stream' })}
      </span>{' '}
      {url && (
        <a className="button" href={url} download={fileName}>
          {intl.formatMessage({ id: 'explorer.result.download' }, { fileName })}
        </a>
      )}
    </p>
  );
}

function Body({ body, requestUrl }: { body: ResponseBody; requestUrl: string }) {
  const intl = useIntl();
  switch (body.kind) {
    case 'empty':
      return <p>{intl.formatMessage({ id: 'explorer.result.empty' })}</p>;
    case 'json':
    case 'text':
      return <LongText text={body.text} />;
    case 'image':
      return <ImageBody blob={body.blob} requestUrl={requestUrl} />;
    case 'binary':
      return <BinaryBody blob={body.blob} fileName={body.fileName} />;
  }
}

export function ResponseView({ outcome, origin }: { outcome: CallOutcome; origin: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const notSent = t('explorer.result.headerAbsent');
  return (
    <section className="explorer-result" aria-label={t('explorer.result.heading')}>
      <h5>{t('explorer.result.requestUrl')}</h5>
      <pre className="explorer-code" tabIndex={0}>
        {origin + outcome.requestUrl}
      </pre>
      <h5>{t('explorer.result.curl')}</h5>
      <pre className="explorer-code" tabIndex={0}>
        {outcome.curl}
      </pre>
      {outcome.kind === 'network-error' ? (
        <p className="explorer-result__error" role="alert">
          {t('explorer.result.networkError', { message: outcome.message })}
        </p>
      ) : (
        <>
          <h5>{t('explorer.result.status')}</h5>
          <p className={`explorer-status ${outcome.response.ok ? 'explorer-status--ok' : 'explorer-status--error'}`} role="status" data-testid="explorer-status">
            <strong>{outcome.response.status}</strong> {outcome.response.statusText}
          </p>
          {!outcome.response.ok && (
            <p className="explorer-result__error" role="alert">
              {outcome.response.errorMessage
                ? t('explorer.result.httpErrorMessage', { status: outcome.response.status, message: outcome.response.errorMessage })
                : t('explorer.result.httpError', { status: outcome.response.status })}
            </p>
          )}
          <h5>{t('explorer.result.headers')}</h5>
          <dl className="explorer-headers">
            <dt>content-type</dt>
            <dd>{outcome.response.contentType ?? notSent}</dd>
            <dt>content-length</dt>
            <dd>{outcome.response.contentLength ?? notSent}</dd>
          </dl>
          <h5>{t('explorer.result.body')}</h5>
          <Body body={outcome.response.body} requestUrl={outcome.requestUrl} />
        </>
      )}
    </section>
  );
}
