// @vitest-environment jsdom
import { CreditDisplay } from 'cesium';
import { describe, expect, it, vi } from 'vitest';
import { localiseCreditDisplay } from './creditLine';

const ZH_HK = { expand: '數據來源', title: '數據提供者：', close: '關閉' };
const EN = { expand: 'Data attribution', title: 'Data provided by:', close: 'Close' };

/** Cesium's own credit widgets in a page, as the viewer builds them. */
function cesiumCredits() {
  const viewport = document.createElement('div');
  const container = document.createElement('div');
  viewport.append(container);
  document.body.append(viewport);
  new CreditDisplay(container, undefined, viewport);
  const expand = viewport.querySelector<HTMLElement>('.cesium-credit-expand-link')!;
  const close = viewport.querySelector<HTMLElement>('.cesium-credit-lightbox-close')!;
  const title = viewport.querySelector<HTMLElement>('.cesium-credit-lightbox-title')!;
  return { viewport, expand, close, title };
}

describe("Cesium's credit widgets in the page language", () => {
  it('translates the link, the heading and the close button, again on each language change', () => {
    const { viewport, expand, close, title } = cesiumCredits();
    expect(expand.textContent).toBe('Data attribution');
    localiseCreditDisplay(viewport, ZH_HK);
    expect([expand.textContent, title.textContent, close.getAttribute('aria-label')]).toEqual(['數據來源', '數據提供者：', '關閉']);
    localiseCreditDisplay(viewport, EN);
    expect([expand.textContent, title.textContent, close.getAttribute('aria-label')]).toEqual(['Data attribution', 'Data provided by:', 'Close']);
  });

  it('makes the href-less links keyboard buttons: focusable, pressed by Enter or Space, once however often localised', () => {
    const { viewport, expand, close } = cesiumCredits();
    localiseCreditDisplay(viewport, EN);
    localiseCreditDisplay(viewport, ZH_HK);
    expect([expand.getAttribute('role'), expand.tabIndex, close.getAttribute('role'), close.tabIndex]).toEqual(['button', 0, 'button', 0]);
    const clicks = vi.fn();
    expand.addEventListener('click', clicks);
    expand.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expand.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expand.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('skips widgets that are not there', () => {
    expect(() => localiseCreditDisplay(document.createElement('div'), EN)).not.toThrow();
  });
});
