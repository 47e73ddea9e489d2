/**
 * The API explorer (/api/swaggerui?api=…, SPEC §2): one of the four API documents
 * (core/contracts/apiDocuments.ts), loaded from the server's OpenAPI document for it, with its operations
 * grouped by tag and a "try it out" form for each. Without `api` the page lists the four documents; an
 * unknown value says so and lists them as links. Built here rather than with swagger-ui so that it speaks
 * the portal's three languages and works with the keyboard.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { API_DOCUMENT_IDS, API_DOCUMENTS, resolveApiDocumentId, type ApiDocumentId } from '../../../../core/contracts/apiDocuments';
import { API_BASE_PATH, languageSchema, type Language } from '../../../../core/contracts/common';
import { useLocalisedPath } from '../../../components/useLocalisedPath';
import { useContractText } from '../../../i18n/contractTexts';
import { ReferenceText } from '../ReferenceText';
import { OperationPanel } from './OperationPanel';
import { readOpenApiDocument, type ExplorerDocument } from './openApiModel';
import './explorer.css';

/** The query parameter that picks the document (SPEC §2). */
export const API_PARAM = 'api';

export function openApiDocumentUrl(api: ApiDocumentId): string {
  return `${API_BASE_PATH}/openapi.json?${API_PARAM}=${api}`;
}

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; document: ExplorerDocument };

function useApiDocument(api: ApiDocumentId): [Load, () => void] {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetch(openApiDocumentUrl(api), { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
        return readOpenApiDocument(await response.json());
      })
      .then(
        (document) => setLoad({ state: 'loaded', document }),
        (error: unknown) => {
          if (!controller.signal.aborted) setLoad({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
        },
      );
    return () => controller.abort();
  }, [api, attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return [load, retry];
}

function DocumentList({ language }: { language: Language }) {
  const { to } = useLocalisedPath();
  return (
    <ul className="explorer-documents">
      {API_DOCUMENT_IDS.map((id) => (
        <li key={id} className="explorer-documents__item">
          <Link to={to(`/api/swaggerui?${API_PARAM}=${id}`)}>{API_DOCUMENTS[id].title[language]}</Link>
          <code>{API_PARAM}={id}</code>
          <p>{API_DOCUMENTS[id].description[language]}</p>
        </li>
      ))}
    </ul>
  );
}

function DocumentPicker({ api, onPick }: { api: ApiDocumentId | undefined; onPick: (api: ApiDocumentId) => void }) {
  const intl = useIntl();
  const language = languageSchema.catch('en-US').parse(intl.locale);
  const id = useId();
  return (
    <div className="explorer-picker">
      <label htmlFor={id}>{intl.formatMessage({ id: 'explorer.picker.label' })}</label>
      <select id={id} value={api ?? ''} onChange={(event) => onPick(event.target.value as ApiDocumentId)}>
        {!api && <option value="">{intl.formatMessage({ id: 'explorer.picker.choose' })}</option>}
        {API_DOCUMENT_IDS.map((value) => (
          <option key={value} value={value}>
            {API_DOCUMENTS[value].title[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

function TagGroup({ name, document }: { name: string; document: ExplorerDocument }) {
  const intl = useIntl();
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const operations = document.tags.find((tag) => tag.name === name)?.operations ?? [];
  return (
    <section className="explorer-tag">
      <h2 className="explorer-tag__heading">
        <button type="button" className="explorer-tag__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
          <span>
            <ReferenceText text={name} />
          </span>
          <span className="explorer-tag__count">{intl.formatMessage({ id: 'explorer.operations' }, { count: operations.length })}</span>
        </button>
      </h2>
      <ul id={panelId} className="explorer-operations" hidden={!open}>
        {operations.map((operation) => (
          <OperationPanel key={operation.id} operation={operation} />
        ))}
      </ul>
    </section>
  );
}

function DocumentView({ api, language }: { api: ApiDocumentId; language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [load, retry] = useApiDocument(api);
  const textsFailed = useContractText().status === 'failed';
  const definition = API_DOCUMENTS[api];
  return (
    <>
      <header className="explorer-document" data-api={api}>
        <h1>{definition.title[language]}</h1>
        <p className="explorer-document__description">{definition.description[language]}</p>
        <p className="explorer-document__meta">
          {load.state === 'loaded' && load.document.version && <span>{t('explorer.version', { version: load.document.version })}</span>}
          <a href={openApiDocumentUrl(api)}>{t('explorer.openApiLink')}</a>
        </p>
        {textsFailed && <p className="explorer-document__language note">{t('explorer.englishReference')}</p>}
      </header>
      {load.state === 'loading' && (
        <p className="explorer-state" role="status">
          {t('explorer.loading')}
        </p>
      )}
      {load.state === 'failed' && (
        <div className="explorer-state explorer-state--error" role="alert">
          <p>{t('explorer.loadError', { message: load.message })}</p>
          <button type="button" className="button" onClick={retry}>
            {t('explorer.retry')}
          </button>
        </div>
      )}
      {load.state === 'loaded' && load.document.tags.map((tag) => <TagGroup key={tag.name} name={tag.name} document={load.document} />)}
    </>
  );
}

export default function SwaggerPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const language = languageSchema.catch('en-US').parse(intl.locale);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(API_PARAM);
  const api = requested === null ? undefined : resolveApiDocumentId(requested);

  // Picking a document replaces `api` and keeps every other parameter (the language `l` among them).
  const pick = useCallback(
    (value: ApiDocumentId) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set(API_PARAM, value);
        return next;
      }),
    [setSearchParams],
  );

  return (
    <div className="page">
      <article className="explorer">
        <nav className="explorer-bar" aria-label={t('explorer.title')}>
          <p className="explorer-bar__title">{t('explorer.title')}</p>
          <DocumentPicker api={api} onPick={pick} />
        </nav>
        {api ? (
          <DocumentView key={api} api={api} language={language} />
        ) : requested === null ? (
          <>
            <h1>{t('explorer.title')}</h1>
            <p className="explorer-document__description">{t('explorer.intro')}</p>
            <DocumentList language={language} />
          </>
        ) : (
          <>
            <h1>{t('explorer.unknown.title')}</h1>
            <p className="explorer-state explorer-state--error" role="alert">
              {t('explorer.unknown.message', { api: requested, values: API_DOCUMENT_IDS.join(', ') })}
            </p>
            <DocumentList language={language} />
          </>
        )}
      </article>
    </div>
  );
}
