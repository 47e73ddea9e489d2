// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { useContractText } from '.';

// The zh-CN chunk fails to arrive (a dropped connection, a stale deployment).
vi.mock('./zh-CN', () => {
  throw new Error('chunk failed');
});

function inLanguage(language: string) {
  return ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={language} messages={{}}>
      {children}
    </IntlProvider>
  );
}

describe('useContractText', () => {
  it('gives the English text itself in en-US', () => {
    const { result } = renderHook(() => useContractText(), { wrapper: inLanguage('en-US') });
    expect(result.current.status).toBe('ready');
    expect(result.current.text('Terrain')).toBe('Terrain');
  });

  it('translates once the table has loaded', async () => {
    const { result } = renderHook(() => useContractText(), { wrapper: inLanguage('zh-HK') });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.text('Terrain')).toMatch(/[\u4e00-\u9fff]/);
    expect(result.current.text('a text no contract says')).toBe('a text no contract says');
  });

  it('keeps the English texts and says so when the table cannot be loaded', async () => {
    const { result } = renderHook(() => useContractText(), { wrapper: inLanguage('zh-CN') });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.text('Terrain')).toBe('Terrain');
  });
});
