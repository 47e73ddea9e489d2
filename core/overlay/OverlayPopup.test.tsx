// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../i18n';
import { overlayManifestSchema, type OverlayManifestInput } from '../manifests/schemas';
import type { Language } from '../plugin/types';
import type { OverlayEngine, OverlaySelection } from './engine';
import { overlayEntityId } from './entityId';
import { OverlayPopup } from './OverlayPopup';

const MESSAGES = loadMessages(import.meta.glob('../../locales/*/*.json', { eager: true }));
/** 2026-11-21 04:00:00 UTC, 12:00 in Hong Kong. */
const NOW = Date.UTC(2026, 10, 21, 4, 0, 0);

function manifest(extra: Partial<OverlayManifestInput> = {}) {
  return overlayManifestSchema.parse({
    id: 'tdssimg',
    mode: 'GEOJSON',
    name: { 'en-US': 'Traffic snapshots', 'zh-HK': '交通快拍', 'zh-CN': '交通快拍' },
    url: '/x',
    display: { kind: 'billboard', labelTemplate: '{_value_0}°C' },
    ...extra,
  });
}

function fakeEngine(selection: OverlaySelection | null) {
  let listener: ((next: OverlaySelection | null) => void) | null = null;
  return {
    engine: {
      selection: () => selection,
      subscribeSelection: (next: (value: OverlaySelection | null) => void) => {
        listener = next;
        return () => (listener = null);
      },
      selectionScreenPosition: () => ({ x: 100, y: 100 }),
      onFrame: () => () => {},
      closePopup: vi.fn(),
    } as unknown as OverlayEngine & { closePopup: ReturnType<typeof vi.fn> },
    publish(next: OverlaySelection | null) {
      selection = next;
      act(() => listener?.(next));
    },
  };
}

function selectionOf(overlay: ReturnType<typeof manifest>, properties: Record<string, unknown>, rows: OverlaySelection['rows'] = []): OverlaySelection {
  const entityId = overlayEntityId(overlay.id, 114.1, 22.3, 'Point');
  return { overlayId: overlay.id, entityId, manifest: overlay, feature: { id: entityId, kind: 'Point', longitude: 114.1, latitude: 22.3, properties }, rows };
}

function renderPopup(engine: OverlayEngine, language: Language = 'en-US') {
  return render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <OverlayPopup engine={engine} container={document.body} />
    </IntlProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const names = { key_EN: 'Kowloon Bay', key_TC: '九龍灣', key_SC: '九龙湾' };

describe('OverlayPopup', () => {
  it('shows the three names, the label value, the handler rows and the publish date in Hong Kong time by default', () => {
    const overlay = manifest();
    const { engine } = fakeEngine(selectionOf(overlay, { ...names, _value_0: 23.4, _publish_date: '2026-11-21T03:50:00Z' }, [{ label: 'Gust', value: '30 km/h' }]));
    renderPopup(engine, 'zh-HK');
    const text = screen.getByRole('dialog', { name: '九龍灣' }).textContent?.replace(/\s+/g, ' ');
    expect(text).toContain('Kowloon Bay');
    expect(text).toContain('九龙湾');
    expect(text).toContain('讀數23.4°C');
    expect(text).toContain('Gust30 km/h');
    expect(text).toContain('更新時間21/11/2026 11:50');
  });

  it('shows the manifest fields instead of the reading, with units, decimals, dates and per-language properties, leaving out missing ones', () => {
    const overlay = manifest({
      popup: {
        fields: [
          { label: { 'en-US': 'Dissolved oxygen', 'zh-HK': '溶解氧', 'zh-CN': '溶解氧' }, property: 'DO', unit: ' mg/L', fractionDigits: 1 },
          { label: { 'en-US': 'Grade', 'zh-HK': '等級', 'zh-CN': '等级' }, property: { 'en-US': 'grade_EN', 'zh-HK': 'grade_TC', 'zh-CN': 'grade_SC' } },
          { label: { 'en-US': 'Sampled', 'zh-HK': '採樣時間', 'zh-CN': '采样时间' }, property: 'sampled', format: 'date' },
          { label: { 'en-US': 'BOD5', 'zh-HK': '五天生化需氧量', 'zh-CN': '五天生化需氧量' }, property: 'BOD5', unit: ' mg/L' },
        ],
      },
    });
    const properties = { ...names, _value_0: 5, DO: 6.04, grade_EN: 'Good', grade_TC: '良好', grade_SC: '良好', sampled: Date.UTC(2026, 10, 20, 16, 5), BOD5: null };
    const { engine } = fakeEngine(selectionOf(overlay, properties));
    renderPopup(engine, 'en-US');
    const rowTexts = () => [...document.querySelectorAll('.overlay-popup__rows > div')].map((row) => row.textContent?.replace(/\s+/g, ' '));
    const rows = rowTexts();
    expect(rows).toEqual(['Dissolved oxygen6.0 mg/L', 'GradeGood', 'SampledNov 21, 2026, 00:05']);
    cleanup();
    renderPopup(engine, 'zh-CN');
    const chinese = rowTexts();
    expect(chinese).toEqual(['溶解氧6.0 mg/L', '等级良好', '采样时间2026年11月21日 00:05']);
  });

  it('focuses its close button when it opens, and closes through the engine with the button or Escape', () => {
    const overlay = manifest();
    const { engine, publish } = fakeEngine(selectionOf(overlay, { ...names, _value_0: 20 }));
    renderPopup(engine);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(engine.closePopup).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(engine.closePopup).toHaveBeenCalledTimes(2);

    // A refresh of the same feature re-renders the card without taking focus again.
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    elsewhere.focus();
    publish(selectionOf(overlay, { ...names, _value_0: 21 }));
    expect(screen.getByRole('dialog').textContent).toContain('21°C');
    expect(document.activeElement).toBe(elsewhere);
  });

  describe('image', () => {
    const overlay = manifest({
      popup: {
        fields: [],
        imageProperty: { 'en-US': 'url_EN', 'zh-HK': 'url_TC', 'zh-CN': 'url_SC' },
        imageRefreshMs: 30_000,
      },
    });
    const properties = { ...names, url_EN: 'https://tdcctv.data.one.gov.hk/K107F.JPG', url_TC: 'https://tdcctv.data.one.gov.hk/K107F.JPG', url_SC: 'https://tdcctv.data.one.gov.hk/K107F.JPG' };

    it('is named by the feature and reloads with a fresh timestamp every imageRefreshMs, showing its time', () => {
      const { engine } = fakeEngine(selectionOf(overlay, properties));
      renderPopup(engine);
      const image = screen.getByRole('img', { name: 'Kowloon Bay' }) as HTMLImageElement;
      expect(image.getAttribute('src')).toBe(`https://tdcctv.data.one.gov.hk/K107F.JPG?timestamp=${NOW}`);
      fireEvent.load(image);
      expect(screen.getByText('Image at 12:00:00')).toBeTruthy();

      act(() => vi.advanceTimersByTime(29_999));
      expect(image.getAttribute('src')).toBe(`https://tdcctv.data.one.gov.hk/K107F.JPG?timestamp=${NOW}`);
      act(() => vi.advanceTimersByTime(1));
      expect(image.getAttribute('src')).toBe(`https://tdcctv.data.one.gov.hk/K107F.JPG?timestamp=${NOW + 30_000}`);
      fireEvent.load(image);
      expect(screen.getByText('Image at 12:00:30')).toBeTruthy();
    });

    it.each([
      ['en-US', 'The image is not available at the moment.'],
      ['zh-HK', '圖像暫時未能提供。'],
      ['zh-CN', '图像暂时未能提供。'],
    ] as const)('that fails to load gives way to a message in %s, and comes back when a reload works', (language, message) => {
      const { engine } = fakeEngine(selectionOf(overlay, properties));
      renderPopup(engine, language);
      const image = document.querySelector('img') as HTMLImageElement;
      fireEvent.error(image);
      expect(screen.getByText(message)).toBeTruthy();
      expect(image.hidden).toBe(true);
      act(() => vi.advanceTimersByTime(30_000));
      fireEvent.load(image);
      expect(screen.queryByText(message)).toBeNull();
      expect(image.hidden).toBe(false);
    });
  });
});
