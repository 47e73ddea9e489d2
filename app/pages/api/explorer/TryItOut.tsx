/**
 * The "try it out" form of one operation: an input per parameter (a select for enumerations, one value per
 * line for repeated ones), the JSON body, client-side checks with messages naming the field, and Execute,
 * which calls the running server (same origin) and shows the outcome.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { useLocalisedPath } from '../../../components/useLocalisedPath';
import { allowedValues, type ExplorerOperation, type ExplorerParameter } from './openApiModel';
import { readResponse } from './responseBody';
import { ResponseView, type CallOutcome } from './ResponseView';
import { BODY_FIELD, DEVELOPMENT_EXAMPLE_KEY, buildRequest, curlCommand, initialBody, initialValues, isRepeated, validateForm, type FormValues, type ValidationIssue } from './tryItOut';

/** A validation issue as a sentence naming the field. */
export function formatIssue(intl: IntlShape, issue: ValidationIssue): string {
  const { field, kind } = issue;
  switch (issue.kind) {
    case 'enum':
      return intl.formatMessage({ id: 'explorer.validation.enum' }, { field, values: issue.values.join(', ') });
    case 'pattern':
      return intl.formatMessage({ id: 'explorer.validation.pattern' }, { field, pattern: issue.pattern });
    case 'minimum':
    case 'maximum':
    case 'minLength':
    case 'maxLength':
      return intl.formatMessage({ id: `explorer.validation.${kind}` }, { field, limit: issue.limit });
    case 'json':
      return intl.formatMessage({ id: 'explorer.validation.json' }, { field, detail: issue.detail });
    default:
      return intl.formatMessage({ id: `explorer.validation.${kind}` }, { field });
  }
}

function ParameterInput({
  parameter,
  value,
  inputId,
  errorId,
  invalid,
  onChange,
}: {
  parameter: ExplorerParameter;
  value: string;
  inputId: string;
  errorId: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  const common = {
    id: inputId,
    name: parameter.name,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    'aria-required': parameter.required || undefined,
  };
  const options = allowedValues(parameter.schema);
  if (options) {
    return (
      <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
        {!parameter.required && <option value="">{intl.formatMessage({ id: 'explorer.try.notSent' })}</option>}
        {parameter.required && !options.includes(value) && <option value="">{intl.formatMessage({ id: 'explorer.try.choose' })}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  if (isRepeated(parameter)) {
    return <textarea {...common} rows={3} value={value} onChange={(event) => onChange(event.target.value)} />;
  }
  return <input {...common} type="text" spellCheck={false} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />;
}

export function TryItOut({ operation, origin = window.location.origin }: { operation: ExplorerOperation; origin?: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { to } = useLocalisedPath();
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(operation));
  const [bodyText, setBodyText] = useState(() => initialBody(operation));
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<CallOutcome>();
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const fieldId = (name: string) => `${formId}-${name}`;
  const errorId = (name: string) => `${formId}-${name}-error`;
  const issuesOf = (name: string) => issues.filter((issue) => issue.field === name);

  async function execute(event: FormEvent) {
    event.preventDefault();
    const found = validateForm(operation, values, bodyText);
    setIssues(found);
    if (found.length > 0) {
      // Focus the first field to correct, so keyboard and screen-reader users land on it.
      document.getElementById(fieldId(found[0].field))?.focus();
      return;
    }
    const request = buildRequest(operation, values, bodyText);
    const curl = curlCommand(request, origin);
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setRunning(true);
    try {
      const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: controller.signal });
      const executed = await readResponse(response, request.url);
      if (!controller.signal.aborted) setOutcome({ kind: 'response', requestUrl: request.url, curl, response: executed });
    } catch (error) {
      if (!controller.signal.aborted) setOutcome({ kind: 'network-error', requestUrl: request.url, curl, message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setRunning(false);
      }
    }
  }

  function reset() {
    setValues(initialValues(operation));
    setBodyText(initialBody(operation));
    setIssues([]);
  }

  return (
    <div className="explorer-try">
      <h4>{t('explorer.try.heading')}</h4>
      <form className="explorer-try__form" onSubmit={execute} noValidate aria-label={t('explorer.try.formLabel', { operation: `${operation.method} ${operation.path}` })}>
        {issues.length > 0 && (
          <div className="explorer-try__summary" role="alert">
            <p>{t('explorer.validation.summary', { count: issues.length })}</p>
            <ul>
              {issues.map((issue, index) => (
                <li key={index}>{formatIssue(intl, issue)}</li>
              ))}
            </ul>
          </div>
        )}
        {operation.parameters.map((parameter) => {
          const fieldIssues = issuesOf(parameter.name);
          return (
            <div key={`${parameter.in}-${parameter.name}`} className="explorer-try__field">
              <label htmlFor={fieldId(parameter.name)}>
                <code>{parameter.name}</code>
                <span className="explorer-try__where">
                  {t(`explorer.parameter.in.${parameter.in}`)}
                  {parameter.required ? ` · ${t('explorer.parameter.required')}` : ''}
                </span>
              </label>
              <ParameterInput
                parameter={parameter}
                value={values[parameter.name] ?? ''}
                inputId={fieldId(parameter.name)}
                errorId={errorId(parameter.name)}
                invalid={fieldIssues.length > 0}
                onChange={(value) => setValues((current) => ({ ...current, [parameter.name]: value }))}
              />
              {isRepeated(parameter) && <p className="explorer-try__hint">{t('explorer.try.repeatedHint')}</p>}
              {parameter.name === operation.apiKeyParameter && (
                <p className="explorer-try__hint note" data-testid="explorer-key-note">
                  {t('explorer.try.keyNote', { key: DEVELOPMENT_EXAMPLE_KEY })} <Link to={to('/api/apply-key')}>{t('explorer.try.applyKey')}</Link>
                </p>
              )}
              {fieldIssues.length > 0 && (
                <p id={errorId(parameter.name)} className="explorer-try__error">
                  {fieldIssues.map((issue) => formatIssue(intl, issue)).join(' ')}
                </p>
              )}
            </div>
          );
        })}
        {operation.requestBody && (
          <div className="explorer-try__field">
            <label htmlFor={fieldId(BODY_FIELD)}>{t('explorer.try.body', { contentType: operation.requestBody.contentType })}</label>
            <textarea
              id={fieldId(BODY_FIELD)}
              className="explorer-try__body"
              rows={Math.min(16, Math.max(4, bodyText.split('\n').length))}
              spellCheck={false}
              value={bodyText}
              aria-invalid={issuesOf(BODY_FIELD).length > 0 || undefined}
              aria-describedby={issuesOf(BODY_FIELD).length > 0 ? errorId(BODY_FIELD) : undefined}
              onChange={(event) => setBodyText(event.target.value)}
            />
            {issuesOf(BODY_FIELD).length > 0 && (
              <p id={errorId(BODY_FIELD)} className="explorer-try__error">
                {issuesOf(BODY_FIELD)
                  .map((issue) => formatIssue(intl, issue))
                  .join(' ')}
              </p>
            )}
          </div>
        )}
        {operation.parameters.length === 0 && !operation.requestBody && <p>{t('explorer.try.noInput')}</p>}
        <div className="explorer-try__actions">
          <button type="submit" className="button button--primary" disabled={running} aria-busy={running || undefined}>
            {running ? t('explorer.try.running') : t('explorer.try.execute')}
          </button>
          <button type="button" className="button" onClick={reset}>
            {t('explorer.try.reset')}
          </button>
        </div>
      </form>
      {outcome && <ResponseView outcome={outcome} origin={origin} />}
    </div>
  );
}
