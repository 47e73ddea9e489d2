// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import type { Language } from '../../../core/plugin/types';
import { setIdentifyController } from '../context';
import { createIdentifyController } from '../identifyController';
import { bankOfChinaTower, groundPick } from '../testing';
import FeatureInfoPanel from './FeatureInfoPanel';

afterEach(() => {
  cleanup();
  setIdentifyController(null);
});

async function renderPanel(language: Language, results: unknown[]) {
  const controller = createIdentifyController({
    map: createNoopMapFacade(),
    http: { json: async (_url, schema) => schema.parse({ results }) },
    apiBase: '/mapviewer/api/',
  });
  setIdentifyController(controller);
  const router = createMemoryRouter([{ path: '/map', element: <FeatureInfoPanel /> }], { initialEntries: [`/map?l=${language}`] });
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <button type="button">before</button>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  await act(async () => controller.setActive(true));
  return controller;
}

describe('feature information panel', () => {
  it('shows every field of the record, the measured height and the map sheet download link', async () => {
    const controller = await renderPanel('en-US', [bankOfChinaTower()]);
    await act(() => controller.identify(groundPick(114.16157, 22.27928)));
    const panel = screen.getByRole('region', { name: 'Feature information' });
    const field = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    expect(within(panel).getByRole('heading', { name: 'BANK OF CHINA TOWER' })).toBeTruthy();
    expect(field('Building CSUID')).toBe('1234567890T20050430');
    expect(field('Roof level (mPD)')).toBe('310.6 m');
    expect(field('Base level (mPD)')).toBe('5.6 m');
    expect(field('Building height')).toBe('305 m (measured)');
    expect(field('HK 1980 Grid northing (m)')).toBe('815770.4');
    expect(field('HK 1980 Grid easting (m)')).toBe('835480.2');
    expect(field('WGS84 latitude')).toBe('22.279280');
    expect(field('UTM grid reference')).toBe('50Q KK 04 64');
    expect(field('District')).toBe('Central and Western');
    expect(field('Above-ground storeys')).toBe('70');
    expect(field('Building category')).toBe('Commercial (Commercial)');
    expect(field('Year of completion')).toBe('Not recorded for this building');
    const sheet = within(panel).getByRole('link', { name: /11-SW-14C \(revised 2024-03-31\)/ });
    expect(sheet.getAttribute('href')).toBe('/download/3d-visualisation-map-non-textured?l=en-US&sheets=11-SW-14C');
    for (const label of ['Land parcel', 'Building licence number', 'Government land licence', 'Village environs', 'Public open space', 'Graded historic buildings']) {
      expect(field(label)).toBe('Not in the open data');
    }
    expect(within(panel).getByText(/Lands Department, HKSAR Government/)).toBeTruthy();
  });

  it('marks a height that was not measured and lists declared monuments with their links', async () => {
    const monument = { id: 'm1', nameEn: 'Old Supreme Court', nameZh: '舊最高法院', addressEn: '8 Jackson Road', addressZh: '遮打道8號', link: 'https://www.amo.gov.hk/m1' };
    const controller = await renderPanel('en-US', [bankOfChinaTower({ heightKind: 'from-storeys', heightMetres: 21, monuments: [monument] })]);
    await act(() => controller.identify(groundPick(114.16157, 22.27928)));
    expect(screen.getByText('21 m (from storeys × 3 m, not measured)')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Old Supreme Court (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://www.amo.gov.hk/m1');
    expect(screen.getByText('8 Jackson Road')).toBeTruthy();
  });

  it('links the map sheet without a date when the catalogue has no revision date for it', async () => {
    const controller = await renderPanel('zh-HK', [bankOfChinaTower({ mapSheet: { id: '11-SW-14C', revisionDate: null } })]);
    await act(() => controller.identify(groundPick(114.16157, 22.27928)));
    expect(screen.getByRole('link', { name: '11-SW-14C：下載' })).toBeTruthy();
  });

  it('gives the not-found message in each language', async () => {
    const expected: Record<Language, string> = {
      'en-US': 'Information not found. Please try to click another location.',
      'zh-HK': '找不到資料，請嘗試點擊其他位置。',
      'zh-CN': '找不到资料，请尝试点击其他位置。',
    };
    for (const language of ['en-US', 'zh-HK', 'zh-CN'] as const) {
      const controller = await renderPanel(language, []);
      await act(() => controller.identify(groundPick(114.2, 22.25)));
      expect(screen.getByRole('status').textContent).toBe(expected[language]);
      cleanup();
    }
  });

  it('takes focus when it opens and gives it back on Escape, which closes it and keeps identify on', async () => {
    const controller = await renderPanel('zh-HK', [bankOfChinaTower()]);
    const before = screen.getByRole('button', { name: 'before' });
    before.focus();
    await act(() => controller.identify(groundPick(114.16157, 22.27928)));
    const panel = screen.getByRole('region', { name: '要素資料' });
    expect(document.activeElement).toBe(panel);
    expect(within(panel).getByRole('heading', { name: '中銀大廈' })).toBeTruthy();
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(before);
    expect(controller.isActive()).toBe(true);
    expect(screen.getByRole('button', { name: '識別地圖中央的建築物' })).toBeTruthy();
  });
});
