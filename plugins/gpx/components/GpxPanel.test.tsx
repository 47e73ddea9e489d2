// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import { setGpxController } from '../context';
import { createGpxController } from '../gpxController';
import GpxPanel from './GpxPanel';

const wilsonText = readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/gpx/Wilson-Trail-Hong-Kong-track.gpx'), 'utf8');

afterEach(() => {
  cleanup();
  setGpxController(null);
});

function renderPanel(language: 'en-US' | 'zh-HK') {
  const controller = createGpxController({
    map: createNoopMapFacade(),
    i18n: { language: () => language, format: (id) => id },
    notices: { show: () => () => {} },
    analytics: { emit: () => {} },
  });
  setGpxController(controller);
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <GpxPanel />
    </IntlProvider>,
  );
  return controller;
}

describe('GPX panel', () => {
  it('shows the file’s name, contents, figures and profile, and removes it', async () => {
    const controller = renderPanel('en-US');
    expect(screen.queryByRole('region')).toBeNull();
    await act(() => controller.open(new File([wilsonText], 'Wilson-Trail-Hong-Kong-track.gpx')));
    const panel = screen.getByRole('region', { name: 'GPX: 衛奕信徑 Wilson Trail HK' });
    expect(panel.textContent).toContain('1 track segment, 0 routes, 3 waypoints');
    const figures = controller.getState().shown!.figures;
    expect(panel.querySelector('[data-figure="length"]')?.textContent).toBe(`${(figures.lengthMeters / 1000).toFixed(2)} km`);
    expect(panel.querySelector('[data-figure="ascent"]')?.textContent).toBe(`${Math.round(figures.ascentMeters!).toLocaleString('en-US')} m`);
    expect(screen.getByText('Elevations from the file.')).toBeTruthy();
    const elevations = [...wilsonText.matchAll(/<trkpt[^>]*>\s*<ele>([-\d.]+)<\/ele>/g)].map((match) => Number(match[1]));
    const profile = screen.getByRole('img', {
      name: `Elevation profile from ${Math.min(...elevations)} m to ${Math.max(...elevations)} m over ${(figures.lengthMeters / 1000).toFixed(2)} km`,
    });
    expect(profile.querySelectorAll('path')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the GPX file from the map' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('speaks Traditional Chinese', async () => {
    const controller = renderPanel('zh-HK');
    await act(() => controller.open(new File([wilsonText], 'wilson.gpx')));
    expect(screen.getByText('1 段軌跡、0 條路線、3 個航點')).toBeTruthy();
    expect(screen.getByRole('button', { name: '開啟另一個GPX檔案' })).toBeTruthy();
  });
});
