// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createNoopMapFacade } from '../../../core/map/noopFacade';
import type { PointerMode } from '../../../core/plugin/types';
import { setInspectorController } from '../context';
import { createInspectorController } from '../inspectorController';
import InspectorPanel from './InspectorPanel';

afterEach(() => {
  cleanup();
  setInspectorController(null);
});

describe('inspector panel', () => {
  it('shows the clicked point and the camera with a named Copy button for each value', async () => {
    let mode: PointerMode | null = null;
    const controller = createInspectorController({
      map: createNoopMapFacade({
        takePointer: (taken) => {
          mode = taken;
          return () => {};
        },
        cameraState: () => ({ longitude: 114.1, latitude: 22.2, heightMeters: 3000, headingDegrees: 10, pitchDegrees: -45, rollDegrees: 0 }),
      }),
      onEscape: () => {},
    });
    setInspectorController(controller);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <IntlProvider locale="zh-HK" messages={MESSAGES['zh-HK']}>
        <InspectorPanel />
      </IntlProvider>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    act(() => controller.setActive(true));
    expect(screen.getByText('點擊地形或建築物以讀取其坐標。按 Escape 結束檢查器。')).toBeTruthy();
    act(() =>
      mode!.onPick({ screen: { x: 0, y: 0 }, feature: null, hitOtherObject: false, position: { longitude: 114.1694, latitude: 22.3193, heightMeters: 8 }, surface: 'model' }),
    );
    expect(screen.getByRole('heading', { name: '建築物上的點擊位置' })).toBeTruthy();
    const copyEasting = screen.getByRole('button', { name: '複製香港1980方格東坐標（米）' });
    await act(async () => fireEvent.click(copyEasting));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/^83\d{4}\.\d\d$/));
    expect(screen.getByText('已複製')).toBeTruthy();
    expect(screen.getByRole('button', { name: '複製方向角（°）' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^複製/ })).toHaveLength(12);
  });
});
