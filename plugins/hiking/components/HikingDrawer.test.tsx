// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import type { Language } from '../../../core/plugin/types';
import { setHikingController } from '../context';
import { createHikingController } from '../hikingController';
import { LIST, PROFILE } from '../testFixtures';
import HikingDrawer from './HikingDrawer';

afterEach(() => {
  cleanup();
  setHikingController(null);
});

async function renderDrawer(language: Language = 'en-US') {
  const controller = createHikingController({
    map: createNoopMapFacade(),
    http: { json: async <T,>(url: string) => (url.includes('/profile') ? PROFILE : LIST) as T },
    apiBase: '/mapviewer/api/',
    analytics: { emit: () => {} },
  });
  setHikingController(controller);
  await act(async () => {
    render(
      <IntlProvider locale={language} messages={MESSAGES[language]}>
        <HikingDrawer />
      </IntlProvider>,
    );
  });
  return controller;
}

describe('the hiking drawer', () => {
  it('lists the trail and its stages with length, ascent, time and difficulty, and opens a stage', async () => {
    await renderDrawer();
    const section = screen.getByRole('button', { name: /^Section 1/ });
    expect(section.textContent).toContain('0.1 km · ↑20 m · 0 h 5 min · Very hard');
    expect(section.textContent).toContain('Sai Kung');
    await act(async () => fireEvent.click(section));
    expect(screen.getByRole('heading', { name: 'MacLehose Trail · Section 1' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Steepness' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it('moves the profile cursor with the keys and shows the transport pop-up', async () => {
    await renderDrawer();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Section 1/ })));
    const graph = screen.getByRole('slider', { name: /^Height profile of MacLehose Trail Section 1/ });
    fireEvent.keyDown(graph, { key: 'End' });
    expect(graph.getAttribute('aria-valuenow')).toBe('100');
    expect(graph.getAttribute('aria-valuetext')).toBe('0.1 km · 120 m · Severe (over 14.9°), 21.8°');
    fireEvent.keyDown(graph, { key: 'ArrowLeft' });
    expect(graph.getAttribute('aria-valuenow')).toBe('75');
    fireEvent.click(screen.getByRole('button', { name: 'MTR near the start' }));
    expect(screen.getByText('No metro train service info')).toBeTruthy();
  });

  it('steps the animation through its states with the buttons and keys', async () => {
    await renderDrawer();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Section 1/ })));
    fireEvent.click(screen.getByRole('button', { name: 'Fly along the trail' }));
    const region = screen.getByRole('region', { name: 'Trail flight' });
    expect(within(region).getByRole('status').textContent).toBe('Loading: flying to the start');
    fireEvent.click(within(region).getByRole('button', { name: 'Play now' }));
    expect(region.getAttribute('data-animation-state')).toBe('playing');
    fireEvent.keyDown(within(region).getByRole('radio', { name: '2×' }), { key: ' ' });
    expect(region.getAttribute('data-animation-state')).toBe('paused');
    fireEvent.keyDown(within(region).getByRole('button', { name: 'Play' }), { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Fly along the trail' })).toBeTruthy();
  });

  it('speaks Traditional Chinese', async () => {
    await renderDrawer('zh-HK');
    expect(screen.getByRole('button', { name: /^第 1 段/ }).textContent).toContain('非常困難');
    expect(screen.getByText('麥理浩徑')).toBeTruthy();
  });
});
