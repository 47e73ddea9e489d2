// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createRegistry } from '../../../core/plugin/registry';
import type { UrlStateContribution } from '../../../core/plugin/types';
import { createAppStore } from '../../../core/store/appStore';
import { setShareMap } from '../context';
import { createShareController } from '../shareController';
import SharePanel from './SharePanel';

afterEach(() => {
  cleanup();
  setShareMap(null);
});

function renderPanel(config = { withUrl: false, fullOptions: false, lookAt: false }) {
  const store = createAppStore();
  const urlState = createRegistry<UrlStateContribution>('urlState');
  urlState.registerAs('share-map', { id: 'share-camera', param: 'cam', schema: z.string(), apply: () => {}, read: () => '114.17,22.28,1000' });
  const controller = createShareController({
    map: { onCameraChanged: () => () => {}, pick: async () => null, cameraState: () => null },
    store,
    urlState,
    shownLayers: () => ['temperature'],
    pageAddress: () => 'https://example.test/mapviewer/app/map',
    report: () => {},
  });
  setShareMap({ controller, config, store });
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <SharePanel />
    </IntlProvider>,
  );
  return { store };
}

describe('share panel', () => {
  it('shows the link while share is on, copies it with a visible confirmation and draws its QR code', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { store } = renderPanel();
    expect(screen.queryByTestId('share-map-panel')).toBeNull();
    act(() => store.getState().setSwitch('mode:share', true));
    const link = 'https://example.test/mapviewer/app/map?layers=temperature&cam=114.17,22.28,1000';
    expect((screen.getByLabelText('Link to this map') as HTMLInputElement).value).toBe(link);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole('status').textContent).toBe('Link copied to the clipboard.');
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }));
    const code = await screen.findByRole('img', { name: 'QR code of the link to this map' });
    // Version 5 at error correction M holds this 79-character link: 37 modules plus a 4-module quiet zone each side.
    expect(code.getAttribute('viewBox')).toBe('0 0 45 45');
    expect(screen.getByRole('button', { name: 'Hide QR code' }).getAttribute('aria-expanded')).toBe('true');
    // No full share options and no look-at where the variant's flags leave them out.
    expect(screen.queryByRole('group', { name: 'The link includes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Link to the place at the centre' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Copy link' }), { key: 'Escape' });
    expect(store.getState().share).toBe(false);
    expect(screen.queryByTestId('share-map-panel')).toBeNull();
  });

  it('lets the full share options leave the layers out, and says when the centre of the map is sky', async () => {
    const { store } = renderPanel({ withUrl: true, fullOptions: true, lookAt: true });
    act(() => store.getState().setSwitch('mode:share', true));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Layers' }));
    expect((screen.getByLabelText('Link to this map') as HTMLInputElement).value).toBe('https://example.test/mapviewer/app/map?cam=114.17,22.28,1000');
    expect(screen.getByRole('link', { name: 'E-mail the link' }).getAttribute('href')).toContain(encodeURIComponent('cam=114.17,22.28,1000'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link to the place at the centre' })));
    expect(screen.getByText('The centre of the map shows the sky. Turn the map to the ground and try again.')).toBeTruthy();
  });
});
