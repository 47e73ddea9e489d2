// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../core/contracts/common';
import { MESSAGES } from '../../i18n/testMessages';
import ApiApplyKeyPage from './ApiApplyKeyPage';
import { resetSiteContact } from '../../content/siteContact';
import { quarterOf } from './keyRequest';

/** The deployment's configured key mailbox, as GET /mapviewer/api/config answers it (not the default). */
const KEY_REQUEST_MAILBOX = 'apikeys@landsd.gov.hk';

beforeEach(() => {
  resetSiteContact();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/mapviewer/api/config'
        ? new Response(JSON.stringify({ contact: { email: '3dmap@landsd.gov.hk', keyRequestEmail: KEY_REQUEST_MAILBOX, telephone: null } }), { headers: { 'content-type': 'application/json' } })
        : new Response('not found', { status: 404 }),
    ),
  );
});

function renderPage(language: Language = 'en-US') {
  const router = createMemoryRouter([{ path: '/api/apply-key', element: <ApiApplyKeyPage /> }], { initialEntries: ['/api/apply-key'] });
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

function fillValidRequest() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Chan Tai Man' } });
  fireEvent.change(screen.getByLabelText('Organisation'), { target: { value: 'Example Surveying & Co' } });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'tm.chan@example.com' } });
  fireEvent.click(screen.getByLabelText('Production'));
  fireEvent.click(screen.getByLabelText('Download API'));
  fireEvent.change(screen.getByLabelText('Intended use'), { target: { value: 'Site plans around our projects, refreshed monthly.' } });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('apply for an API key', () => {
  it('offers the quarters from 2022Q4 to the next one, the current quarter chosen', () => {
    renderPage();
    const period = screen.getByLabelText('Key period') as HTMLSelectElement;
    const options = within(period).getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
    expect(options[1]).toBe('2022Q4');
    expect(period.value).toBe(quarterOf(new Date()));
    expect(options.indexOf(quarterOf(new Date()))).toBe(options.length - 2);
  });

  it('shows a message per invalid field, tied to it, and moves the focus to the first one', () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Prepare the e-mail' }));
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe('Enter your name.');
    expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    expect(screen.getByText('Choose the environment the key is for.')).toBeTruthy();
    expect(screen.getByText('Choose at least one API.')).toBeTruthy();
    expect(screen.getByText('Describe the intended use in at least 20 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(screen.queryByRole('heading', { name: 'Your e-mail is ready' })).toBeNull();

    fireEvent.change(name, { target: { value: 'Chan' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Enter your name.')).toBeNull();
  });

  it('prepares the e-mail: full text, a mailto: link with subject and body encoded, and a Copy button', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    // The page names the configured mailbox, not a default or placeholder one.
    expect(await screen.findByText(`Key requests go to ${KEY_REQUEST_MAILBOX}.`)).toBeTruthy();
    fillValidRequest();
    fireEvent.click(screen.getByRole('button', { name: 'Prepare the e-mail' }));

    expect(await screen.findByRole('heading', { name: 'Your e-mail is ready' })).toBeTruthy();
    const body = screen.getByLabelText('E-mail text').textContent!;
    expect(body).toContain('Organisation: Example Surveying & Co');
    expect(body).toContain('Environment: Production');
    expect(body).toContain('APIs: Download API');
    expect(body).toContain('Intended use:\nSite plans around our projects, refreshed monthly.');
    const period = quarterOf(new Date());
    expect(screen.getByText(`API key request: Production, ${period}, Example Surveying & Co`)).toBeTruthy();

    const link = screen.getByRole('link', { name: 'Open in my e-mail program' }).getAttribute('href')!;
    expect(link.startsWith(`mailto:${KEY_REQUEST_MAILBOX}?subject=`)).toBe(true);
    const [subjectPart, bodyPart] = link.split('?')[1].split('&body=');
    expect(decodeURIComponent(subjectPart.replace('subject=', ''))).toBe(`API key request: Production, ${period}, Example Surveying & Co`);
    expect(decodeURIComponent(bodyPart)).toBe(body.replace(/\n/g, '\r\n'));

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByText('Copied.')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`To: ${KEY_REQUEST_MAILBOX}`));
    expect(writeText.mock.calls[0][0]).toContain(body);
  });

  it('drops the prepared e-mail when the request changes, so it never goes out stale', async () => {
    renderPage();
    fillValidRequest();
    fireEvent.click(screen.getByRole('button', { name: 'Prepare the e-mail' }));
    await screen.findByRole('heading', { name: 'Your e-mail is ready' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Wong' } });
    expect(screen.queryByRole('heading', { name: 'Your e-mail is ready' })).toBeNull();
  });

  it('prepares the e-mail in Chinese on the zh-HK page', async () => {
    renderPage('zh-HK');
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '陳大文' } });
    fireEvent.change(screen.getByLabelText('機構'), { target: { value: '個人' } });
    fireEvent.change(screen.getByLabelText('電郵'), { target: { value: 'tm.chan@example.com' } });
    fireEvent.click(screen.getByLabelText('開發'));
    fireEvent.click(screen.getByLabelText('三維地圖圖塊 API'));
    fireEvent.change(screen.getByLabelText('擬定用途'), { target: { value: '為學校專題研習製作校園附近的三維模型展示。' } });
    fireEvent.click(screen.getByRole('button', { name: '擬備電郵' }));
    expect(await screen.findByRole('heading', { name: '你的電郵已擬備' })).toBeTruthy();
    expect(screen.getByLabelText('電郵內容').textContent).toContain('環境：開發');
  });
});
