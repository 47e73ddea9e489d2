import { describe, expect, it } from 'vitest';
import { onPhoneOrSmallScreen, SMALL_SCREEN_MAX_WIDTH_PX } from './smallScreen';

describe('phone and small-screen check', () => {
  it('is false on a desktop (no touch, wide) and true with touch support or a narrow window', () => {
    const desktop = { navigator: { maxTouchPoints: 0 }, matchMedia: () => ({ matches: false }) };
    const touch = { navigator: { maxTouchPoints: 5 }, matchMedia: () => ({ matches: false }) };
    const narrow = { navigator: { maxTouchPoints: 0 }, matchMedia: (query: string) => ({ matches: query === `(max-width: ${SMALL_SCREEN_MAX_WIDTH_PX}px)` }) };
    expect(onPhoneOrSmallScreen(desktop)).toBe(false);
    expect(onPhoneOrSmallScreen(touch)).toBe(true);
    expect(onPhoneOrSmallScreen(narrow)).toBe(true);
  });
});
