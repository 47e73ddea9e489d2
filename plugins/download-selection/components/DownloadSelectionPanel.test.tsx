// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { fromHk1980 } from '../../../core/contracts/hk1980';
import { allSchemeSheets, formatSheetId, sheetBounds } from '../../../core/contracts/mapSheets';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import type { MapPickResult } from '../../../core/plugin/types';
import { setDownloadSelection } from '../context';
import { createDownloadSelection } from '../selectionController';
import DownloadSelectionPanel, { downloadHref } from './DownloadSelectionPanel';

afterEach(() => {
  cleanup();
  setDownloadSelection(null);
});

describe('download selection panel', () => {
  it('builds the download address with the sheets and the address language', () => {
    expect(downloadHref('3d-visualisation-map-non-textured', ['11-SW-4D', '11-SW-9A'], 'zh-HK')).toEqual({
      pathname: '/download/3d-visualisation-map-non-textured',
      search: '?l=zh-HK&sheets=11-SW-4D%2C11-SW-9A',
    });
    expect(downloadHref('x-y-z', [], null)).toEqual({ pathname: '/download/x-y-z', search: '' });
  });

  it('shows the selection while the tool is on and links to its download', async () => {
    let click: (result: MapPickResult) => void = () => {};
    const controller = createDownloadSelection({
      map: createNoopMapFacade({
        takePointer(mode) {
          click = (result) => mode.onPick(result);
          return () => {};
        },
      }),
      http: {
        json: async (_url, schema) =>
          schema.parse({
            source: 'inferred-scheme',
            sheets: allSchemeSheets()
              .filter((parts) => parts.series === 11)
              .map((parts) => ({ id: formatSheetId(parts), bounds: sheetBounds(parts) })),
          }),
      },
    });
    setDownloadSelection({ controller, metadataId: '3d-visualisation-map-non-textured' });
    const router = createMemoryRouter([{ path: '/map', element: <DownloadSelectionPanel /> }], { initialEntries: ['/map?l=en-US'] });
    render(
      <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
        <RouterProvider router={router} />
      </IntlProvider>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    await act(async () => controller.setActive(true));
    expect(await screen.findByRole('heading', { name: 'Download tiles' })).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const [lon, lat] = fromHk1980([836000, 818500]);
      click({
        screen: { x: 1, y: 1 },
        feature: null,
        hitOtherObject: false,
        position: { longitude: lon, latitude: lat, heightMeters: 0 },
        surface: 'terrain',
      });
    });
    const sheet = controller.getState().selection[0];
    expect(screen.getByText(`Sheet ${sheet} selected`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(`/download/3d-visualisation-map-non-textured?l=en-US&sheets=${sheet}`);
    fireEvent.click(screen.getByRole('button', { name: `Remove ${sheet}` }));
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(screen.getByText(`Sheet ${sheet} removed`)).toBeTruthy();
  });
});
