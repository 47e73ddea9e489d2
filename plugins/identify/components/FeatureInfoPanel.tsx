/**
 * The feature information panel of identify (SPEC §3 "Feature info"): every field the building record holds,
 * "Not in the open data" for the SPEC fields no source carries, and the source with its attribution. Opening it
 * moves focus into it; Escape or the close button closes it and gives focus back. While identify is on, a
 * button (shown when focused, for keyboard users) identifies what is at the middle of the map.
 */
import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { BuildingInfo } from '../../../core/contracts/identify';
import type { Language } from '../../../core/plugin/types';
import { identifyController } from '../context';
import type { IdentifyController } from '../identifyController';
import '../../../core/ui/mapPanel.css';
import './identify.css';

/** The catalogue record whose download page lists the 1:1000 sheets (SPEC §3 "map sheet ... of the downloadable tile"). */
export const MAP_SHEET_DOWNLOAD_RECORD = '3d-visualisation-map-non-textured';

export default function FeatureInfoPanel() {
  const controller = identifyController();
  if (!controller) return null;
  return <Panel controller={controller} />;
}

function Panel({ controller }: { controller: IdentifyController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const active = useSyncExternalStore(controller.subscribe, controller.isActive);
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const open = state.status !== 'idle';

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel || panel.contains(document.activeElement)) return;
    returnFocus.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    panel.focus();
  }, [open]);

  const close = () => {
    controller.close();
    const target = returnFocus.current ?? document.querySelector<HTMLElement>('.map-view__canvas');
    returnFocus.current = null;
    target?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };

  if (!active) return null;
  return (
    <div className="identify">
      <button type="button" className="identify__centre" onClick={() => void controller.identifyAtCentre()}>
        {t('identify.centre')}
      </button>
      {open ? (
        <section ref={panelRef} className="map-panel identify__panel" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown} data-testid="identify-panel">
          <div className="map-panel__header">
            <h2 id={titleId}>{t('identify.title')}</h2>
            <button type="button" className="icon-button icon-button--plain" aria-label={t('identify.close')} onClick={close}>
              ×
            </button>
          </div>
          <div className="map-panel__body" aria-live="polite">
            {state.status === 'loading' ? <p>{t('identify.loading')}</p> : null}
            {state.status === 'not-found' ? <p role="status">{t('identify.notFound')}</p> : null}
            {state.status === 'error' ? <p role="alert">{t('identify.error')}</p> : null}
            {state.status === 'found' ? <BuildingDetails building={state.building} others={state.others} /> : null}
          </div>
        </section>
      ) : null}
    </div>
  );
}

function BuildingDetails({ building, others }: { building: BuildingInfo; others: number }) {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const metres = (value: number) => t('identify.metres', { value: intl.formatNumber(value, { maximumFractionDigits: 1 }) });
  const degrees = (value: number) => intl.formatNumber(value, { minimumFractionDigits: 6, maximumFractionDigits: 6 });
  const gridMetres = (value: number) => intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const unrecorded = t('identify.value.unrecorded');
  const orUnrecorded = (value: ReactNode | null) => (value === null ? unrecorded : value);
  const chinese = language !== 'en-US';
  const names = chinese ? [building.nameZh, building.nameEn] : [building.nameEn, building.nameZh];
  const sheetParams = new URLSearchParams();
  const addressLanguage = searchParams.get('l');
  if (addressLanguage) sheetParams.set('l', addressLanguage);
  if (building.mapSheet) sheetParams.set('sheets', building.mapSheet.id);

  const rows: Array<[string, ReactNode]> = [
    ['identify.field.nameEn', orUnrecorded(building.nameEn)],
    ['identify.field.nameZh', orUnrecorded(building.nameZh)],
    ['identify.field.csuid', orUnrecorded(building.csuid)],
    ['identify.field.baseLevel', orUnrecorded(building.baseLevelMetres === null ? null : metres(building.baseLevelMetres))],
    ['identify.field.roofLevel', orUnrecorded(building.roofLevelMetres === null ? null : metres(building.roofLevelMetres))],
    ['identify.field.height', t(`identify.height.${building.heightKind}`, { height: metres(building.heightMetres) })],
    ['identify.field.heightAboveHkpd', orUnrecorded(building.heightAboveHkpdMetres === null ? null : metres(building.heightAboveHkpdMetres))],
    ['identify.field.storeys', orUnrecorded(building.storeys === null ? null : intl.formatNumber(building.storeys))],
    [
      'identify.field.category',
      building.categorySourceValue
        ? t('identify.category.withSource', { category: t(`identify.category.${building.category}`), source: building.categorySourceValue })
        : t(`identify.category.${building.category}`),
    ],
    ['identify.field.district', orUnrecorded(building.district ? building.district.name[language] : null)],
    ['identify.field.address', orUnrecorded(building.address)],
    ['identify.field.yearCompleted', orUnrecorded(building.yearCompleted === null ? null : String(building.yearCompleted))],
    ['identify.field.northing', gridMetres(building.point.northing)],
    ['identify.field.easting', gridMetres(building.point.easting)],
    ['identify.field.latitude', degrees(building.point.latitude)],
    ['identify.field.longitude', degrees(building.point.longitude)],
    ['identify.field.utm', building.point.utmGridReference],
    [
      'identify.field.mapSheet',
      building.mapSheet ? (
        <Link to={{ pathname: `/download/${MAP_SHEET_DOWNLOAD_RECORD}`, search: `?${sheetParams.toString()}` }}>
          {building.mapSheet.revisionDate === null
            ? t('identify.mapSheet.valueUndated', { sheet: building.mapSheet.id })
            : t('identify.mapSheet.value', { sheet: building.mapSheet.id, date: building.mapSheet.revisionDate })}
        </Link>
      ) : (
        unrecorded
      ),
    ],
  ];

  return (
    <>
      <h3 className="identify__name">{names.find((name) => name) ?? t('identify.unnamed')}</h3>
      <dl className="identify__fields">
        {rows.map(([label, value]) => (
          <div key={label} className="identify__row">
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="identify__row">
          <dt>{t('identify.field.monuments')}</dt>
          <dd>
            {building.monuments.length === 0 ? (
              t('identify.monuments.none')
            ) : (
              <ul className="identify__monuments">
                {building.monuments.map((monument) => (
                  <li key={monument.id}>
                    <a href={monument.link} target="_blank" rel="noopener noreferrer">
                      {t('identify.monuments.link', { name: chinese ? monument.nameZh : monument.nameEn })}
                    </a>
                    <br />
                    {chinese ? monument.addressZh : monument.addressEn}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {building.notInOpenData.map((field) => (
          <div key={field} className="identify__row identify__row--absent">
            <dt>{t(`identify.field.${field}`)}</dt>
            <dd>{t('identify.value.notInOpenData')}</dd>
          </div>
        ))}
      </dl>
      {others > 0 ? <p className="identify__note">{t('identify.others', { count: others })}</p> : null}
      <p className="identify__source">
        {t('identify.source', { dataset: building.sourceDataset, attribution: building.attribution, licence: building.licence })}
      </p>
    </>
  );
}
