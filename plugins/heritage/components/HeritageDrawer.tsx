/**
 * The heritage drawer body: the 2014/15 list's note, a district filter, the monuments as buttons, and the chosen
 * monument's details (names, AMO number, district, address, AMO page) with "View up close in 3D", which opens the
 * SPEC §4 heritage loading dialog (what loads, the SPEC §9 minimum hardware, Proceed / Cancel).
 */
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { Language } from '../../../core/plugin/types';
import { ModalDialog } from '../../../core/ui/ModalDialog';
import { heritageContext } from '../context';
import { createHeritageController, type HeritageController } from '../heritageController';
import { districtsOf, filterMonuments, monumentAddress, monumentDistrict, monumentName, monumentPage, type Monument } from '../monuments';
import '../../../core/ui/controls.css';
import './heritage.css';

/** One controller per plugin activation, kept while the drawer closes and opens again. */
let shared: { context: unknown; controller: HeritageController } | null = null;
function controllerFor(): HeritageController | null {
  const context = heritageContext();
  if (!context) return null;
  if (shared?.context !== context) shared = { context, controller: createHeritageController(context) };
  return shared.controller;
}

export default function HeritageDrawer() {
  const controller = controllerFor();
  return controller ? <Drawer controller={controller} /> : null;
}

function Drawer({ controller }: { controller: HeritageController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const filterId = useId();
  useEffect(() => {
    void controller.load();
  }, [controller]);

  const selected = state.monuments.find((monument) => monument.id === state.selectedId) ?? null;
  const dialogMonument = state.monuments.find((monument) => monument.id === state.dialogFor) ?? null;
  const listed = filterMonuments(state.monuments, state.district, language);
  return (
    <div className="heritage" data-testid="heritage-drawer">
      <p className="heritage__note">{t('heritage.listNote')}</p>
      {state.status === 'loading' || state.status === 'idle' ? <p role="status">{t('heritage.loading')}</p> : null}
      {state.status === 'failed' ? (
        <div role="alert">
          <p>{t('heritage.failed')}</p>
          <button type="button" className="ui-button heritage__button" onClick={() => void controller.load()}>
            {t('heritage.retry')}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <label className="heritage__filter" htmlFor={filterId}>
            {t('heritage.filter.label')}
            <select id={filterId} value={state.district} onChange={(event) => controller.setDistrict(event.target.value)}>
              <option value="">{t('heritage.filter.all', { count: state.monuments.length })}</option>
              {districtsOf(state.monuments, language).map((district) => (
                <option key={district.key} value={district.key}>
                  {t('heritage.filter.district', { name: district.name, count: district.count })}
                </option>
              ))}
            </select>
          </label>
          {selected ? <Details monument={selected} language={language} controller={controller} /> : null}
          <p className="heritage__count" aria-live="polite">
            {t('heritage.count', { count: listed.length })}
          </p>
          <ul className="ui-choice-list heritage__list">
            {listed.map((monument) => (
              <li key={monument.id}>
                <button
                  type="button"
                  className={monument.id === state.selectedId ? 'ui-choice heritage__item is-selected' : 'ui-choice heritage__item'}
                  aria-pressed={monument.id === state.selectedId}
                  data-monument={monument.id}
                  onClick={() => controller.select(monument.id)}
                >
                  <span className="heritage__item-name">{monumentName(monument, language)}</span>
                  <span className="heritage__item-district">{monumentDistrict(monument, language)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {dialogMonument ? <CloseUpDialog monument={dialogMonument} language={language} controller={controller} /> : null}
    </div>
  );
}

function Details({ monument, language, controller }: { monument: Monument; language: Language; controller: HeritageController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const page = monumentPage(monument, language);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => headingRef.current?.focus(), [monument.id]);
  const otherNames = (['en-US', 'zh-HK', 'zh-CN'] as const)
    .filter((other) => other !== language)
    .map((other) => monumentName(monument, other))
    .filter((name, index, names) => name !== monumentName(monument, language) && names.indexOf(name) === index);
  return (
    <section className="heritage__details" data-testid="heritage-details" aria-label={t('heritage.details.label')}>
      <h3 ref={headingRef} tabIndex={-1}>
        {monumentName(monument, language)}
      </h3>
      {otherNames.length > 0 ? <p className="heritage__other-names" lang={language === 'en-US' ? 'zh-HK' : 'en'}>{otherNames.join(' · ')}</p> : null}
      <dl>
        <dt>{t('heritage.details.number')}</dt>
        <dd>{monument.properties.amo_number}</dd>
        <dt>{t('heritage.details.district')}</dt>
        <dd>{monumentDistrict(monument, language)}</dd>
        <dt>{t('heritage.details.address')}</dt>
        <dd>{monumentAddress(monument, language)}</dd>
      </dl>
      {page ? (
        <a className="heritage__page" href={page} target="_blank" rel="noopener noreferrer" data-testid="heritage-amo-link">
          {t('heritage.details.page')}
        </a>
      ) : null}
      <button type="button" className="ui-button heritage__button" onClick={() => controller.requestCloseUp(monument.id)}>
        {t('heritage.closeUp.button')}
      </button>
    </section>
  );
}

function CloseUpDialog({ monument, language, controller }: { monument: Monument; language: Language; controller: HeritageController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const textId = useId();
  const proceedRef = useRef<HTMLButtonElement | null>(null);
  return (
    <ModalDialog
      title={t('heritage.closeUp.title')}
      className="heritage-dialog"
      onDismiss={() => controller.cancel()}
      initialFocus={proceedRef}
      describedBy={textId}
      data={{ 'data-testid': 'heritage-closeup-dialog' }}
    >
      <div id={textId} className="heritage-dialog__text">
        <p>{t('heritage.closeUp.loads', { name: monumentName(monument, language) })}</p>
        <p>{t('heritage.closeUp.noModel')}</p>
        <p>{t('heritage.closeUp.hardware')}</p>
      </div>
      <div className="heritage-dialog__actions">
        <button type="button" className="button" onClick={() => controller.cancel()}>
          {t('heritage.closeUp.cancel')}
        </button>
        <button ref={proceedRef} type="button" className="button button--primary" onClick={() => controller.proceed()}>
          {t('heritage.closeUp.proceed')}
        </button>
      </div>
    </ModalDialog>
  );
}
