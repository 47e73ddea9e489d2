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
