/**
 * The frame every page of the API area shares: the page heading and intro, and a navigation list of the
 * area's pages (the current one marked), so each page reaches every other.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { API_DOCUMENTS, type ApiDocumentId } from '../../../core/contracts/apiDocuments';
import { useLocalisedPath } from '../../components/useLocalisedPath';
import { API_DOC_PAGES } from '../../routes/routeTable';
import './api-pages.css';

/** Pages of the API area in navigation order, with their paths; message ids are `apiPages.nav.<id>`. */
export const API_AREA_PAGES = [
  { id: 'landing', path: '/api' },
  { id: 'get-started', path: '/api/get-started' },
  { id: 'apply-key', path: '/api/apply-key' },
  ...API_DOC_PAGES.map((page) => ({ id: page, path: `/api/${page}` })),
  { id: 'download-api', path: '/download-api' },
  { id: 'explorer', path: '/api/swaggerui?api=f2_api' },
] as const;
export type ApiAreaPage = (typeof API_AREA_PAGES)[number]['id'];

/** Address of the API explorer showing one API document. */
export function explorerPath(documentId: string): string {
  return `/api/swaggerui?api=${encodeURIComponent(documentId)}`;
}

/** "Try it in the API explorer" buttons, one per explorer document holding a page's calls; nothing when none does. */
export function ExplorerLinks({ documents }: { documents: readonly ApiDocumentId[] }) {
  const intl = useIntl();
  const { to, language } = useLocalisedPath();
  if (documents.length === 0) return null;
  return (
    <ul className="api-try">
      {documents.map((documentId) => (
        <li key={documentId}>
          <Link className="button button--primary" to={to(explorerPath(documentId))}>
            {intl.formatMessage({ id: 'apiPages.doc.tryIt' }, { document: API_DOCUMENTS[documentId].title[language] })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export interface ApiAreaProps {
  current: ApiAreaPage;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function ApiArea({ current, title, intro, children }: ApiAreaProps) {
  const intl = useIntl();
  const { to } = useLocalisedPath();
  return (
    <div className="page">
      <div className="api-area">
        <nav className="api-area__nav" aria-label={intl.formatMessage({ id: 'apiPages.nav.label' })}>
          <ul>
            {API_AREA_PAGES.map((page) => (
              <li key={page.id}>
                <Link to={to(page.path)} aria-current={page.id === current ? 'page' : undefined}>
                  {intl.formatMessage({ id: `apiPages.nav.${page.id}` })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="api-area__content" data-api-page={current}>
          <h1>{title}</h1>
          {intro}
          {children}
        </article>
      </div>
    </div>
  );
}
