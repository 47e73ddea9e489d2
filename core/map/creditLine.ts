/**
 * The map's credit line: the data sources of what the map shows now — the base map's (terrain, relief, roads,
 * rail) and each shown layer's (overlay manifest `credit`) — as on-screen static credits of Cesium's
 * `CreditDisplay`, in the page language. Whoever draws something declares its credit under an owner id
 * ({@link MapCredits}); the host turns the declared credits into the line, without touching any imagery or tile
 * layer, so a language switch or a layer toggle costs no tile request. Cesium is passed in (`makeCredit`), so
 * this stays testable without WebGL.
 */
import type { TrilingualText } from '../manifests/schemas';
import type { Language } from '../plugin/types';

export interface StaticCreditDisplay<C> {
  addStaticCredit(credit: C): void;
  removeStaticCredit(credit: C): void;
}

export interface StaticCreditLine {
  /** Shows `texts` as the credit line, in this order (empty texts skipped, a repeated text once); the same texts again change nothing. */
  show(texts: readonly string[]): void;
  /** The texts shown, in order. */
  texts(): string[];
}

export function createStaticCreditLine<C>(display: StaticCreditDisplay<C>, makeCredit: (text: string) => C): StaticCreditLine {
  let shown: Array<{ text: string; credit: C }> = [];
  return {
    show(texts) {
      const wanted = [...new Set(texts.filter((text) => text.length > 0))];
      if (wanted.length === shown.length && wanted.every((text, index) => shown[index].text === text)) return;
      // Cesium shows static credits in the order they were added: all are taken off and put back in the new
      // order, the Credit of an unchanged text reused (Cesium builds a credit's element once).
      const byText = new Map(shown.map((entry) => [entry.text, entry.credit]));
      for (const entry of shown) display.removeStaticCredit(entry.credit);
      shown = wanted.map((text) => ({ text, credit: byText.get(text) ?? makeCredit(text) }));
      for (const entry of shown) display.addStaticCredit(entry.credit);
    },
    texts: () => shown.map((entry) => entry.text),
  };
}

/** A credit in the three languages (a manifest's), or a text already in the page language (the app's messages). */
export type MapCredit = TrilingualText | string;

/** The credit's text in `language`, English for a language it lacks. */
export function creditText(credit: MapCredit, language: Language | string): string {
  if (typeof credit === 'string') return credit;
  return (language in credit ? credit[language as Language] : undefined) ?? credit['en-US'];
}

/**
 * The credits declared now, by owner (the base map, each shown overlay, the terrain), listed by rank: rank 1 (the
 * layers, the default) with the most recently switched on first, any other rank in the order declared. The line on
 * screen is capped to one or two lines (app/map/map-page.css; all credits are under "Data attribution"), so the
 * source of the layer a user just turned on comes right after the base map's (rank 0), where the cap still shows it.
 */
export class MapCredits {
  private readonly declared = new Map<string, { credit: MapCredit; rank: number; sequence: number }>();
  private sequence = 0;

  /** Declares (or, with undefined, withdraws) `owner`'s credit; true when that changed anything. */
  set(owner: string, credit: MapCredit | undefined, rank = 1): boolean {
    const before = this.declared.get(owner);
    if (!credit) return this.declared.delete(owner);
    if (before && before.credit === credit && before.rank === rank) return false;
    this.declared.set(owner, { credit, rank, sequence: before?.sequence ?? (this.sequence += 1) });
    return true;
  }

  /** The texts of the credit line in `language`. */
  texts(language: Language | string): string[] {
    return [...this.declared.values()]
      .sort((a, b) => a.rank - b.rank || (a.rank === 1 ? b.sequence - a.sequence : a.sequence - b.sequence))
      .map((entry) => creditText(entry.credit, language));
  }
}

/** The credit texts from the app's messages, in the page language: Cesium's own credit widgets (Cesium writes them in English only) and the terrain's credit. */
export interface CreditDisplayTexts {
  /** The link that opens the list of every data credit ("Data attribution"). */
  expand: string;
  /** The list's heading ("Data provided by:"). */
  title: string;
  /** The accessible name of the list's close button (Cesium shows only "×"). */
  close: string;
  /** The credit of the portal's terrain (the DEM the map's relief is built from), shown while it is in use. */
  terrain: string;
}

/**
 * Puts `texts` on Cesium's credit widgets under `root` (the viewer's container) and makes its two link-like
 * anchors, which have no href and so no keyboard focus, into buttons that Tab reaches and Enter or Space presses.
 * Safe to call again on a language change; elements not (yet) there are skipped.
 */
export function localiseCreditDisplay(root: ParentNode, texts: Pick<CreditDisplayTexts, 'expand' | 'title' | 'close'>): void {
  const expand = root.querySelector<HTMLElement>('.cesium-credit-expand-link');
  const title = root.querySelector<HTMLElement>('.cesium-credit-lightbox-title');
  const close = root.querySelector<HTMLElement>('.cesium-credit-lightbox-close');
  if (expand) {
    expand.textContent = texts.expand;
    makeKeyboardButton(expand);
  }
  if (title) title.textContent = texts.title;
  if (close) {
    close.setAttribute('aria-label', texts.close);
    close.title = texts.close;
    makeKeyboardButton(close);
  }
}

function makeKeyboardButton(element: HTMLElement): void {
  if (element.getAttribute('role') === 'button') return;
  element.setAttribute('role', 'button');
  element.tabIndex = 0;
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    element.click();
  });
}
