// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../i18n/testMessages';
import { ChunkBoundary } from './ChunkBoundary';
import { retryableLazy } from './retryableLazy';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ChunkBoundary with a retryable lazy component', () => {
  it('shows the failure with Retry instead of nothing, and Retry loads the chunk again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let online = false;
    const loader = vi.fn(() =>
      online
        ? Promise.resolve({ default: () => <p>Loaded page</p> })
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-1.js')),
    );
    const Page = retryableLazy(loader);
    render(
      <IntlProvider locale="zh-HK" messages={MESSAGES['zh-HK']}>
        <ChunkBoundary>
          <Suspense fallback={<p>Loading</p>}>
            <Page />
          </Suspense>
        </ChunkBoundary>
      </IntlProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('此頁面的部分內容未能載入');
    expect(alert.getAttribute('data-kind')).toBe('script');

    // Still offline: Retry asks again and fails again, and the button keeps working.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重試' })));
    await screen.findByRole('alert');
    expect(loader).toHaveBeenCalledTimes(2);

    online = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重試' })));
    expect(await screen.findByText('Loaded page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loader).toHaveBeenCalledTimes(3);
  });

  it('passes an error that is no chunk failure on to the boundary above', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('a bug');
    }
    expect(() =>
      render(
        <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
          <ChunkBoundary>
            <Broken />
          </ChunkBoundary>
        </IntlProvider>,
      ),
    ).toThrow('a bug');
  });
});
