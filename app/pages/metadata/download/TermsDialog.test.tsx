// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../../core/plugin/types';
import { MESSAGES } from '../../../i18n/testMessages';
import { useShellStore } from '../../../state/shellStore';
import { TermsDialog } from './TermsDialog';

function renderDialog(open: boolean, language: Language = 'en-US') {
  const onAccept = vi.fn();
  const onDecline = vi.fn();
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <TermsDialog open={open} onAccept={onAccept} onDecline={onDecline} />
    </IntlProvider>,
  );
  return { onAccept, onDecline };
}

beforeEach(() => useShellStore.setState({ aboutSection: null }));
afterEach(() => cleanup());

describe('TermsDialog', () => {
  it('renders nothing while closed', () => {
    renderDialog(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a labelled modal that focuses Accept and reports the choice', () => {
    const { onAccept, onDecline } = renderDialog(true);
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions of Use' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' }));
    fireEvent.click(screen.getByRole('button', { name: 'Not accept' }));
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onAccept).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
  });

  it('declines on Escape', () => {
    const { onAccept, onDecline } = renderDialog(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('keeps Tab inside the dialog', () => {
    renderDialog(true);
    const decline = screen.getByRole('button', { name: 'Not accept' });
    const accept = screen.getByRole('button', { name: 'Accept' });
    accept.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Read the full Terms and Conditions of Use' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(accept);
    expect(decline).toBeTruthy();
  });

  it('opens the full terms in the About dialog', () => {
    renderDialog(true);
    fireEvent.click(screen.getByRole('button', { name: 'Read the full Terms and Conditions of Use' }));
    expect(useShellStore.getState().aboutSection).toBe('terms');
  });

  it('speaks Chinese', () => {
    renderDialog(true, 'zh-HK');
    expect(screen.getByRole('dialog', { name: '使用條款及條件' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '不接受' })).toBeTruthy();
  });
});
