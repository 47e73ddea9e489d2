// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../core/i18n';
import type { Language } from '../../../core/plugin/types';
import { createAppStore } from '../../../core/store/appStore';
import { setSlowClient } from '../context';
import { createSlowClient, LIGHT_MODE_TOOL_ID } from '../slowClient';
import SlowClientNotice from './SlowClientNotice';

const MESSAGES = loadMessages(import.meta.glob('../../../locales/*/*.json', { eager: true }));

afterEach(() => {
  cleanup();
  setSlowClient(null);
});

function renderNotice(language: Language = 'en-US') {
  const store = createAppStore();
  let lite = false;
  const controller = createSlowClient(
    {
      store,
      storage: null,
      map: { whenReady: () => Promise.resolve(), setLite: (on) => void (lite = on), isLite: () => lite, onFrameTime: () => () => {} },
    },
    { lightMode: true, countNotification: true },
  );
  store.subscribe((state, previous) => {
    if (state.toggles[LIGHT_MODE_TOOL_ID] !== previous.toggles[LIGHT_MODE_TOOL_ID]) controller.lightModeChanged(state.toggles[LIGHT_MODE_TOOL_ID] ?? false);
  });
  setSlowClient(controller);
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <SlowClientNotice />
    </IntlProvider>,
  );
  return { store, isLite: () => lite };
}

describe('SlowClientNotice', () => {
  it('is hidden until the warnings are on, then offers light mode with two named buttons', () => {
    const { store, isLite } = renderNotice();
    expect(screen.queryByRole('status')).toBeNull();
    act(() => store.getState().setSlowClientWarnings(true));
    expect(screen.getByRole('status').textContent).toBe('The map is running slowly on this device. Switch to light mode for smoother movement?');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(isLite()).toBe(true);
    expect(store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('"Not now" hides it and leaves the map as it is', () => {
    const { store, isLite } = renderNotice('zh-HK');
    act(() => store.getState().setSlowClientWarnings(true));
    fireEvent.click(screen.getByRole('button', { name: '暫時不要' }));
    expect(store.getState().slowClientWarnings).toBe(false);
    expect(isLite()).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
