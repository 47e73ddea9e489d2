/**
 * One operation of an API document as a disclosure: the header (method, path, summary) is a button with
 * aria-expanded; the panel holds the description, parameters, request body, responses and "try it out".
 */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ExplorerOperation } from './openApiModel';
import { ReferenceText } from '../ReferenceText';
import { SchemaFacts, SchemaView } from './SchemaView';
import { TryItOut } from './TryItOut';

function Parameters({ operation }: { operation: ExplorerOperation }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (operation.parameters.length === 0) return <p>{t('explorer.operation.noParameters')}</p>;
  return (
    <ul className="explorer-parameters">
      {operation.parameters.map((parameter) => (
        <li key={`${parameter.in}-${parameter.name}`} className="explorer-parameter">
          <div className="explorer-parameter__head">
            <code className="explorer-parameter__name">{parameter.name}</code>
            <span className="badge">{t(`explorer.parameter.in.${parameter.in}`)}</span>
            <span className={parameter.required ? 'explorer-schema__required' : 'explorer-parameter__optional'}>
              {t(parameter.required ? 'explorer.parameter.required' : 'explorer.parameter.optional')}
            </span>
            <span className="explorer-schema__type">{parameterType(parameter.schema)}</span>
          </div>
          {parameter.description && (
            <p className="explorer-schema__description">
              <ReferenceText text={parameter.description} />
            </p>
          )}
          <SchemaFacts schema={parameter.schema} />
          {parameter.example !== undefined && (
            <p className="explorer-parameter__example">
              {t('explorer.parameter.example')} <code>{parameter.example}</code>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function parameterType(schema: Record<string, unknown>): string {
  return typeof schema.type === 'string' ? schema.type : Array.isArray(schema.enum) || schema.const !== undefined ? 'string' : 'any';
}

function Details({ operation }: { operation: ExplorerOperation }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      {operation.description && (
        <p className="explorer-operation__description">
          <ReferenceText text={operation.description} />
        </p>
      )}
      <h4>{t('explorer.operation.parameters')}</h4>
      <Parameters operation={operation} />
      {operation.requestBody && (
        <>
          <h4>{t('explorer.operation.requestBody')}</h4>
          <p>
            <code>{operation.requestBody.contentType}</code>
          </p>
          <SchemaView schema={operation.requestBody.schema} />
          {operation.requestBody.example !== undefined && (
            <>
              <p className="explorer-label">{t('explorer.operation.example')}</p>
              <pre className="explorer-code" tabIndex={0}>
                {JSON.stringify(operation.requestBody.example, null, 2)}
              </pre>
            </>
          )}
        </>
      )}
      <h4>{t('explorer.operation.responses')}</h4>
      <ul className="explorer-responses">
        {operation.responses.map((response) => (
          <li key={response.status} className="explorer-response">
            <p className="explorer-response__head">
              <strong className={response.status.startsWith('2') ? 'explorer-status--ok' : 'explorer-status--error'}>{response.status}</strong> <ReferenceText text={response.description} />
              {response.contentType && (
                <>
                  {' '}
                  <code>{response.contentType}</code>
                </>
              )}
            </p>
            {response.schema && (
              <details className="explorer-response__schema">
                <summary>{t('explorer.operation.schema')}</summary>
                <SchemaView schema={response.schema} />
              </details>
            )}
          </li>
        ))}
      </ul>
      <TryItOut operation={operation} />
    </>
  );
}

export function OperationPanel({ operation }: { operation: ExplorerOperation }) {
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted (hidden when closed), so a try-it-out result survives closing it.
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  return (
    <li className={`explorer-operation explorer-operation--${operation.method.toLowerCase()}`} data-operation-id={operation.id}>
      <h3 className="explorer-operation__heading">
        <button type="button" className="explorer-operation__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => {
            setOpen((value) => !value);
            setOpened(true);
          }}
        >
          <span className="explorer-method">{operation.method}</span>
          <code className="explorer-operation__path">{operation.path}</code>
          <span className="explorer-operation__summary">
            <ReferenceText text={operation.summary} />
          </span>
        </button>
      </h3>
      <div id={panelId} className="explorer-operation__panel" hidden={!open}>
        {(open || opened) && <Details operation={operation} />}
      </div>
    </li>
  );
}
