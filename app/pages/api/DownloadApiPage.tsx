/**
 * The download API documentation (SPEC §5: shown only after ticking 'I have read and agreed to the Terms and
 * Conditions of Use'; §7 download API). The agreement is remembered for the browser session and can be
 * withdrawn by unticking, which hides the documentation again.
 */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { DOWNLOAD_API_FORMATS } from '../../../core/contracts/catalogue';
import { downloadApiPathEndpoint, downloadApiQueryEndpoint } from '../../../core/contracts/download';
import { useShellStore } from '../../state/shellStore';
import { ApiArea, ExplorerLinks } from './ApiArea';
import { API_SERVICE_LIMITS, apiBaseUrl, curlCommand, exampleRequest, explorerDocuments, pageEndpoints } from './apiDocs';
import { EndpointDocView } from './EndpointDocView';

/** sessionStorage key of the agreement ('1' when agreed). */
export const DOWNLOAD_API_AGREEMENT_KEY = 'hk3dmap.downloadApiTermsAgreed';

/** The example key of the contracts: the development server accepts it; no other environment does. */
export const DEVELOPMENT_EXAMPLE_KEY = new URLSearchParams(downloadApiQueryEndpoint.example.query).get('key') ?? '';

/** The answers of the download API, in the order the page explains them. */
const DOWNLOAD_API_STATUSES = [200, 206, 304, 400, 401, 404, 416] as const;

function readAgreement(): boolean {
  try {
    return window.sessionStorage.getItem(DOWNLOAD_API_AGREEMENT_KEY) === '1';
  } catch {
    return false;
  }
}

function storeAgreement(agreed: boolean): void {
  try {
    if (agreed) window.sessionStorage.setItem(DOWNLOAD_API_AGREEMENT_KEY, '1');
    else window.sessionStorage.removeItem(DOWNLOAD_API_AGREEMENT_KEY);
  } catch {
    // Storage refused (private mode): the agreement lasts as long as the page.
  }
}

export default function DownloadApiPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const openAbout = useShellStore((state) => state.openAbout);
  const [agreed, setAgreed] = useState(readAgreement);
  const checkboxId = useId();
  const origin = window.location.origin;

  const onAgreementChange = (checked: boolean) => {
    setAgreed(checked);
    storeAgreement(checked);
  };

  return (
    <ApiArea current="download-api" title={t('apiPages.nav.download-api')} intro={<p className="api-lead">{t('apiPages.download.intro')}</p>}>
      <section className="api-gate" aria-labelledby={`${checkboxId}-terms`}>
        <h2 id={`${checkboxId}-terms`}>{t('apiPages.download.terms.title')}</h2>
        <p>{t('app.about.terms.p3')}</p>
        <p>{t('app.about.terms.p4')}</p>
        <p>{t('app.about.terms.p5')}</p>
        <p>
          <button type="button" className="link-button" onClick={() => openAbout('terms')}>
            {t('apiPages.download.terms.full')}
          </button>
        </p>
        <label className="api-gate__agree" htmlFor={checkboxId}>
          <input id={checkboxId} type="checkbox" checked={agreed} onChange={(event) => onAgreementChange(event.target.checked)} />
          {t('apiPages.download.terms.agree')}
        </label>
        <p className="note" role="status">
          {agreed ? t('apiPages.download.terms.agreedNote') : t('apiPages.download.terms.gateNote')}
        </p>
      </section>

      {agreed ? <DownloadApiDocumentation origin={origin} /> : null}
    </ApiArea>
  );
}

/** What the gate hides: the two forms of the call, its parameters, answers, resuming, limits and the contracts. */
function DownloadApiDocumentation({ origin: base }: { origin: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const headingId = useId();
  const limits = API_SERVICE_LIMITS.find((limit) => limit.service === 'download')!;
  const queryExample = `${base}${exampleRequest(downloadApiQueryEndpoint)}`;
  const pathExample = `${base}${exampleRequest(downloadApiPathEndpoint)}`;
  const sheet = downloadApiQueryEndpoint.example.query.tile_sheet_num;
  return (
    <div className="api-download-docs" data-testid="download-api-docs">
      <section aria-labelledby={`${headingId}-forms`}>
        <h2 id={`${headingId}-forms`}>{t('apiPages.download.forms.title')}</h2>
        <p>{intl.formatMessage({ id: 'apiPages.download.forms.text' }, { base: <code key="base">{apiBaseUrl(base)}</code> })}</p>
        <pre className="api-code">
          <code>{`GET ${downloadApiQueryEndpoint.path}?format={format}&tile_sheet_num={sheet}&key={key}\nGET ${downloadApiPathEndpoint.path.replace('{file}', '{sheet}.zip')}?key={key}`}</code>
        </pre>
        <dl className="api-definitions">
          <dt>
            <code>format</code>
          </dt>
          <dd>{t('apiPages.download.param.format', { formats: DOWNLOAD_API_FORMATS.join(', ') })}</dd>
          <dt>
            <code>tile_sheet_num</code>
          </dt>
          <dd>{t('apiPages.download.param.sheet', { sheet })}</dd>
          <dt>
            <code>key</code>
          </dt>
          <dd>{t('apiPages.download.param.key')}</dd>
        </dl>
        <p className="api-warning">{intl.formatMessage({ id: 'apiPages.download.exampleKey' }, { key: <code key="key">{DEVELOPMENT_EXAMPLE_KEY}</code> })}</p>
      </section>

      <section aria-labelledby={`${headingId}-statuses`}>
        <h2 id={`${headingId}-statuses`}>{t('apiPages.download.statuses.title')}</h2>
        <div className="api-table-scroll">
          <table className="api-table">
            <thead>
              <tr>
                <th scope="col">{t('apiPages.download.statuses.status')}</th>
                <th scope="col">{t('apiPages.download.statuses.meaning')}</th>
              </tr>
            </thead>
            <tbody>
              {DOWNLOAD_API_STATUSES.map((status) => (
                <tr key={status}>
                  <th scope="row">
                    <code>{t(`apiPages.download.status.${status}.name`)}</code>
                  </th>
                  <td>{t(`apiPages.download.status.${status}.text`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby={`${headingId}-resume`}>
        <h2 id={`${headingId}-resume`}>{t('apiPages.download.resume.title')}</h2>
        <p>{t('apiPages.download.resume.text')}</p>
        <pre className="api-code">
          <code>{curlCommand(queryExample, { output: `${sheet}.zip`, resume: true })}</code>
        </pre>
        <p>{t('apiPages.download.resume.range')}</p>
        <pre className="api-code">
          <code>{`curl --fail -H 'Range: bytes=0-1048575' -o ${sheet}.part1 '${pathExample}'`}</code>
        </pre>
      </section>

      <section aria-labelledby={`${headingId}-limits`}>
        <h2 id={`${headingId}-limits`}>{t('apiPages.download.limits.title')}</h2>
        <p>
          {t('apiPages.download.limits.text', {
            bandwidth: intl.formatNumber(limits.bandwidthGigabytesPerSecond, { style: 'unit', unit: 'gigabyte-per-second' }),
            users: intl.formatNumber(limits.concurrentUsers),
          })}
        </p>
      </section>

      <ExplorerLinks documents={explorerDocuments('download-api')} />

      {pageEndpoints('download-api').map((endpoint) => (
        <EndpointDocView key={endpoint.id} endpoint={endpoint} origin={base} />
      ))}
    </div>
  );
}
