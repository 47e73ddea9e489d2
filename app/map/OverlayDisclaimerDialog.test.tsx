// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { overlayManifestSchema } from '../../core/manifests/schemas';
import type { Language } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { MESSAGES } from '../i18n/testMessages';
import { OverlayDisclaimerDialog } from './OverlayDisclaimerDialog';

const lotgla = overlayManifestSchema.parse({
  id: 'lotgla',
  mode: 'WMTS',
  name: { 'en-US': 'Lot boundaries', 'zh-HK': '地段界線', 'zh-CN': '地段界线' },
  url: '/wmts',
  hasDisclaimer: true,
  disclaimer: {
    title: { 'en-US': 'Lot boundaries disclaimer', 'zh-HK': '地段界線免責聲明', 'zh-CN': '地段界线免责声明' },
    text: {
      'en-US': 'Lot boundaries are for reference only.\n\nThey are not a land boundary survey.',
      'zh-HK': '地段界線只供參考。',
      'zh-CN': '地段界线只供参考。',
    },
  },
});
const temperature = overlayManifestSchema.parse({
  id: 'temperature',
  mode: 'GEOJSON',
  name: { 'en-US': 'Temperature', 'zh-HK': '氣溫', 'zh-CN': '气温' },
  url: '/t',
});

function renderDialog(language: Language = 'en-US') {
  const store = createAppStore();
  const opener = document.createElement('button');
  opener.textContent = 'Layers';
  document.body.append(opener);
  opener.focus();
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <OverlayDisclaimerDialog store={store} manifests={[lotgla, temperature]} />
    </IntlProvider>,
  );
  return { store, opener };
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('OverlayDisclaimerDialog', () => {
  it('asks when an overlay with a disclaimer is switched on; accepting keeps it on for the session', () => {
    const { store, opener } = renderDialog();
    act(() => store.getState().setOverlayShown('temperature', true));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    act(() => store.getState().setOverlayShown('lotgla', true));
    const dialog = screen.getByRole('alertdialog', { name: 'Lot boundaries disclaimer' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.querySelectorAll('p')).toHaveLength(2);
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(store.getState().overlays.lotgla).toMatchObject({ shown: true, disclaimerAccepted: true });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    // Accepted once per session: switching it off and on again does not ask again.
    act(() => store.getState().setOverlayShown('lotgla', false));
    act(() => store.getState().setOverlayShown('lotgla', true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('switches the overlay off when not accepted, and asks again next time', () => {
    const { store, opener } = renderDialog('zh-HK');
    act(() => store.getState().setOverlayShown('lotgla', true));
    expect(screen.getByRole('alertdialog', { name: '地段界線免責聲明' }).textContent).toContain('地段界線只供參考。');
    fireEvent.click(screen.getByRole('button', { name: '不接受' }));
    expect(store.getState().overlays.lotgla).toMatchObject({ shown: false });
    expect(store.getState().overlays.lotgla.disclaimerAccepted).toBeFalsy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    act(() => store.getState().setOverlayShown('lotgla', true));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('treats Escape as not accepting', () => {
    const { store } = renderDialog('zh-CN');
    act(() => store.getState().setOverlayShown('lotgla', true));
    expect(screen.getByRole('button', { name: '接受' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(store.getState().overlays.lotgla.shown).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    const { store } = renderDialog();
    act(() => store.getState().setOverlayShown('lotgla', true));
    const decline = screen.getByRole('button', { name: 'Do not accept' });
    const accept = screen.getByRole('button', { name: 'Accept' });
    accept.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(decline);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(accept);
  });
});
