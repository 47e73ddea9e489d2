/**
 * Apply for an API key (SPEC §6: free on request by e-mail to the provider). The form checks each field and
 * then PREPARES the e-mail: its full text, a Copy button and a mailto: link. Nothing is sent by the page.
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { API_KEY_ENVIRONMENTS } from '../../../core/contracts/download';
import { useCopyToClipboard } from '../../components/useCopyToClipboard';
import { useSiteContact } from '../../content/siteContact';
import { ApiArea } from './ApiArea';
import {
  composeKeyRequestEmail,
  EMPTY_KEY_REQUEST,
  INTENDED_USE_MAX_LENGTH,
  INTENDED_USE_MIN_LENGTH,
  KEY_REQUEST_APIS,
  KEY_REQUEST_FIELDS,
  keyPeriods,
  mailtoLink,
  NAME_MAX_LENGTH,
  ORGANISATION_MAX_LENGTH,
  quarterOf,
  validateKeyRequest,
  type KeyRequest,
  type KeyRequestApi,
  type KeyRequestErrors,
  type KeyRequestField,
} from './keyRequest';

export default function ApiApplyKeyPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const periods = useMemo(() => keyPeriods(new Date()), []);
  const [request, setRequest] = useState<KeyRequest>(() => ({ ...EMPTY_KEY_REQUEST, period: quarterOf(new Date()) }));
  const [errors, setErrors] = useState<KeyRequestErrors>({});
  const [prepared, setPrepared] = useState<{ subject: string; body: string } | null>(null);
  const clipboard = useCopyToClipboard();
  // The deployment's key-request mailbox (README "Site settings"), never a placeholder address.
  const mailbox = useSiteContact().keyRequestEmail;
  const formId = useId();
  const fieldId = (field: KeyRequestField) => `${formId}-${field}`;
  const errorId = (field: KeyRequestField) => `${formId}-${field}-error`;
  const preparedHeading = useRef<HTMLHeadingElement>(null);

  const update = <Field extends KeyRequestField>(field: Field, value: KeyRequest[Field]) => {
    setRequest((current) => ({ ...current, [field]: value }));
    // A changed request no longer matches the prepared e-mail; a fixed field loses its message.
    setPrepared(null);
    clipboard.reset();
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const toggleApi = (api: KeyRequestApi, checked: boolean) =>
    update('apis', checked ? [...request.apis, api] : request.apis.filter((chosen) => chosen !== api));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateKeyRequest(request, periods);
    setErrors(found);
    const firstInvalid = KEY_REQUEST_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      setPrepared(null);
      // A group (environment, APIs) is a fieldset: its first choice takes the focus.
      const container = document.getElementById(fieldId(firstInvalid));
      const target = container?.matches('input, select, textarea') ? container : container?.querySelector<HTMLElement>('input, select, textarea');
      target?.focus();
      return;
    }
    setPrepared(composeKeyRequestEmail(request, t));
    clipboard.reset();
    requestAnimationFrame(() => preparedHeading.current?.focus());
  };

  const copyText = async () => {
    if (!prepared) return;
    await clipboard.copy(`${t('apiPages.apply.prepared.to')}: ${mailbox}\n${t('apiPages.apply.prepared.subject')}: ${prepared.subject}\n\n${prepared.body}`);
  };

  const describedBy = (field: KeyRequestField, hint?: string) => [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: KeyRequestField) =>
    errors[field] ? (
      <p id={errorId(field)} className="api-form__error">
        {t(errors[field]!, { min: INTENDED_USE_MIN_LENGTH, max: field === 'intendedUse' ? INTENDED_USE_MAX_LENGTH : field === 'name' ? NAME_MAX_LENGTH : ORGANISATION_MAX_LENGTH })}
      </p>
    ) : null;
  const textField = (field: 'name' | 'organisation' | 'email', type: 'text' | 'email', autoComplete: string) => (
    <div className="api-form__field">
      <label htmlFor={fieldId(field)}>{t(`apiPages.apply.field.${field}`)}</label>
      <input
        id={fieldId(field)}
        type={type}
        value={request[field]}
        autoComplete={autoComplete}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(event) => update(field, event.target.value)}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <ApiArea
      current="apply-key"
      title={t('apiPages.nav.apply-key')}
      intro={
        <>
          <p className="api-lead">{t('apiPages.apply.intro')}</p>
          <p>{t('apiPages.apply.mailbox', { mailbox })}</p>
        </>
      }
    >
      <form className="api-form" noValidate onSubmit={onSubmit} aria-label={t('apiPages.apply.form')}>
        {textField('name', 'text', 'name')}
        {textField('organisation', 'text', 'organization')}
        {textField('email', 'email', 'email')}

        <fieldset
          id={fieldId('environment')}
          className="api-form__group"
          aria-invalid={errors.environment ? true : undefined}
          aria-describedby={describedBy('environment', `${formId}-environment-hint`)}
        >
          <legend>{t('apiPages.apply.field.environment')}</legend>
          <p id={`${formId}-environment-hint`} className="note">
            {t('apiPages.apply.hint.environment')}
          </p>
          {API_KEY_ENVIRONMENTS.map((environment) => (
            <label key={environment} className="api-form__choice">
              <input
                type="radio"
                name={`${formId}-environment`}
                value={environment}
                checked={request.environment === environment}
                onChange={() => update('environment', environment)}
              />
              {t(`apiPages.apply.environment.${environment}`)}
            </label>
          ))}
          {fieldError('environment')}
        </fieldset>

        <div className="api-form__field">
          <label htmlFor={fieldId('period')}>{t('apiPages.apply.field.period')}</label>
          <select
            id={fieldId('period')}
            value={request.period}
            aria-invalid={errors.period ? true : undefined}
            aria-describedby={describedBy('period', `${formId}-period-hint`)}
            onChange={(event) => update('period', event.target.value)}
          >
            <option value="">{t('apiPages.apply.choosePeriod')}</option>
            {periods.map((period) => (
              <option key={period} value={period}>
                {period}
              </option>
            ))}
          </select>
          <p id={`${formId}-period-hint`} className="note">
            {t('apiPages.apply.hint.period')}
          </p>
          {fieldError('period')}
        </div>

        <fieldset
          id={fieldId('apis')}
          className="api-form__group"
          aria-invalid={errors.apis ? true : undefined}
          aria-describedby={describedBy('apis')}
        >
          <legend>{t('apiPages.apply.field.apis')}</legend>
          {KEY_REQUEST_APIS.map((api) => (
            <label key={api} className="api-form__choice">
              <input type="checkbox" checked={request.apis.includes(api)} onChange={(event) => toggleApi(api, event.target.checked)} />
              {t(`apiPages.nav.${api}`)}
            </label>
          ))}
          {fieldError('apis')}
        </fieldset>

        <div className="api-form__field">
          <label htmlFor={fieldId('intendedUse')}>{t('apiPages.apply.field.intendedUse')}</label>
          <textarea
            id={fieldId('intendedUse')}
            rows={5}
            value={request.intendedUse}
            aria-invalid={errors.intendedUse ? true : undefined}
            aria-describedby={describedBy('intendedUse', `${formId}-use-hint`)}
            onChange={(event) => update('intendedUse', event.target.value)}
          />
          <p id={`${formId}-use-hint`} className="note">
            {t('apiPages.apply.hint.intendedUse', { min: INTENDED_USE_MIN_LENGTH, max: INTENDED_USE_MAX_LENGTH })}
          </p>
          {fieldError('intendedUse')}
        </div>

        <p>
          <button type="submit" className="button button--primary">
            {t('apiPages.apply.prepare')}
          </button>
        </p>
      </form>

      {prepared ? (
        <section className="api-prepared" aria-labelledby={`${formId}-prepared`}>
          <h2 id={`${formId}-prepared`} ref={preparedHeading} tabIndex={-1}>
            {t('apiPages.apply.prepared.title')}
          </h2>
          <p>{t('apiPages.apply.prepared.text')}</p>
          <dl className="api-prepared__header">
            <div>
              <dt>{t('apiPages.apply.prepared.to')}</dt>
              <dd>{mailbox}</dd>
            </div>
            <div>
              <dt>{t('apiPages.apply.prepared.subject')}</dt>
              <dd>{prepared.subject}</dd>
            </div>
          </dl>
          <pre className="api-code api-prepared__body" aria-label={t('apiPages.apply.prepared.body')}>
            {prepared.body}
          </pre>
          <div className="api-prepared__actions">
            <a className="button button--primary" href={mailtoLink(mailbox, prepared.subject, prepared.body)}>
              {t('apiPages.apply.prepared.open')}
            </a>
            <button type="button" className="button" onClick={copyText}>
              {t('apiPages.apply.prepared.copy')}
            </button>
            <span role="status" className="note">
              {clipboard.state === 'copied' ? t('apiPages.apply.prepared.copied') : clipboard.state === 'failed' ? t('apiPages.apply.prepared.copyFailed') : ''}
            </span>
          </div>
        </section>
      ) : null}
    </ApiArea>
  );
}
