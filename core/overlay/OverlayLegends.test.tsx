// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../i18n';
import { overlayManifestSchema } from '../manifests/schemas';
import type { Language } from '../plugin/types';
import { createAppStore } from '../store/appStore';
import { LEGEND_AUTO_CLOSE_MS, OverlayLegends } from './OverlayLegends';

const MESSAGES = loadMessages(import.meta.glob('../../locales/*/*.json', { eager: true }));

function overlay(id: string, name: string, stayOpen: boolean, order: number) {
  return overlayManifestSchema.parse({
    id,
    mode: 'GEOJSON',
    name: { 'en-US': name, 'zh-HK': `${name} 中`, 'zh-CN': `${name} 简` },
    url: '/x',
    order,
    legend: {
      title: { 'en-US': `${name} legend`, 'zh-HK': `${name} 圖例`, 'zh-CN': `${name} 图例` },
      stayOpen,
      items: [{ label: { 'en-US': 'High', 'zh-HK': '高', 'zh-CN': '高' }, colour: '#ff0000' }],
    },
  });
}
const temperature = overlay('temperature', 'Temperature', true, 10);
const aqhi = overlay('aqhi', 'AQHI', true, 20);
const zoning = overlay('zoning', 'Zoning', false, 30);
const manifests = [temperature, aqhi, zoning];

function renderLegends(store = createAppStore(), language: Language = 'en-US') {
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <OverlayLegends store={store} manifests={manifests} />
    </IntlProvider>,
  );
  return store;
}
const legend = (title: string) => screen.queryByRole('region', { name: title });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('OverlayLegends', () => {
  it('opens a legend when its overlay is switched on and keeps a stay-open legend until it is closed by hand', () => {
    const store = renderLegends();
    expect(legend('Temperature legend')).toBeNull();
    act(() => store.getState().setOverlayShown('temperature', true));
    expect(legend('Temperature legend')).toBeTruthy();

    act(() => vi.advanceTimersByTime(LEGEND_AUTO_CLOSE_MS * 10));
    act(() => store.getState().setOverlayShown('aqhi', true));
    act(() => store.getState().setOverlayShown('aqhi', false));
    expect(legend('Temperature legend')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close the Temperature legend' }));
    expect(legend('Temperature legend')).toBeNull();
    // Focus lands on the button that brings it back.
    const reopen = screen.getByRole('button', { name: 'Show the Temperature legend' });
    expect(document.activeElement).toBe(reopen);
    fireEvent.click(reopen);
    expect(legend('Temperature legend')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close the Temperature legend' }));
  });

  it('opens a closed legend again when its overlay is switched off and on', () => {
    const store = renderLegends();
    act(() => store.getState().setOverlayShown('aqhi', true));
    fireEvent.click(screen.getByRole('button', { name: 'Close the AQHI legend' }));
    expect(legend('AQHI legend')).toBeNull();
    act(() => store.getState().setOverlayShown('aqhi', false));
    expect(screen.queryByRole('button', { name: 'Show the AQHI legend' })).toBeNull();
    act(() => store.getState().setOverlayShown('aqhi', true));
    expect(legend('AQHI legend')).toBeTruthy();
  });

  it('closes a legend without stayOpen by itself after its own delay, not restarted by other layers', () => {
    const store = renderLegends();
    act(() => store.getState().setOverlayShown('zoning', true));
    act(() => vi.advanceTimersByTime(LEGEND_AUTO_CLOSE_MS - 1000));
    act(() => store.getState().setOverlayShown('temperature', true));
    expect(legend('Zoning legend')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(legend('Zoning legend')).toBeNull();
    expect(legend('Temperature legend')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show the Zoning legend' })).toBeTruthy();
  });

  it('closes every legend with its overlay', () => {
    const store = renderLegends();
    act(() => {
      store.getState().setOverlayShown('temperature', true);
      store.getState().setOverlayShown('zoning', true);
    });
    act(() => {
      store.getState().setOverlayShown('temperature', false);
      store.getState().setOverlayShown('zoning', false);
    });
    expect(screen.queryByRole('region', { name: 'Map legends' })).toBeNull();
  });

  it('waits for the overlay disclaimer to be accepted before showing its legend', () => {
    const lotgla = overlayManifestSchema.parse({
      id: 'lotgla',
      mode: 'WMTS',
      name: { 'en-US': 'Lots', 'zh-HK': '地段', 'zh-CN': '地段' },
      url: '/wmts',
      hasDisclaimer: true,
      disclaimer: { title: temperature.name, text: temperature.name },
      legend: { title: { 'en-US': 'Lots legend', 'zh-HK': '地段圖例', 'zh-CN': '地段图例' }, items: temperature.legend!.items },
    });
    const store = createAppStore();
    render(
      <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
        <OverlayLegends store={store} manifests={[lotgla]} />
      </IntlProvider>,
    );
    act(() => store.getState().setOverlayShown('lotgla', true));
    expect(legend('Lots legend')).toBeNull();
    act(() => store.getState().acceptOverlayDisclaimer('lotgla'));
    expect(legend('Lots legend')).toBeTruthy();
  });

  it('speaks the current language', () => {
    const store = createAppStore();
    act(() => store.getState().setOverlayShown('temperature', true));
    renderLegends(store, 'zh-HK');
    expect(legend('Temperature 圖例')).toBeTruthy();
    expect(screen.getByRole('button', { name: '關閉Temperature 中圖例' })).toBeTruthy();
    expect(screen.getByText('高')).toBeTruthy();
  });
});
