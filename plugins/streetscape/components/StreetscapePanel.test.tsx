// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createRecordingMap } from '../../../core/map/testing/recordingMap';
import type { Language, PluginContext } from '../../../core/plugin/types';
import { setStreetscapeRuntime } from '../context';
import { createStreetscapeController } from '../controller';
import { indexOf, streetOfPanoramas } from '../testing';
import StreetscapePanel from './StreetscapePanel';

afterEach(() => {
  cleanup();
  setStreetscapeRuntime(null);
});

function renderPanel(loadIndex: () => Promise<ReturnType<typeof indexOf>>, language: Language = 'en-US') {
  const { map } = createRecordingMap();
  const controller = createStreetscapeController({
    map,
    analytics: { emit: () => {} },
    loadIndex,
    notifyUnavailable: vi.fn(),
    showPanel: () => {},
    switchOff: () => {},
    freeArea: () => Promise.resolve({ free: null, aspect: 1.5 }),
  });
  const ctx = { i18n: { language: () => language } } as unknown as PluginContext;
  setStreetscapeRuntime({ controller, ctx });
  render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <StreetscapePanel />
    </IntlProvider>,
  );
  return controller;
}

describe('the streetscape drawer', () => {
  it('lists the covered streets by set, with the keyboard way to the panorama at the map centre', async () => {
    const controller = renderPanel(() => Promise.resolve(indexOf(streetOfPanoramas(4))));
    await act(async () => controller.setActive(true));
    expect(screen.getByRole('button', { name: 'Open the nearest panorama to the map centre' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kwun Tong (rendered sample)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test Road (4 panoramas)' })).toBeTruthy();
  });

  it('says it cannot start when the index fails, in the page language, and Retry reads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loadIndex = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue(indexOf(streetOfPanoramas(2)));
    const controller = renderPanel(loadIndex, 'zh-HK');
    await act(async () => controller.setActive(true));
    expect(screen.getByRole('alert').textContent).toContain('街景 360 目前無法啟動，請稍後再試。');
    await act(async () => screen.getByRole('button', { name: '重試' }).click());
    expect(loadIndex).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Test Road（2 個全景）' })).toBeTruthy();
  });
});
