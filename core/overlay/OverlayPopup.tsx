/**
 * The feature popup (SPEC §4): a card anchored to the selected marker with @floating-ui, following it as the
 * camera moves. It shows the trilingual names, the manifest's refreshing image (traffic snapshots, SPEC §9), the
 * manifest's `popup.fields` (or, without fields, the marker's label as the reading), the handler's rows and
 * `_publish_date`.
 * Closing it (× or Escape) restores the marker's size and raises the camera 300 m (engine.closePopup).
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react';
import { useIntl } from 'react-intl';
import type { Language } from '../plugin/types';
import { featureColourCss, type OverlayEngine, type OverlaySelection } from './engine';
import { formatLabel } from './labelTemplate';
import {
  HONG_KONG_TIME_ZONE,
  popupFieldRows,
  popupHasAccent,
  popupImageUrl,
  popupReadingTemplate,
  withTimestampParameter,
  type PopupValueFormat,
} from './popupContent';

/** Feature property holding the station name in each language (SPEC §3 key_EN / key_TC / key_SC). */
const NAME_PROPERTY: Record<Language, string> = { 'en-US': 'key_EN', 'zh-HK': 'key_TC', 'zh-CN': 'key_SC' };
const LANGUAGE_ORDER: Language[] = ['en-US', 'zh-HK', 'zh-CN'];
/** The card never shrinks below this, px, however little room the map leaves; it scrolls instead. */
const MINIMUM_POPUP_HEIGHT_PX = 120;
/** The card's widest (overlay-panels.css sets the same) and narrowest width, px; a narrow free area (a phone) takes it between. */
const POPUP_WIDTH_PX = 280;
const MINIMUM_POPUP_WIDTH_PX = 200;

/** Station names by language, current language first; falls back to `key`. Pure, for tests. */
export function featureNames(
  properties: Record<string, unknown>,
  language: Language,
  nameProperty: Record<Language, string> = NAME_PROPERTY,
): Array<{ language: Language; name: string }> {
  const order = [language, ...LANGUAGE_ORDER.filter((other) => other !== language)];
  const names: Array<{ language: Language; name: string }> = [];
  for (const lang of order) {
    const value = properties[nameProperty[lang]];
    if (typeof value === 'string' && value.trim() !== '' && !names.some((entry) => entry.name === value)) names.push({ language: lang, name: value });
  }
  if (names.length === 0 && typeof properties.key === 'string') names.push({ language, name: properties.key });
  return names;
}

function useSelection(engine: OverlayEngine): OverlaySelection | null {
  const [selection, setSelection] = useState(() => engine.selection());
  useEffect(() => {
    setSelection(engine.selection());
    return engine.subscribeSelection(setSelection);
  }, [engine]);
  return selection;
}

export interface OverlayPopupProps {
  engine: OverlayEngine;
  /** The map canvas's container: screen positions from Cesium are relative to it. */
  container: HTMLElement;
  /**
   * The box the card must stay inside (the map page's free area, clear of its drawer, search box, legends and tool
   * bars); default `container`. A marker under a panel gets its card moved into the box rather than over the panel.
   */
  boundary?: HTMLElement;
}

export function OverlayPopup({ engine, container, boundary }: OverlayPopupProps) {
  const selection = useSelection(engine);
  if (!selection) return null;
  return <PopupCard key={selection.entityId} engine={engine} container={container} boundary={boundary} selection={selection} />;
}

function PopupCard({ engine, container, boundary: panelBoundary, selection }: OverlayPopupProps & { selection: OverlaySelection }) {
  const intl = useIntl();
  const language = intl.locale as Language;
  const [visible, setVisible] = useState(true);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The card stays inside the map's own box, not the window: the page header lies over the top of the window,
  // and a tall card (traffic snapshot) moves below or beside its marker, or scrolls, rather than hide under it.
  const boundary = panelBoundary ?? container;
  const { refs, floatingStyles, update } = useFloating({
    placement: 'top',
    strategy: 'fixed',
    middleware: [
      offset(16),
      flip({ boundary, padding: 8, fallbackPlacements: ['bottom', 'right', 'left'] }),
      // Both axes: a marker beside or under a panel (outside `boundary`) still gets its card inside the box.
      shift({ boundary, padding: 8, crossAxis: true }),
      size({
        boundary,
        padding: 8,
        apply: ({ availableHeight, availableWidth, elements }) => {
          // Never taller or wider than the box itself (less its padding), which `shift` keeps the card inside even
          // when the marker lies outside it (under a panel); no smaller than its least size.
          const box = boundary.getBoundingClientRect();
          const roomHeight = Math.floor(box.height - 16);
          const roomWidth = Math.floor(box.width - 16);
          const height = Math.min(roomHeight, Math.max(MINIMUM_POPUP_HEIGHT_PX, Math.floor(availableHeight)));
          const width = Math.min(roomWidth, POPUP_WIDTH_PX, Math.max(MINIMUM_POPUP_WIDTH_PX, Math.floor(availableWidth)));
          elements.floating.style.maxHeight = `${Math.max(MINIMUM_POPUP_HEIGHT_PX, height)}px`;
          elements.floating.style.maxWidth = `${Math.max(MINIMUM_POPUP_WIDTH_PX, width)}px`;
          // With less room than its least size the card would cover a panel (a long search result list fills the
          // map's free area): it waits, hidden, until the room is back (overlay-panels.css).
          elements.floating.dataset.cramped = String(roomHeight < MINIMUM_POPUP_HEIGHT_PX || roomWidth < MINIMUM_POPUP_WIDTH_PX);
        },
      }),
    ],
  });

  useEffect(() => {
    const place = () => {
      const position = engine.selectionScreenPosition();
      setVisible(position !== null);
      if (!position) return;
      const box = container.getBoundingClientRect();
      const x = box.left + position.x;
      const y = box.top + position.y;
      refs.setPositionReference({
        getBoundingClientRect: () => ({ x, y, left: x, top: y, right: x, bottom: y, width: 0, height: 0 }),
      });
      update();
    };
    place();
    return engine.onFrame(place);
  }, [engine, container, refs, update]);

  useEffect(() => {
    const floating = refs.floating.current;
    if (!floating) return undefined;
    return autoUpdate(container, floating, update);
  }, [container, refs.floating, update]);

  // The boundary box changes with the panels around it (a drawer opened, search results listed) while the camera
  // stands still and no frame moves the card: it is placed again then.
  useEffect(() => {
    if (!panelBoundary || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => update());
    observer.observe(panelBoundary);
    return () => observer.disconnect();
  }, [panelBoundary, update]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') engine.closePopup();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [engine]);

  // The card is keyed by the selected feature, so this runs when a popup opens, not when a refresh updates it:
  // keyboard users land on the close button without the map losing focus every two minutes.
  useEffect(() => {
    closeButton.current?.focus({ preventScroll: true });
  }, []);

  const { manifest, feature } = selection;
  const names = featureNames(feature.properties, language, manifest.popup?.titleProperty);
  const title = names[0]?.name ?? manifest.name[language];
  const format: PopupValueFormat = {
    number: (value, fractionDigits) => intl.formatNumber(value, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
    date: (value) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: HONG_KONG_TIME_ZONE }),
  };
  const fieldRows = popupFieldRows(manifest.popup, feature.properties, language, format);
  // The marker's label stands in as the reading only when the manifest lists no fields of its own (which would
  // repeat it: wind's "24 km/h" is also its mean-speed row), and never for a place name.
  const template = popupReadingTemplate(manifest);
  const value = template ? formatLabel(template, feature.properties, language) : undefined;
  const published = feature.properties._publish_date;
  const publishedDate = typeof published === 'string' || typeof published === 'number' ? new Date(published) : null;
  const imageUrl = popupImageUrl(manifest.popup, feature.properties, language);
  const style: CSSProperties = { ...floatingStyles, visibility: visible ? 'visible' : 'hidden' };
  const headingId = `overlay-popup-title-${manifest.id}`;

  return (
    <div ref={refs.setFloating} style={style} className="overlay-popup" role="dialog" aria-labelledby={headingId} data-overlay={manifest.id}>
      {popupHasAccent(manifest) ? (
        <div className="overlay-popup__accent" style={{ background: featureColourCss(manifest, feature.properties) }} aria-hidden="true" />
      ) : null}
      <div className="overlay-popup__header">
        <div>
          <p className="overlay-popup__layer">{manifest.name[language]}</p>
          <h3 id={headingId} className="overlay-popup__title" lang={names[0]?.language}>
            {title}
          </h3>
        </div>
        <button
          ref={closeButton}
          type="button"
          className="overlay-popup__close"
          aria-label={intl.formatMessage({ id: 'map.popup.close' })}
          onClick={() => engine.closePopup()}
        >
          ×
        </button>
      </div>
      {names.length > 1 ? (
        <ul className="overlay-popup__names">
          {names.slice(1).map((entry) => (
            <li key={entry.language} lang={entry.language}>
              {entry.name}
            </li>
          ))}
        </ul>
      ) : null}
      {imageUrl ? <PopupImage url={imageUrl} alt={title} refreshMs={manifest.popup?.imageRefreshMs} /> : null}
      <dl className="overlay-popup__rows">
        {value ? (
          <div>
            <dt>{intl.formatMessage({ id: 'map.popup.reading' })}</dt>
            <dd className="overlay-popup__value">{value}</dd>
          </div>
        ) : null}
        {fieldRows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              {row.href ? (
                <a href={row.href} target="_blank" rel="noopener noreferrer">
                  {row.value}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
        {selection.rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        {publishedDate && !Number.isNaN(publishedDate.getTime()) ? (
          <div>
            <dt>{intl.formatMessage({ id: 'map.popup.updated' })}</dt>
            <dd>{format.date(publishedDate)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

/**
 * The popup's image (traffic snapshot): reloaded every `refreshMs` with a fresh `timestamp` parameter so no
 * cache serves the old picture, with the time of the picture on show. A picture that fails to load is replaced
 * by a message, never a broken-image icon.
 */
function PopupImage({ url, alt, refreshMs }: { url: string; alt: string; refreshMs?: number }) {
  const intl = useIntl();
  const [requestedAt, setRequestedAt] = useState(() => Date.now());
  const [shown, setShown] = useState<{ at: number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!refreshMs) return undefined;
    const timer = setInterval(() => setRequestedAt(Date.now()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);

  const source = withTimestampParameter(url, requestedAt);
  return (
    <figure className="overlay-popup__figure">
      {failed ? (
        <p className="overlay-popup__image-error" role="status">
          {intl.formatMessage({ id: 'map.popup.imageUnavailable' })}
        </p>
      ) : null}
      <img
        className="overlay-popup__image"
        src={source}
        alt={alt}
        hidden={failed}
        onLoad={() => {
          setFailed(false);
          setShown({ at: requestedAt });
        }}
        onError={() => setFailed(true)}
      />
      {shown && !failed ? (
        <figcaption className="overlay-popup__image-time">
          {intl.formatMessage(
            { id: 'map.popup.imageTime' },
            { time: intl.formatTime(shown.at, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: HONG_KONG_TIME_ZONE }) },
          )}
        </figcaption>
      ) : null}
    </figure>
  );
}

export default OverlayPopup;
