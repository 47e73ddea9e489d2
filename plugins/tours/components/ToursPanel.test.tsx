// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { tourManifestSchema } from '../../../core/manifests/schemas';
import { createRegistry } from '../../../core/plugin/registry';
import type { OverlayContribution } from '../../../core/plugin/types';
import { createAppStore } from '../../../core/store/appStore';
import { setTours } from '../context';
import { createTourPlayer } from '../tourPlayer';
import ToursPanel from './ToursPanel';

afterEach(() => {
  cleanup();
  setTours(null);
});

const text = (en: string, hk: string) => ({ 'en-US': en, 'zh-HK': hk, 'zh-CN': hk });
const view = { longitude: 114.17, latitude: 22.29, heightMeters: 1000 };
const harbour = tourManifestSchema.parse({
  id: 'victoria-harbour',
  name: text('Victoria Harbour', '維多利亞港'),
  stops: [
    { title: text('Central', '中環'), text: text('Central faces the harbour.', '中環面向海港。'), view },
    { title: text('Tsim Sha Tsui', '尖沙咀'), text: text('The tip of Kowloon.', '九龍半島南端。'), view },
  ],
});

describe('tours panel', () => {
  it('lists the tours, plays one with its progress, Back and Next, and Escape ends it', async () => {
    const store = createAppStore();
    const player = createTourPlayer({
      map: { setView: () => {} },
      store,
      overlays: createRegistry<OverlayContribution>('overlays'),
      analytics: { emit: () => {} },
      load: async () => ({ tours: [harbour], problems: [] }),
      report: () => {},
    });
    setTours({ player, store });
    render(
      <IntlProvider locale="zh-HK" messages={MESSAGES['zh-HK']}>
        <ToursPanel />
      </IntlProvider>,
    );
    expect(screen.queryByTestId('tours-panel')).toBeNull();
    act(() => store.getState().setSwitch('mode:tours', true));
    expect(screen.getByRole('status').textContent).toBe('正在擷取數據...');
    await act(async () => player.load());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^維多利亞港/ })));
    expect(screen.getByRole('heading', { name: '中環' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '導覽進度' }).getAttribute('aria-valuetext')).toBe('第 1 站，共 2 站');
    expect((screen.getByRole('button', { name: '上一站' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下一站' }));
    expect(screen.getByRole('heading', { name: '尖沙咀' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '完成導覽' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: '上一站' }), { key: 'Escape' });
    expect(store.getState().tours).toBe(false);
    expect(screen.queryByTestId('tours-panel')).toBeNull();
  });
});
