/**
 * The About dialog (SPEC §2): about, videos, terms, disclaimer, privacy, accessibility, FAQ, contact, system
 * requirements and the data-source table. Modal, focus trapped, Escape closes, tabs operable with arrows.
 */
import { useId, useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Language } from '../../core/plugin/types';
import { FAQ_COUNT, SYSTEM_REQUIREMENT_ROWS, VIDEOS, paragraphIds } from '../content/aboutContent';
import { DATA_SOURCES, TERMS_MESSAGE_IDS } from '../content/dataSources';
import { useSiteContact } from '../content/siteContact';
import { ABOUT_SECTIONS, useShellStore, type AboutSection } from '../state/shellStore';
import { ModalDialog } from './ModalDialog';


export function AboutDialog() {
  const section = useShellStore((state) => state.aboutSection);
  if (!section) return null;
  return <AboutDialogContent section={section} />;
}

function AboutDialogContent({ section }: { section: AboutSection }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const openAbout = useShellStore((state) => state.openAbout);
  const closeAbout = useShellStore((state) => state.closeAbout);
  const activeTabRef = useRef<HTMLButtonElement | null>(null);
  const baseId = useId();

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = ABOUT_SECTIONS.indexOf(section);
    let next: AboutSection | undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') next = ABOUT_SECTIONS[(index + 1) % ABOUT_SECTIONS.length];
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') next = ABOUT_SECTIONS[(index - 1 + ABOUT_SECTIONS.length) % ABOUT_SECTIONS.length];
    else if (event.key === 'Home') next = ABOUT_SECTIONS[0];
    else if (event.key === 'End') next = ABOUT_SECTIONS[ABOUT_SECTIONS.length - 1];
    if (!next) return;
    event.preventDefault();
    openAbout(next);
    // The tab list re-renders with the new active tab; focus follows selection.
    queueMicrotask(() => document.getElementById(`${baseId}-tab-${next}`)?.focus());
  };

  return (
    <ModalDialog title={t('app.about.title')} className="about-dialog" onDismiss={closeAbout} closeLabel={t('app.action.close')} initialFocus={activeTabRef}>
      <div className="about-dialog__body">
        <div className="about-dialog__tabs" role="tablist" aria-orientation="vertical" aria-label={t('app.about.sections')}>
          {ABOUT_SECTIONS.map((id) => (
            <button
              key={id}
              id={`${baseId}-tab-${id}`}
              ref={id === section ? activeTabRef : undefined}
              type="button"
              role="tab"
              aria-selected={id === section}
              aria-controls={`${baseId}-panel`}
              tabIndex={id === section ? 0 : -1}
              className="about-dialog__tab"
              onClick={() => openAbout(id)}
              onKeyDown={onTabKeyDown}
            >
              {t(`app.about.tab.${id}`)}
            </button>
          ))}
        </div>
        <div
          id={`${baseId}-panel`}
          className="about-dialog__panel"
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${section}`}
          tabIndex={0}
          data-section={section}
        >
          <h3 className="about-dialog__heading">{t(`app.about.tab.${section}`)}</h3>
          <SectionBody section={section} language={intl.locale as Language} />
        </div>
      </div>
    </ModalDialog>
  );
}

function SectionBody({ section, language }: { section: AboutSection; language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const paragraphs = paragraphIds(section).map((id) => <p key={id}>{t(id)}</p>);

  switch (section) {
    case 'videos':
      return (
        <>
          <p>{t('app.about.videos.intro')}</p>
          {VIDEOS.map((video) => (
            <article key={video} className="video-card">
              <div className="video-card__poster" aria-hidden="true">
                <span>▶</span>
              </div>
              <div>
                <h4>{t(`app.about.videos.${video}.title`)}</h4>
                <p className="video-card__meta">{t(`app.about.videos.${video}.duration`)}</p>
                <p>{t(`app.about.videos.${video}.summary`)}</p>
              </div>
            </article>
          ))}
          <p className="note">{t('app.about.videos.hostedNote')}</p>
        </>
      );
    case 'faq':
      return (
        <dl className="faq">
          {Array.from({ length: FAQ_COUNT }, (_, index) => (
            <div key={index} className="faq__item">
              <dt>{t(`app.about.faq.q${index + 1}`)}</dt>
              <dd>{t(`app.about.faq.a${index + 1}`)}</dd>
            </div>
          ))}
        </dl>
      );
    case 'contact':
      return <ContactSection t={t} />;
    case 'system':
      return (
        <>
          <p>{t('app.about.system.intro')}</p>
          <table className="data-table">
            <caption className="visually-hidden">{t('app.about.tab.system')}</caption>
            <tbody>
              {SYSTEM_REQUIREMENT_ROWS.map((row) => (
                <tr key={row}>
                  <th scope="row">{t(`app.about.system.${row}.label`)}</th>
                  <td>{t(`app.about.system.${row}.value`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="note">{t('app.about.system.note')}</p>
        </>
      );
    case 'sources':
      return (
        <>
          <p>{t('app.about.sources.intro')}</p>
          {DATA_SOURCES.length === 0 ? (
            <p>{t('app.about.sources.empty')}</p>
          ) : (
            <table className="data-table">
              <caption className="visually-hidden">{t('app.about.tab.sources')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('app.about.sources.column.name')}</th>
                  <th scope="col">{t('app.about.sources.column.provider')}</th>
                  <th scope="col">{t('app.about.sources.column.terms')}</th>
                  <th scope="col">{t('app.about.sources.column.kind')}</th>
                </tr>
              </thead>
              <tbody>
                {DATA_SOURCES.map((source) => (
                  <tr key={source.id}>
                    <th scope="row">{source.name[language]}</th>
                    <td>{source.provider[language]}</td>
                    <td>{TERMS_MESSAGE_IDS[source.terms] ? t(TERMS_MESSAGE_IDS[source.terms]) : source.terms}</td>
                    <td>
                      {source.sample ? (
                        <span className="badge badge--sample">{t('app.about.sources.sample')}</span>
                      ) : (
                        <span className="badge">{t('app.about.sources.real')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="note">{t('app.about.sources.sampleNote')}</p>
        </>
      );
    default:
      return <>{paragraphs}</>;
  }
}

/** Contact Us: the configured e-mail and telephone (app/content/siteContact.ts), the office's address and hours. */
function ContactSection({ t }: { t: (id: string) => string }) {
  const contact = useSiteContact();
  return (
    <>
      <p>{t('app.about.contact.intro')}</p>
      <dl className="contact-list">
        <dt>{t('app.about.contact.emailLabel')}</dt>
        <dd>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </dd>
        {contact.telephone ? (
          <>
            <dt>{t('app.about.contact.telephoneLabel')}</dt>
            <dd>
              <a href={`tel:${contact.telephone.replace(/[^+0-9]/g, '')}`}>{contact.telephone}</a>
            </dd>
          </>
        ) : null}
        <dt>{t('app.about.contact.addressLabel')}</dt>
        <dd>{t('app.about.contact.address')}</dd>
        <dt>{t('app.about.contact.hoursLabel')}</dt>
        <dd>{t('app.about.contact.hours')}</dd>
      </dl>
      <p>{t('app.about.contact.apiKey')}</p>
    </>
  );
}

/** The lazy chunk's component (components/AboutDialogLoader.tsx). */
export default AboutDialog;
