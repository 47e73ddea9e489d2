/**
 * The "ISO 19139 metadata" tab: fetches the record's XML, parses it in the browser (DOMParser) and shows it
 * as labelled sections in the page's language (./isoView.ts), with the XML to download and to read raw.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Language } from '../../../../core/plugin/types';
import { fetchIsoXml, isoXmlUrl } from '../metadataApi';
import { formatIsoDate } from '../format';
import { buildIsoView, IsoParseError, parseIsoXml, type CodeList, type IsoField, type IsoValue } from './isoView';

type ParsedXml = { ok: true; root: Element } | { ok: false; error: IsoParseError };
type XmlState = { status: 'loading' } | { status: 'loaded'; xml: string } | { status: 'failed'; problem: string };

/** The translated label of a code-list value; a value outside the known lists is shown as written. */
export function codeLabel(intl: IntlShape, list: CodeList, code: string): string {
  const id = `metadata.code.${list}.${code}`;
  return Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.formatMessage({ id }) : code;
}

export function IsoMetadataPanel({ metadataId }: { metadataId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [state, setState] = useState<XmlState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [rawOpen, setRawOpen] = useState(false);
  const rawId = useId();

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchIsoXml(metadataId, controller.signal).then(
      (xml) => !controller.signal.aborted && setState({ status: 'loaded', xml }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'failed', problem: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [metadataId, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  const xml = state.status === 'loaded' ? state.xml : null;
  const parsed = useMemo((): ParsedXml | null => {
    if (xml === null) return null;
    try {
      return { ok: true, root: parseIsoXml(xml) };
    } catch (error) {
      if (error instanceof IsoParseError) return { ok: false, error };
      throw error;
    }
  }, [xml]);
  const language = intl.locale as Language;
  const sections = useMemo(() => (parsed?.ok ? buildIsoView(parsed.root, language) : []), [parsed, language]);

  return (
    <div className="iso">
      <div className="iso__actions">
        <a className="button button--primary" href={isoXmlUrl(metadataId, true)} download={`${metadataId}.xml`}>
          {t('metadata.iso.downloadXml')}
        </a>
        <button type="button" className="button" aria-expanded={rawOpen} aria-controls={rawId} disabled={xml === null} onClick={() => setRawOpen((open) => !open)}>
          {t(rawOpen ? 'metadata.iso.hideRaw' : 'metadata.iso.viewRaw')}
        </button>
      </div>
      <pre id={rawId} className="iso__raw" hidden={!rawOpen || xml === null} tabIndex={0} role="region" aria-label={t('metadata.iso.rawLabel')}>
        {xml}
      </pre>

      {state.status === 'loading' ? (
        <p className="metadata-message" role="status">
          {t('metadata.iso.loading')}
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <div className="metadata-message metadata-message--error" role="alert">
          <p>{t('metadata.iso.failed')}</p>
          <p className="metadata-code">{state.problem}</p>
          <button type="button" className="button" onClick={retry}>
            {t('metadata.action.retry')}
          </button>
        </div>
      ) : null}
      {parsed && !parsed.ok ? (
        <div className="metadata-message metadata-message--error" role="alert">
          <p>{t(parsed.error.reason === 'not-xml' ? 'metadata.iso.invalidXml' : 'metadata.iso.notIso')}</p>
          <p className="metadata-code">{parsed.error.message}</p>
        </div>
      ) : null}

      {sections.map((section) => (
        <section key={section.id} className="iso__section" aria-labelledby={`${rawId}-${section.id}`}>
          <h2 id={`${rawId}-${section.id}`} className="iso__heading">
            {t(`metadata.iso.section.${section.id}`)}
          </h2>
          {section.groups.map((group, index) => (
            <dl key={index} className="metadata-facts iso__group">
              {group.map((field) => (
                <IsoFieldRow key={field.id} field={field} />
              ))}
            </dl>
          ))}
        </section>
      ))}
    </div>
  );
}

function IsoFieldRow({ field }: { field: IsoField }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: `metadata.iso.field.${field.id}` });
  const values = field.values.map((value, index) => <IsoValueText key={index} value={value} />);
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {values.length === 1 ? (
          values[0]
        ) : (
          <ul className={field.id === 'keyword' || field.id === 'topicCategory' ? 'iso__chips' : 'iso__values'}>
            {values.map((value, index) => (
              <li key={index}>{value}</li>
            ))}
          </ul>
        )}
      </dd>
    </>
  );
}

function IsoValueText({ value }: { value: IsoValue }) {
  const intl = useIntl();
  switch (value.kind) {
    case 'text':
      return <span className="iso__text">{value.text}</span>;
    case 'code':
      return <span data-code={value.code}>{codeLabel(intl, value.list, value.code)}</span>;
    case 'date':
      return (
        <span>
          {value.dateType
            ? intl.formatMessage({ id: 'metadata.iso.datedAs' }, { date: formatIsoDate(intl, value.date), type: codeLabel(intl, 'dateType', value.dateType) })
            : formatIsoDate(intl, value.date)}
        </span>
      );
    case 'format':
      return <span>{value.version ? intl.formatMessage({ id: 'metadata.iso.formatVersion' }, { name: value.name, version: value.version }) : value.name}</span>;
    case 'email':
      return <a href={`mailto:${value.address}`}>{value.address}</a>;
    case 'link':
      return (
        <a className="metadata-code" href={value.url}>
          {value.url}
        </a>
      );
    case 'ongoing':
      return <span>{intl.formatMessage({ id: 'metadata.iso.ongoing' })}</span>;
  }
}
