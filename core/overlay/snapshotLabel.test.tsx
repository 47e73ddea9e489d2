// @vitest-environment jsdom
/**
 * Issue 12 point 9: data that are the recorded snapshot say so — "Snapshot of 21 Apr 2024 10:40 — live data off" —
 * in the realtime panel and the legend, from the data's own observation time, in the page language; live data keep
 * "Last data" and the countdown.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createIntl, IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../i18n';
import { overlayManifestSchema } from '../manifests/schemas';
import type { Language } from '../plugin/types';
import { createAppStore } from '../store/appStore';
import { OverlayLegends } from './OverlayLegends';
import { RealtimePanels } from './RealtimePanel';
import { formatSnapshotLabel, snapshotTimeParts } from './snapshotLabel';

const MESSAGES = loadMessages(import.meta.glob('../../locales/*/*.json', { eager: true }));
/** The HKO temperature snapshot's observation: 21 Apr 2024 10:40 Hong Kong time. */
const OBSERVED = Date.parse('2024-04-21T10:40:00+08:00');

const temperature = overlayManifestSchema.parse({
  id: 'temperature',
  mode: 'GEOJSON',
  name: { 'en-US': 'Temperature', 'zh-HK': '氣溫', 'zh-CN': '气温' },
  url: '/t',
  realtime: { intervalMs: 120000 },
  legend: { title: { 'en-US': 'Temperature legend', 'zh-HK': '氣溫圖例', 'zh-CN': '气温图例' }, items: [{ label: { 'en-US': '30 °C', 'zh-HK': '30 °C', 'zh-CN': '30 °C' }, colour: '#f46d43' }], stayOpen: true },
});

function renderIn(language: Language, ui: ReactElement) {
  return render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      {ui}
    </IntlProvider>,
  );
}

afterEach(cleanup);

describe('formatSnapshotLabel', () => {
  it('writes the observation time in Hong Kong time in each language', () => {
    const label = (language: Language, ms: number) => formatSnapshotLabel(createIntl({ locale: language, messages: MESSAGES[language] }), ms);
    expect(label('en-US', OBSERVED)).toBe('Snapshot of 21 Apr 2024 10:40 — live data off');
    expect(label('zh-HK', OBSERVED)).toBe('2024年4月21日 10:40 的數據快照 — 即時數據已關閉');
    expect(label('zh-CN', OBSERVED)).toBe('2024年4月21日 10:40 的数据快照 — 实时数据已关闭');
    // 23:05 UTC is the next day in Hong Kong: the time zone is applied, not the machine's.
    expect(snapshotTimeParts(Date.parse('2025-09-07T16:20:00Z'), 'en-US')).toEqual({ day: '8', month: 'Sep', year: '2025', time: '00:20' });
  });
});

describe('snapshot data in the realtime panel and the legend', () => {
  it('says "Snapshot of … — live data off" without a countdown for snapshot data, and "Last data" with one for live data', () => {
    const store = createAppStore();
    act(() => {
      store.getState().setOverlayShown('temperature', true);
      store.getState().setOverlayRefresh('temperature', { updating: false, lastDataAt: OBSERVED, nextRefreshAt: Date.now() + 120_000, snapshot: true });
    });
    renderIn(
      'en-US',
      <>
        <RealtimePanels store={store} manifests={[temperature]} />
        <OverlayLegends store={store} manifests={[temperature]} />
      </>,
    );
    const panel = screen.getByRole('region', { name: 'Temperature' });
    expect(panel.textContent).toContain('Snapshot of 21 Apr 2024 10:40 — live data off');
    expect(panel.textContent).not.toContain('Last data');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('region', { name: 'Temperature legend' }).textContent).toContain('Snapshot of 21 Apr 2024 10:40 — live data off');

    act(() => store.getState().setOverlayRefresh('temperature', { updating: false, lastDataAt: OBSERVED, nextRefreshAt: Date.now() + 120_000, snapshot: undefined }));
    expect(screen.getByRole('region', { name: 'Temperature' }).textContent).toContain('Last data: Apr 21, 2024, 10:40');
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Temperature legend' }).textContent).not.toContain('Snapshot');
  });

  it('says it in Traditional Chinese on a zh-HK page', () => {
    const store = createAppStore();
    act(() => {
      store.getState().setOverlayShown('temperature', true);
      store.getState().setOverlayRefresh('temperature', { updating: false, lastDataAt: OBSERVED, snapshot: true });
    });
    renderIn('zh-HK', <RealtimePanels store={store} manifests={[temperature]} />);
    expect(screen.getByRole('region', { name: '氣溫' }).textContent).toContain('2024年4月21日 10:40 的數據快照 — 即時數據已關閉');
  });
});
