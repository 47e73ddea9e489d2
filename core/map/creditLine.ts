/**
 * The base map's credit line: one on-screen static credit of Cesium's `CreditDisplay`, replaced when its text
 * changes (page language, base map, textured mode) without touching the imagery layers, so a new language costs
 * no tile request. Cesium is passed in (`makeCredit`), so this stays testable without WebGL.
 */
export interface StaticCreditDisplay<C> {
  addStaticCredit(credit: C): void;
  removeStaticCredit(credit: C): void;
}

export interface StaticCreditLine {
  /** Shows `text` as the credit line (undefined: none); the same text again changes nothing. */
  show(text: string | undefined): void;
  /** The text shown, if any. */
  text(): string | undefined;
}

export function createStaticCreditLine<C>(display: StaticCreditDisplay<C>, makeCredit: (text: string) => C): StaticCreditLine {
  let shown: { text: string; credit: C } | null = null;
  return {
    show(text) {
      if (shown?.text === text) return;
      if (shown) display.removeStaticCredit(shown.credit);
      shown = null;
      if (!text) return;
      const credit = makeCredit(text);
      display.addStaticCredit(credit);
      shown = { text, credit };
    },
    text: () => shown?.text,
  };
}

/** Texts of Cesium's own credit widgets, which Cesium writes in English only. */
export interface CreditDisplayTexts {
  /** The link that opens the list of every data credit ("Data attribution"). */
  expand: string;
  /** The list's heading ("Data provided by:"). */
  title: string;
  /** The accessible name of the list's close button (Cesium shows only "×"). */
  close: string;
}

/**
 * Puts `texts` on Cesium's credit widgets under `root` (the viewer's container) and makes its two link-like
 * anchors, which have no href and so no keyboard focus, into buttons that Tab reaches and Enter or Space presses.
 * Safe to call again on a language change; elements not (yet) there are skipped.
 */
export function localiseCreditDisplay(root: ParentNode, texts: CreditDisplayTexts): void {
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
