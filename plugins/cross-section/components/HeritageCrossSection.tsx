/**
 * The layer drawer's "Heritage cross-section" (SPEC §2; slot `drawer.layers`): choose a declared monument (the
 * heritage list, `GET /mapviewer/api/static/heritage`) and a direction; "Open cross-section" opens the cross section
 * tool along a 600 m line through the monument's site, the monument marked on the chart and the map, and frames the
 * line; on a screen too narrow for the drawer and the chart side by side the drawer closes. The list loads when the
 * section is first shown.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { monumentCollectionSchema, type MonumentCollection } from '../../../core/contracts/heritage';
import type { Language } from '../../../core/plugin/types';
import { crossSection } from '../context';
import { directionAzimuth, HERITAGE_DIRECTIONS, HERITAGE_LINE_METRES, lineThrough, type HeritageDirection } from '../heritageLine';
import '../../../core/ui/controls.css';
import './cross-section.css';

type Monument = MonumentCollection['features'][number];

/** Narrower than the drawer (~360 px), the 520 px chart panel and the tool bars together. */
const NARROW_FOR_DRAWER_AND_CHART = '(max-width: 1099px)';

const NAME = { 'en-US': 'name_EN', 'zh-HK': 'name_TC', 'zh-CN': 'name_SC' } as const;
const namesOf = (monument: Monument): Record<Language, string> => ({
  'en-US': monument.properties.name_EN,
  'zh-HK': monument.properties.name_TC,
  'zh-CN': monument.properties.name_SC,
});

export default function HeritageCrossSection() {
  const intl = useIntl();
  const language = intl.locale as Language;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const services = crossSection();
  const [monuments, setMonuments] = useState<Monument[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState('');
  const [direction, setDirection] = useState<HeritageDirection>('west-east');
  const headingId = useId();
  const monumentId = useId();
  const directionId = useId();

  useEffect(() => {
    if (!services) return undefined;
    let live = true;
    services.ctx.http
      .json(`${services.ctx.apiBase}static/heritage`, monumentCollectionSchema)
      .then((collection) => {
        if (live) setMonuments(collection.features);
      })
      .catch((error: unknown) => {
        console.warn('cross-section: the monument list could not be loaded', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [services]);

  const sorted = useMemo(
    () => (monuments ?? []).slice().sort((a, b) => String(a.properties[NAME[language]]).localeCompare(String(b.properties[NAME[language]]), language)),
    [monuments, language],
  );
  if (!services) return null;

  const open = () => {
    const monument = sorted.find((each) => each.id === chosen);
    if (!monument) return;
    const [longitude, latitude] = monument.geometry.coordinates;
    const line = lineThrough({ longitude, latitude }, directionAzimuth(direction));
    if (!services.openLine(line, { longitude, latitude, names: namesOf(monument) })) return;
    const lons = line.map((point) => point.longitude);
    const lats = line.map((point) => point.latitude);
    services.ctx.map.flyToBounds({ west: Math.min(...lons), east: Math.max(...lons), south: Math.min(...lats), north: Math.max(...lats) }, { paddingRatio: 0.25 });
    // Where the drawer and the chart do not fit side by side, the chart is what was asked for: the drawer closes.
    if (window.matchMedia?.(NARROW_FOR_DRAWER_AND_CHART).matches) services.ctx.store.getState().closeDrawer('layers');
  };

  return (
    <section className="layers-drawer__section cross-section-heritage" aria-labelledby={headingId} data-testid="heritage-cross-section">
      <h3 id={headingId} className="layers-drawer__heading">
        {t('cross-section.heritage.title')}
      </h3>
      <p className="cross-section__note">{t('cross-section.heritage.note', { length: HERITAGE_LINE_METRES })}</p>
      {failed ? (
        <p className="cross-section__problem" role="alert">
          {t('cross-section.heritage.unavailable')}
        </p>
      ) : monuments === null ? (
        <p className="cross-section__note" role="status">
          {t('cross-section.loading')}
        </p>
      ) : (
        <div className="cross-section-heritage__form">
          <label htmlFor={monumentId}>{t('cross-section.heritage.monument')}</label>
          <select id={monumentId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t('cross-section.heritage.choose')}</option>
            {sorted.map((monument) => (
              <option key={monument.id} value={monument.id}>
                {monument.properties[NAME[language]]}
              </option>
            ))}
          </select>
          <label htmlFor={directionId}>{t('cross-section.heritage.direction')}</label>
          <select id={directionId} value={direction} onChange={(event) => setDirection(event.target.value as HeritageDirection)}>
            {HERITAGE_DIRECTIONS.map((each) => (
              <option key={each.id} value={each.id}>
                {t(`cross-section.direction.${each.id}`)}
              </option>
            ))}
          </select>
          <button type="button" className="ui-button ui-button--primary" disabled={chosen === ''} onClick={open}>
            {t('cross-section.heritage.open')}
          </button>
        </div>
      )}
    </section>
  );
}
