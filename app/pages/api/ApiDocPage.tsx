/**
 * One page per API (SPEC §2 "per-API descriptions"): what the API is for, then each of its calls described
 * from the endpoint contracts (./apiDocs.ts), and links to try them in the API explorer.
 */
import { useIntl } from 'react-intl';
import type { ApiDocPage as ApiDocPageId } from '../../routes/routeTable';
import { ApiArea, ExplorerLinks } from './ApiArea';
import { explorerDocuments, pageEndpoints } from './apiDocs';
import { EndpointDocView } from './EndpointDocView';

export default function ApiDocPage({ apiPage }: { apiPage: ApiDocPageId }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const endpoints = pageEndpoints(apiPage);
  const documents = explorerDocuments(apiPage);
  return (
    <ApiArea
      current={apiPage}
      title={t(`apiPages.nav.${apiPage}`)}
      intro={
        <>
          <p className="api-lead">{t(`apiPages.doc.${apiPage}.intro`)}</p>
          <p>{t(`apiPages.doc.${apiPage}.usage`)}</p>
        </>
      }
    >
      <ExplorerLinks documents={documents} />
      <p className="note">{t('apiPages.doc.fromContracts', { count: endpoints.length })}</p>
      {endpoints.length === 0 ? <p>{t('apiPages.doc.noCalls')}</p> : null}
      {endpoints.map((endpoint) => (
        <EndpointDocView key={endpoint.id} endpoint={endpoint} origin={window.location.origin} />
      ))}
    </ApiArea>
  );
}
