/**
 * Get started (SPEC §2 "get started", §6 keys, §9 limits): how to obtain a key, the base address of this
 * server, how a call carries the key (built from the real contracts), the service limits and the answers.
 */
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { downloadApiQueryEndpoint, FIRST_KEY_PERIOD } from '../../../core/contracts/download';
import { terrainLayerEndpoint } from '../../../core/contracts/terrain';
import { useLocalisedPath } from '../../components/useLocalisedPath';
import { ApiArea } from './ApiArea';
import { API_SERVICE_LIMITS, apiBaseUrl, curlCommand, exampleRequestWithKey, keyedEndpoints } from './apiDocs';

/** What the examples write where the reader's own key goes. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

export default function ApiGetStartedPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { to } = useLocalisedPath();
  const origin = window.location.origin;
  const keyed = keyedEndpoints();
  const downloadExample = exampleRequestWithKey(downloadApiQueryEndpoint, KEY_PLACEHOLDER);
  const bandwidth = (gigabytes: number) => intl.formatNumber(gigabytes, { style: 'unit', unit: 'gigabyte-per-second' });

  return (
    <ApiArea current="get-started" title={t('apiPages.nav.get-started')} intro={<p className="api-lead">{t('apiPages.start.intro')}</p>}>
      <section aria-labelledby="start-key">
        <h2 id="start-key">{t('apiPages.start.key.title')}</h2>
        <p>{t('apiPages.start.key.text', { first: FIRST_KEY_PERIOD })}</p>
        <p>
          <Link className="button button--primary" to={to('/api/apply-key')}>
            {t('apiPages.nav.apply-key')}
          </Link>
        </p>
      </section>

      <section aria-labelledby="start-base">
        <h2 id="start-base">{t('apiPages.start.base.title')}</h2>
        <p>{t('apiPages.start.base.text')}</p>
        <pre className="api-code">
          <code>{apiBaseUrl(origin)}</code>
        </pre>
      </section>

      <section aria-labelledby="start-call">
        <h2 id="start-call">{t('apiPages.start.call.title')}</h2>
        <p>{t('apiPages.start.call.text', { placeholder: KEY_PLACEHOLDER })}</p>
        <ul className="api-list">
          {keyed.map((endpoint) => (
            <li key={endpoint.id}>
              <code>
                {endpoint.method} {endpoint.path}
              </code>
            </li>
          ))}
        </ul>
        {downloadExample ? (
          <pre className="api-code">
            <code>{curlCommand(`${origin}${downloadExample}`, { output: 'sheet.zip' })}</code>
          </pre>
        ) : null}
        <p>{t('apiPages.start.call.open')}</p>
        <pre className="api-code">
          <code>{curlCommand(`${origin}${terrainLayerEndpoint.path}`)}</code>
        </pre>
        <p className="note">{t('apiPages.start.call.timestamp')}</p>
      </section>

      <section aria-labelledby="start-limits">
        <h2 id="start-limits">{t('apiPages.start.limits.title')}</h2>
        <div className="api-table-scroll">
          <table className="api-table">
            <thead>
              <tr>
                <th scope="col">{t('apiPages.start.limits.service')}</th>
                <th scope="col">{t('apiPages.start.limits.bandwidth')}</th>
                <th scope="col">{t('apiPages.start.limits.users')}</th>
              </tr>
            </thead>
            <tbody>
              {API_SERVICE_LIMITS.map((limit) => (
                <tr key={limit.service}>
                  <th scope="row">{t(`apiPages.start.limits.${limit.service}`)}</th>
                  <td>{bandwidth(limit.bandwidthGigabytesPerSecond)}</td>
                  <td>{intl.formatNumber(limit.concurrentUsers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{t('apiPages.start.limits.note')}</p>
      </section>

      <section aria-labelledby="start-answers">
        <h2 id="start-answers">{t('apiPages.start.answers.title')}</h2>
        <ul className="api-list">
          <li>
            <code>400</code> {t('apiPages.start.answers.400')}
          </li>
          <li>
            <code>401</code> {t('apiPages.start.answers.401')}
          </li>
          <li>
            <code>404</code> {t('apiPages.start.answers.404')}
          </li>
        </ul>
        <p>{t('apiPages.start.answers.body')}</p>
      </section>
    </ApiArea>
  );
}
