// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../core/i18n';
import { createAppStore } from '../../../core/store/appStore';
import { setTideGauge } from '../context';
import { createTideGaugeController, TIDE_DRAWER } from '../controller';
import TideGaugeDrawer from './TideGaugeDrawer';

const MESSAGES = loadMessages(import.meta.glob('../../../locales/*/*.json', { eager: true }));

const feature = (code: string, name: string, operator: string) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [114.2, 22.3] },
  properties: { code, key_EN: name, key_TC: name, key_SC: name, operator, startYear: null, curve: null },
});
const STATIONS = { type: 'FeatureCollection', features: [feature('QUB', 'Quarry Bay', 'observatory'), feature('TPK', 'Tai Po Kau', 'observatory')] };
const TPK_DAY = {
  station: 'TPK',
  name: { 'en-US': 'Tai Po Kau', 'zh-HK': '大埔滘', 'zh-CN': '大埔滘' },
  operator: 'observatory',
  date: '2026-11-26',
  curve: { kind: 'harmonic-fit', points: [0, 360, 720, 1080, 1440].map((minutes, i) => ({ minutes, heightM: [1.2, 0.4, 1.6, 2.3, 1.0][i] })) },
  extremes: { kind: 'harmonic-fit', items: [{ type: 'high', time: '18:10', minutes: 1090, heightM: 2.31 }] },
  yearlyLevels: null,
  liveUnavailable: false,
  sample: false,
};
const QUB_DAY = {
  ...TPK_DAY,
  station: 'QUB',
  name: { 'en-US': 'Quarry Bay', 'zh-HK': '鰂魚涌', 'zh-CN': '鲗鱼涌' },
  curve: null,
  extremes: null,
  yearlyLevels: { year: 2024, meanSeaLevelM: 1.47, meanHigherHighWaterM: 2.2, meanLowerHighWaterM: 1.7, meanHigherLowWaterM: 1.2, meanLowerLowWaterM: 0.7 },
  liveUnavailable: true,
};

afterEach(() => {
  cleanup();
  setTideGauge(null);
});

async function renderDrawer(locale: 'en-US' | 'zh-HK' = 'en-US') {
  const store = createAppStore();
  store.getState().addDrawer(TIDE_DRAWER);
  const controller = createTideGaugeController({
    store,
    apiBase: '/mapviewer/api/',
    now: () => Date.UTC(2026, 10, 26, 2),
    http: {
      json: (async (url: string, schema: { parse(value: unknown): unknown }) =>
        schema.parse(url.endsWith('stations') ? STATIONS : url.includes('/TPK') ? TPK_DAY : QUB_DAY)) as never,
    },
    map: { takePointer: () => () => {}, flyTo: () => {} },
  });
  setTideGauge(controller);
  await act(async () => store.getState().openDrawer(TIDE_DRAWER));
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <TideGaugeDrawer />
    </IntlProvider>,
  );
  return controller;
}

describe('TideGaugeDrawer', () => {
  it('draws the chosen day: curve, high water marked and listed, labelled as the harmonic fit', async () => {
    await renderDrawer();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Station'), { target: { value: 'TPK' } });
    });
    expect(screen.getByRole('img', { name: /Tai Po Kau on 2026-11-26/ })).toBeTruthy();
    expect(document.querySelectorAll('[data-extreme="high"] circle')).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'High and low waters, 2026-11-26' });
    expect(within(table).getByText('High water')).toBeTruthy();
    expect(within(table).getByText('2.31 m')).toBeTruthy();
    expect(screen.getByTestId('tide-curve-source').textContent).toBe("Predicted (harmonic fit to the Observatory's predictions of 1–10 January 2026)");
    expect(screen.getByText('Hong Kong Observatory')).toBeTruthy();
  });

  it("says when a station has no prediction, shows Quarry Bay's yearly levels and the unavailable source", async () => {
    await renderDrawer('zh-HK');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('潮汐站'), { target: { value: 'QUB' } });
    });
    expect(screen.getByTestId('tide-no-prediction').textContent).toBe('此處沒有這個潮汐站的潮汐預測。');
    expect(within(screen.getByTestId('tide-yearly-levels')).getByText('平均較高高潮')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^數據來源暫時未能提供。/);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
