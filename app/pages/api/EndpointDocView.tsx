import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { EndpointContract } from '../../../core/contracts/endpoint';
import { curlCommand, describeEndpoint, type ParameterDoc } from './apiDocs';
import { ReferenceText } from './ReferenceText';

/** Enumerations longer than this are folded into a disclosure (the MTR station codes are 97). */
const LONG_VALUE_LIST = 12;

/** The accepted values of a parameter in words: its enumeration, pattern and length, as the contract states them. */
function ParameterRule({ parameter }: { parameter: ParameterDoc }) {
  const intl = useIntl();
  const rules: string[] = [];
  const longList = parameter.values !== undefined && parameter.values.length > LONG_VALUE_LIST;
  if (parameter.values && !longList) rules.push(intl.formatMessage({ id: 'apiPages.param.oneOf' }, { values: parameter.values.join(', ') }));
  if (parameter.pattern) rules.push(intl.formatMessage({ id: 'apiPages.param.pattern' }, { pattern: parameter.pattern }));
  if (parameter.maxLength !== undefined) rules.push(intl.formatMessage({ id: 'apiPages.param.maxLength' }, { max: parameter.maxLength }));
  return (
    <>
      <code>{parameter.type}</code>
      {longList ? (
        <details className="api-param__rule">
          <summary>{intl.formatMessage({ id: 'apiPages.param.oneOfMany' }, { count: parameter.values!.length })}</summary>
          {parameter.values!.join(', ')}
        </details>
      ) : null}
      {rules.map((rule) => (
        <span key={rule} className="api-param__rule">
          {rule}
        </span>
      ))}
      {parameter.description ? (
        <span className="api-param__rule">
          <ReferenceText text={parameter.description} />
        </span>
      ) : null}
    </>
  );
}

/**
 * One call of the data service, described from its contract: method and path, summary, parameters, an
 * example request against this server and the documented answers.
 */
export function EndpointDocView({ endpoint, origin }: { endpoint: EndpointContract; origin: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const doc = describeEndpoint(endpoint);
  const headingId = useId();
  const exampleUrl = doc.exampleRequest === null ? null : `${origin}${doc.exampleRequest}`;
  return (
    <section className="api-endpoint" aria-labelledby={headingId} data-endpoint-id={doc.id}>
      <h2 id={headingId} className="api-endpoint__title">
        <span className="api-endpoint__method">{doc.method}</span> <code>{doc.path}</code>
      </h2>
      <p className="api-endpoint__summary">
        <ReferenceText text={doc.summary} />
      </p>
      {doc.description ? (
        <p className="note">
          <ReferenceText text={doc.description} />
        </p>
      ) : null}

      <h3>{t('apiPages.endpoint.parameters')}</h3>
      {doc.parameters.length === 0 ? (
        <p>{t('apiPages.endpoint.noParameters')}</p>
      ) : (
        <div className="api-table-scroll">
          <table className="api-table api-table--stack">
            <thead>
              <tr>
                <th scope="col">{t('apiPages.endpoint.name')}</th>
                <th scope="col">{t('apiPages.endpoint.in')}</th>
                <th scope="col">{t('apiPages.endpoint.required')}</th>
                <th scope="col">{t('apiPages.endpoint.accepts')}</th>
                <th scope="col">{t('apiPages.endpoint.example')}</th>
              </tr>
            </thead>
            <tbody>
              {doc.parameters.map((parameter) => (
                <tr key={`${parameter.location}:${parameter.name}`}>
                  <th scope="row">
                    <code>{parameter.name}</code>
                  </th>
                  <td data-label={t('apiPages.endpoint.cellLabel', { label: t('apiPages.endpoint.in') })}>{t(`apiPages.endpoint.location.${parameter.location}`)}</td>
                  <td data-label={t('apiPages.endpoint.cellLabel', { label: t('apiPages.endpoint.required') })}>{t(parameter.required ? 'apiPages.endpoint.yes' : 'apiPages.endpoint.no')}</td>
                  <td data-label={t('apiPages.endpoint.cellLabel', { label: t('apiPages.endpoint.accepts') })}>
                    <ParameterRule parameter={parameter} />
                  </td>
                  <td data-label={t('apiPages.endpoint.cellLabel', { label: t('apiPages.endpoint.example') })}>{parameter.example !== undefined ? <code>{parameter.example}</code> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {exampleUrl !== null ? (
        <>
          <h3>{t('apiPages.endpoint.exampleRequest')}</h3>
          <pre className="api-code">
            <code>{doc.method === 'GET' ? curlCommand(exampleUrl) : `curl -X ${doc.method} -H 'content-type: application/json' -d '${JSON.stringify(doc.exampleBody)}' '${exampleUrl}'`}</code>
          </pre>
        </>
      ) : null}

      <h3>{t('apiPages.endpoint.responses')}</h3>
      <ul className="api-endpoint__responses">
        {doc.responses.map((response) => (
          <li key={response.status}>
            <code>{response.status}</code> <ReferenceText text={response.description} />
            {response.contentType ? (
              <>
                {' '}
                <span className="note">({response.contentType})</span>
              </>
            ) : null}
          </li>
        ))}
        <li>
          <code>400</code> {t('apiPages.endpoint.badRequest')}
        </li>
      </ul>
    </section>
  );
}
