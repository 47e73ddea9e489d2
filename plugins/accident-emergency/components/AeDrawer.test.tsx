// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../core/i18n';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import type { HttpClient, Language, MapPickResult } from '../../../core/plugin/types';
import { createAppStore } from '../../../core/store/appStore';
import { createAeController } from '../aeController';
import { setAeController } from '../context';
import { drivingAnswer, feed } from '../testing';
import AeDrawer from './AeDrawer';

const MESSAGES = loadMessages(import.meta.glob('../../../locales/*/*.json', { eager: true }));

afterEach(() => {
  cleanup();
  setAeController(null);
});

const onLand: MapPickResult = { screen: { x: 1, y: 1 }, feature: null, hitOtherObject: false, position: { longitude: 114.1694, latitude: 22.3193, heightMeters: 7 }, surface: 'terrain' };

async function renderDrawer(options: { language?: Language; feedFails?: boolean; pick?: MapPickResult | null } = {}) {
  const language = options.language ?? 'en-US';
  const http: HttpClient = {
    json: (async (url: string, schema: { parse(value: unknown): unknown }) => {
      if (url.includes('realtime/ae')) {
        if (options.feedFails) throw new Error('HTTP 503');
        return schema.parse(feed);
      }
      return schema.parse(drivingAnswer('ok'));
    }) as HttpClient['json'],
  };
  const controller = createAeController({
    store: createAppStore(),
    http,
    map: createNoopMapFacade({ pick: async () => (options.pick === undefined ? onLand : options.pick) }),
    i18n: { format: (id) => id, language: () => language },
    analytics: { emit: () => {} },
    apiBase: '/mapviewer/api/',
    geolocation: undefined,
    // 18:00 Hong Kong time, so the arrivals read 18:01 and 18:02.
    now: () => Date.parse('2026-08-28T18:00:00+08:00'),
  });
  setAeController(controller);
  await act(async () => {
    render(
      <IntlProvider locale={language} messages={MESSAGES[language]}>
        <AeDrawer />
      </IntlProvider>,
    );
  });
  return controller;
}

const names = () => screen.getAllByRole('listitem').map((item) => item.querySelector('.ae-drawer__hospital-name')!.textContent);

describe('AeDrawer', () => {
  it('shows the waiting times, marked sample, with the last data time and the countdown to the next update', async () => {
    await renderDrawer();
    expect(screen.getByText(/^Sample waiting times, not real data/)).toBeTruthy();
    expect(screen.getByText(/^Last data: /)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^Next update in \d\d:\d\d$/);
    // Before an origin: by waiting time, Queen Elizabeth's 45 min before Kwong Wah's 2.5 h; no route buttons yet.
    expect(names()).toEqual(['Queen Elizabeth Hospital', 'Kwong Wah Hospital']);
    expect(screen.getByText(/2\.5 h/)).toBeTruthy();
    expect(screen.getByText(/managing multiple resuscitation cases/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show the driving route/ })).toBeNull();
  });

  it('shows the data-error state when the feed fails', async () => {
    await renderDrawer({ feedFails: true });
    expect(screen.getByText('Data Source is currently unavailable. Please visit later.')).toBeTruthy();
  });

  it('after an origin, lists drive, time and arrival (Hong Kong time) by arrival, re-sorts by waiting time, and marks the route shown', async () => {
    await renderDrawer();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Centre of the screen' }));
    });
    expect(names()).toEqual(['Kwong Wah Hospital', 'Queen Elizabeth Hospital']);
    const [kwongWah, queenElizabeth] = screen.getAllByRole('listitem');
    expect(kwongWah.textContent).toContain('0.9 km · 1 min drive · arrive about 18:01');
    expect(queenElizabeth.textContent).toContain('2.0 km · 2 min drive · arrive about 18:02');
    expect(within(kwongWah).getByRole('button', { name: 'Show the driving route to Kwong Wah Hospital' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/From the centre of the screen: 22\.3193° N, 114\.1694° E\. The nearest road is 10 m away/)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'wait' } });
    expect(names()).toEqual(['Queen Elizabeth Hospital', 'Kwong Wah Hospital']);
  });

  it('says in Chinese that there is no route from the sky', async () => {
    await renderDrawer({ language: 'zh-HK', pick: null });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '畫面中心' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('無法由天空規劃路線：畫面中心並非地面。請傾斜或移動地圖，讓畫面中心顯示地面，或放置圖釘。');
  });
});
