// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../i18n';
import { overlayManifestSchema } from '../manifests/schemas';
import type { Language } from '../plugin/types';
import { createAppStore } from '../store/appStore';
import { formatCountdown, RealtimePanels } from './RealtimePanel';

const MESSAGES = loadMessages(import.meta.glob('../../locales/*/*.json', { eager: true }));

function renderIn(language: Language, ui: ReactElement) {
  return render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      {ui}
    </IntlProvider>,
  );
}

const temperature = overlayManifestSchema.parse({
  id: 'temperature',
  mode: 'GEOJSON',
  name: { 'en-US': 'Temperature', 'zh-HK': '氣溫', 'zh-CN': '气温' },
  url: '/t',
  realtime: { intervalMs: 120000 },
});
const beach = overlayManifestSchema.parse({
  id: 'beach',
  mode: 'GEOJSON',
  name: { 'en-US': 'Beach', 'zh-HK': '泳灘', 'zh-CN': '泳滩' },
  url: '/b',
});

/** 2026-11-21 04:00:00 UTC, 12:00 in Hong Kong. */
const NOW = Date.UTC(2026, 10, 21, 4, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('formatCountdown', () => {
  it('gives mm:ss rounded up, never negative, minutes past 59', () => {
    expect(formatCountdown(119_001)).toBe('02:00');
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(-3000)).toBe('00:00');
    expect(formatCountdown(7_200_000)).toBe('120:00');
  });
});

describe('RealtimePanels', () => {
  it('shows one panel per shown realtime overlay only', () => {
    const store = createAppStore();
    renderIn('en-US', <RealtimePanels store={store} manifests={[temperature, beach]} />);
    expect(screen.queryByRole('region', { name: 'Real-time data' })).toBeNull();
    act(() => {
      store.getState().setOverlayShown('temperature', true);
      store.getState().setOverlayShown('beach', true);
    });
    expect(screen.getByRole('region', { name: 'Real-time data' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Temperature' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Beach' })).toBeNull();
    act(() => store.getState().setOverlayShown('temperature', false));
    expect(screen.queryByRole('region', { name: 'Real-time data' })).toBeNull();
  });

  it('waits for the overlay disclaimer to be accepted', () => {
    const withDisclaimer = overlayManifestSchema.parse({
      ...temperature,
      hasDisclaimer: true,
      disclaimer: { title: temperature.name, text: temperature.name },
    });
    const store = createAppStore();
    renderIn('en-US', <RealtimePanels store={store} manifests={[withDisclaimer]} />);
    act(() => store.getState().setOverlayShown('temperature', true));
    expect(screen.queryByRole('region', { name: 'Temperature' })).toBeNull();
    act(() => store.getState().acceptOverlayDisclaimer('temperature'));
    expect(screen.getByRole('region', { name: 'Temperature' })).toBeTruthy();
  });

  it('says the data is being updated while a fetch runs, then the last data time in Hong Kong and a countdown that ticks', () => {
    const store = createAppStore();
    act(() => {
      store.getState().setOverlayShown('temperature', true);
      store.getState().setOverlayRefresh('temperature', { updating: true });
    });
    renderIn('en-US', <RealtimePanels store={store} manifests={[temperature]} />);
    expect(screen.getByText('Data is being updated now')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();

    act(() => store.getState().setOverlayRefresh('temperature', { updating: false, lastDataAt: NOW, nextRefreshAt: NOW + 120_000 }));
    expect(screen.queryByText('Data is being updated now')).toBeNull();
    expect(screen.getByText('Last data: Nov 21, 2026, 12:00')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Next update in 02:00');

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('Next update in 01:59');
    act(() => vi.advanceTimersByTime(64_000));
    expect(screen.getByRole('timer').textContent).toBe('Next update in 00:55');
    act(() => vi.advanceTimersByTime(300_000));
    expect(screen.getByRole('timer').textContent).toBe('Next update in 00:00');
  });

  it('announces state changes politely but not the countdown', () => {
    const store = createAppStore();
    act(() => {
      store.getState().setOverlayShown('temperature', true);
      store.getState().setOverlayRefresh('temperature', { updating: false, lastDataAt: NOW, nextRefreshAt: NOW + 60_000 });
    });
    renderIn('en-US', <RealtimePanels store={store} manifests={[temperature]} />);
    const timer = screen.getByRole('timer');
    expect(timer.closest('[aria-live]')).toBeNull();
    expect(screen.getByText(/^Last data:/).closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
  });

  it.each([
    ['en-US', 'Data Source is currently unavailable. Please visit later.', '最後'],
    ['zh-HK', '數據來源現時未能提供，請稍後再瀏覽。', 'Last'],
    ['zh-CN', '数据来源目前未能提供，请稍后再浏览。', 'Last'],
  ] as const)('shows the data-error state in %s', (language, message, absent) => {
    const store = createAppStore();
    act(() => {
      store.getState().setOverlayShown('temperature', true);
      store.getState().setOverlayUnavailable('temperature', true);
      store.getState().setOverlayRefresh('temperature', { updating: false, nextRefreshAt: NOW + 10_000 });
    });
    const { container } = renderIn(language, <RealtimePanels store={store} manifests={[temperature]} />);
    expect(screen.getByText(message).closest('[aria-live]')).toBeTruthy();
    expect(container.textContent).not.toContain(absent);
    expect(container.querySelector('[data-state="unavailable"]')).toBeTruthy();
  });

  it('writes the panel in Chinese with Hong Kong time', () => {
    const store = createAppStore();
    act(() => {
      store.getState().setOverlayShown('temperature', true);
      store.getState().setOverlayRefresh('temperature', { updating: false, lastDataAt: NOW + 5 * 60_000, nextRefreshAt: NOW + 90_000 });
    });
    renderIn('zh-HK', <RealtimePanels store={store} manifests={[temperature]} />);
    expect(screen.getByRole('region', { name: '氣溫' })).toBeTruthy();
    expect(screen.getByText('最後數據時間：21/11/2026 12:05')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('01:30 後更新');
  });
});
