// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../core/i18n';
import type { Language } from '../../../core/plugin/types';
import { createAppStore } from '../../../core/store/appStore';
import { setSlowClient } from '../context';
import type { StartRendering } from '../../../core/map/liteRendering';
import { createSlowClient, LIGHT_MODE_TOOL_ID } from '../slowClient';
import SlowClientNotice from './SlowClientNotice';

const MESSAGES = loadMessages(import.meta.glob('../../../locales/*/*.json', { eager: true }));

afterEach(() => {
  cleanup();
  setSlowClient(null);
});

function renderNotice(language: Language = 'en-US', start?: StartRendering) {
  const store = createAppStore();
  let lite = start?.lite ?? false;
  let listener: (ms: number) => void = () => {};
  const controller = createSlowClient(
    {
      store,
      storage: null,
      start,
      counter: { count: 3 },
      map: {
        whenReady: () => Promise.resolve(),
        setLite: (on) => void (lite = on),
        isLite: () => lite,
        onFrameTime: (next) => {
          listener = next;
          return () => {};
        },
      },
    },
    { lightMode: true, countNotification: true },
  );
  store.subscribe((state, previous) => {
    if (state.toggles[LIGHT_MODE_TOOL_ID] !== previous.toggles[LIGHT_MODE_TOOL_ID]) controller.lightModeChanged(state.toggles[LIGHT_MODE_TOOL_ID] ?? false);
  });
  setSlowClient(controller);
  controller.start();
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <SlowClientNotice />
    </IntlProvider>,
  );
  return { store, isLite: () => lite, frame: (ms: number) => listener(ms) };
}

describe('SlowClientNotice', () => {
  it('is hidden until light mode comes on by itself, then says what was measured; "Turn off light mode" turns it off', () => {
    const { store, isLite, frame } = renderNotice();
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      for (let i = 0; i < 3; i++) frame(125);
    });
    expect(isLite()).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      'The map was drawing at 8 frames a second, so light mode was switched on: simpler drawing for smoother movement.' +
        'You can turn it off here, or at any time with the Light mode tool (↯).',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Turn off light mode' }));
    expect(isLite()).toBe(false);
    expect(store.getState().toggles[LIGHT_MODE_TOOL_ID]).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names a software renderer in zh-HK, and "Keep light mode" (保留輕量模式) hides the notice and keeps it', async () => {
    const { store, isLite } = renderNotice('zh-HK', { lite: true, reason: 'software-renderer', renderer: 'SwiftShader' });
    await act(async () => {
      for (let i = 0; i < 3; i++) await Promise.resolve();
    });
    expect(screen.getByRole('status').textContent).toContain('此瀏覽器以軟件（SwiftShader）而非顯示卡繪畫地圖，因此已開啟輕量模式');
    fireEvent.click(screen.getByRole('button', { name: '保留輕量模式' }));
    expect(store.getState().slowClientWarnings).toBe(false);
    expect(isLite()).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
