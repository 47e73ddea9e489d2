// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../core/i18n';
import { loadBaseMaps } from '../../../core/map/baseMaps';
import { createAppStore } from '../../../core/store/appStore';
import { setMapStyleController } from '../context';
import { createMapStyleController } from '../mapStyle';
import MapStyleDrawer from './MapStyleDrawer';

const MESSAGES = loadMessages(import.meta.glob('../../../locales/*/*.json', { eager: true }));
const folder = resolve(import.meta.dirname, '../../../manifests/basemaps');
const { baseMaps } = loadBaseMaps(Object.fromEntries(readdirSync(folder).map((name) => [name, JSON.parse(readFileSync(join(folder, name), 'utf8'))])));

afterEach(() => {
  cleanup();
  setMapStyleController(null);
});

async function renderDrawer() {
  const calls: string[] = [];
  const controller = createMapStyleController(
    {
      store: createAppStore(),
      map: {
        setBaseMap: (baseMap) => calls.push(`base-map:${baseMap.url}`),
        setImageryAdjustments: (a) => calls.push(`adjust:${a.brightness}/${a.contrast}/${a.hue.toFixed(4)}/${a.saturation}`),
      },
      http: { json: (async () => ({ available: false })) as never },
      notices: { show: () => () => {} },
      i18n: { language: () => 'en-US', format: (id) => id },
    },
    baseMaps,
  );
  setMapStyleController(controller);
  await act(async () => {
    render(
      <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
        <MapStyleDrawer />
      </IntlProvider>,
    );
  });
  return { calls, controller };
}

describe('MapStyleDrawer', () => {
  it('lists the five styles as radios with the default checked and the uninstalled orthophoto disabled', async () => {
    await renderDrawer();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Default (shaded relief)',
      'Regular',
      'Dark',
      'Grey',
      'OrthophotoNot available offline: its tiles are not installed on this server',
    ]);
    expect(screen.getByRole('radio', { name: 'Default (shaded relief)' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /Orthophoto/ })).toHaveProperty('disabled', true);
  });

  it('shows the sliders at 1/1/0/1, turns the hue in degrees into radians for the map, and resets', async () => {
    const { calls, controller } = await renderDrawer();
    const value = (name: string) => (screen.getByRole('slider', { name }) as HTMLInputElement).value;
    expect(['Brightness', 'Contrast', 'Hue', 'Saturation'].map(value)).toEqual(['1', '1', '0', '1']);
    expect(screen.getByRole('slider', { name: 'Hue' })).toHaveProperty('step', '5');

    await act(async () => {
      fireEvent.change(screen.getByRole('slider', { name: 'Hue' }), { target: { value: '90' } });
      fireEvent.change(screen.getByRole('slider', { name: 'Brightness' }), { target: { value: '1.5' } });
      fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    });
    expect(controller.state().adjustments.hue).toBeCloseTo(Math.PI / 2);
    expect(screen.getByRole('slider', { name: 'Hue' }).getAttribute('aria-valuetext')).toBe('90°');
    expect(calls).toEqual(['adjust:1/1/1.5708/1', 'adjust:1.5/1/1.5708/1', 'base-map:/mapviewer/api/tiles/relief/{z}/{x}/{y}.png?style=dark&v=v3']);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    });
    expect(['Brightness', 'Contrast', 'Hue', 'Saturation'].map(value)).toEqual(['1', '1', '0', '1']);
    expect(screen.getByRole('radio', { name: 'Default (shaded relief)' })).toHaveProperty('checked', true);
    expect(calls.slice(-2)).toEqual(['base-map:/mapviewer/api/tiles/relief/{z}/{x}/{y}.png?v=v3', 'adjust:1/1/0.0000/1']);
  });
});
