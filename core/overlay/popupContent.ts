/**
 * What the feature popup shows from the manifest's `popup` block (SPEC §3 "Overlay feature properties read"):
 * the field rows and the refreshing image URL. Pure, so the rules are tested without React or Cesium.
 */
import type { OverlayManifest } from '../manifests/schemas';
import type { Language } from '../plugin/types';

type PopupOptions = NonNullable<OverlayManifest['popup']>;
type PopupField = PopupOptions['fields'][number];
type PerLanguageProperty = PopupField['property'];

/** Time zone every popup date is shown in (SPEC §1: Hong Kong). */
export const HONG_KONG_TIME_ZONE = 'Asia/Hong_Kong';

/** Number and date formatting in the current language, given by the caller (react-intl in the app). */
export interface PopupValueFormat {
  /** A number with exactly `fractionDigits` decimal places. */
  number(value: number, fractionDigits: number): string;
  /** A date in Hong Kong time. */
  date(value: Date): string;
}

export interface PopupRow {
  label: string;
  value: string;
  /** A `link` row: where the value (the link's text) leads. */
  href?: string;
}

/** The property name for the current language. */
export function propertyFor(property: PerLanguageProperty, language: Language): string {
  return typeof property === 'string' ? property : property[language];
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** An ISO date string or epoch milliseconds (number or digits) as a Date; null when it is neither. */
export function parsePopupDate(value: unknown): Date | null {
  let date: Date | null = null;
  if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string') date = /^\d{10,}$/.test(value.trim()) ? new Date(Number(value)) : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** An absolute http(s) URL, or null (a `link` row never links to `javascript:` or a relative path). */
export function safeLinkUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function formatFieldValue(field: PopupField, value: unknown, format: PopupValueFormat, language: Language): string {
  const named = field.valueLabels && typeof value === 'string' && Object.prototype.hasOwnProperty.call(field.valueLabels, value) ? field.valueLabels[value] : undefined;
  if (named) return named[language];
  if (field.format === 'date') {
    const date = parsePopupDate(value);
    return date ? format.date(date) : String(value);
  }
  // Feeds send readings as numbers or as numeric text ("23.4"); both get the manifest's decimal places and unit.
  // Without decimal places a number is shown as given, so ids and codes are never regrouped ("12345", not
  // "12,345"); text that is not a number ("N/A", "Calm") gets no unit.
  const numeric = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(numeric)) return String(value);
  const shown = field.fractionDigits === undefined ? String(value).trim() : format.number(numeric, field.fractionDigits);
  return shown + (field.unit ?? '');
}

/** The manifest's popup rows for a feature, in manifest order; a row whose property is missing, null or blank is left out. */
export function popupFieldRows(
  popup: OverlayManifest['popup'],
  properties: Record<string, unknown>,
  language: Language,
  format: PopupValueFormat,
): PopupRow[] {
  if (!popup) return [];
  const rows: PopupRow[] = [];
  for (const field of popup.fields) {
    const name = propertyFor(field.property, language);
    const value = Object.prototype.hasOwnProperty.call(properties, name) ? properties[name] : undefined;
    if (isBlank(value)) continue;
    if (field.format === 'link') {
      const href = safeLinkUrl(value);
      if (href) rows.push({ label: field.label[language], value: field.linkText?.[language] ?? href, href });
      continue;
    }
    rows.push({ label: field.label[language], value: formatFieldValue(field, value, format, language) });
  }
  return rows;
}

/** The popup image's URL for the current language, or null when the manifest names none or the feature has none. */
export function popupImageUrl(popup: OverlayManifest['popup'], properties: Record<string, unknown>, language: Language): string | null {
  if (!popup?.imageProperty) return null;
  const value = properties[propertyFor(popup.imageProperty, language)];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * The URL with its `timestamp` query parameter set to `timestamp` (ms since the epoch), replacing one already
 * there, so every reload of a snapshot image bypasses caches (SPEC §7 "refreshed with a timestamp query").
 */
export function withTimestampParameter(url: string, timestamp: number): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const existing = /([?&])timestamp=[^&]*/;
  if (existing.test(beforeHash)) return beforeHash.replace(existing, `$1timestamp=${timestamp}`) + hash;
  const separator = beforeHash.includes('?') ? (beforeHash.endsWith('?') || beforeHash.endsWith('&') ? '' : '&') : '?';
  return `${beforeHash}${separator}timestamp=${timestamp}${hash}`;
}

/**
 * Whether a click on the overlay's features opens a popup: always for readings and shapes, and for a `label`
 * overlay (place names) only when its manifest has a `popup` block — a name label without one opens none,
 * never a card made up of its raw id and label text.
 */
export function opensPopup(manifest: Pick<OverlayManifest, 'display' | 'popup'>): boolean {
  return manifest.display?.kind !== 'label' || manifest.popup !== undefined;
}

/**
 * Whether the popup shows the colour accent bar: only when the overlay colours its features (`colourProperty` or
 * `colour`); a place name has no colour, and the default red would read as a warning.
 */
export function popupHasAccent(manifest: Pick<OverlayManifest, 'display'>): boolean {
  return manifest.display?.colourProperty !== undefined || manifest.display?.colour !== undefined;
}

/**
 * The label template the popup shows as the "Reading" row: only for an overlay of readings whose manifest lists
 * no popup fields (which would repeat it: wind's "24 km/h" is also its mean-speed row); never for place names.
 */
export function popupReadingTemplate(manifest: Pick<OverlayManifest, 'display' | 'popup'>): NonNullable<OverlayManifest['display']>['labelTemplate'] {
  if (manifest.display?.kind === 'label' || manifest.popup?.fields.length) return undefined;
  return manifest.display?.labelTemplate;
}
