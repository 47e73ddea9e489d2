// @vitest-environment jsdom
/**
 * About > Contact Us shows the site's configured contact (GET /mapviewer/api/config, README "Site settings"), with
 * the telephone only when one is configured, and never a placeholder address.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../i18n/testMessages';
import { resetSiteContact } from '../content/siteContact';
import { useShellStore } from '../state/shellStore';
import { AboutDialog } from './AboutDialog';

function answer(contact: object | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (contact ? new Response(JSON.stringify({ contact }), { headers: { 'content-type': 'application/json' } }) : new Response('down', { status: 503 }))),
  );
}

function renderContact() {
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <AboutDialog />
    </IntlProvider>,
  );
  act(() => useShellStore.getState().openAbout('contact'));
  return screen.getByRole('dialog');
}

beforeEach(() => resetSiteContact());
afterEach(() => {
  cleanup();
  act(() => useShellStore.getState().closeAbout());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Contact Us', () => {
  it('shows the configured e-mail and telephone', async () => {
    answer({ email: 'enquiry@landsd.gov.hk', keyRequestEmail: 'apikey@landsd.gov.hk', telephone: '+852 2231 3444' });
    const dialog = renderContact();
    expect((await within(dialog).findByRole('link', { name: 'enquiry@landsd.gov.hk' })).getAttribute('href')).toBe('mailto:enquiry@landsd.gov.hk');
    expect(within(dialog).getByRole('link', { name: '+852 2231 3444' }).getAttribute('href')).toBe('tel:+85222313444');
    expect(dialog.textContent).not.toMatch(/\.example\b|0000 0000/);
  });

  it('falls back to the Contact Us address, without a telephone, when the settings cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer(null);
    const dialog = renderContact();
    expect(within(dialog).getByRole('link', { name: '3dmap@landsd.gov.hk' })).toBeTruthy();
    await act(async () => {
      await Promise.resolve();
    });
    expect(within(dialog).getByRole('link', { name: '3dmap@landsd.gov.hk' })).toBeTruthy();
    expect(within(dialog).queryByText('Telephone')).toBeNull();
  });
});
