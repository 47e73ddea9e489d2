/**
 * Writes the address parameters plugins own ({@link UrlStateContribution}, the `urlState` registry) into a share
 * link: the current value of every contribution. Reading them from the address on arrival is the app's
 * (core/plugin/urlState.ts, applied where the plugin host starts), so links work in every variant. Nothing here
 * knows any parameter by name except the app's `l` and `layers`, which the link writes in the app's format.
 */
import { DEFAULT_LANGUAGE } from '../../core/i18n/messages';
import type { Language, UrlStateContribution } from '../../core/plugin/types';
import type { ProblemReporter } from '../../core/plugin/urlState';

export type { ProblemReporter };

/** The app's own parameters (app/map/mapAddress.ts, app CONTEXT.md "Map address" and "Language"). */
export const LANGUAGE_PARAM = 'l';
export const LAYERS_PARAM = 'layers';

/** What goes into a share link besides the contributions. */
export interface ShareLinkBase {
  language: Language;
  /** Overlay ids shown now (the app's `layers`). */
  shownLayers: readonly string[];
  /** Parameters left out (the full share options let the user choose). */
  omit?: ReadonlySet<string>;
}

/**
 * The query of a share link: `l` (left out for en-US, the language an address without it opens in, as the shortened
 * addresses of SPEC §2 do), `layers`, then each contribution's current value in registration order.
 * Strings, finite numbers and booleans are written as text; any other value, and `undefined`, leaves the parameter
 * out. A `read` that throws is reported and left out.
 */
export function shareQuery(contributions: ReadonlyArray<UrlStateContribution & { owner?: string }>, base: ShareLinkBase, report: ProblemReporter): string {
  const params = new URLSearchParams();
  const omitted = (param: string) => base.omit?.has(param) ?? false;
  if (base.language !== DEFAULT_LANGUAGE) params.set(LANGUAGE_PARAM, base.language);
  if (base.shownLayers.length > 0 && !omitted(LAYERS_PARAM)) params.set(LAYERS_PARAM, base.shownLayers.join(','));
  for (const item of contributions) {
    if (omitted(item.param) || item.param === LANGUAGE_PARAM || item.param === LAYERS_PARAM) continue;
    let value: unknown;
    try {
      value = item.read();
    } catch (error) {
      report(`address parameter "${item.param}" (${item.owner ?? 'unknown'}): reading it failed`, error);
      continue;
    }
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
      params.set(item.param, String(value));
    }
  }
  // Commas are safe in a query and keep the link readable (and its QR code smaller).
  return params.toString().replaceAll('%2C', ',');
}
