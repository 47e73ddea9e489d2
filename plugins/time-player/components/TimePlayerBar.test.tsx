// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { createDeferredSceneClock } from '../../../core/map/sceneClock';
import { setTimePlayer } from '../context';
import { createTimePlayerController } from '../timePlayerController';
import TimePlayerBar from './TimePlayerBar';

afterEach(() => {
  cleanup();
  setTimePlayer(null);
});

describe('time player bar', () => {
  it('shows only while on; the slider steps by keyboard and reaches the very end; every control is named', () => {
    const clock = createDeferredSceneClock();
    const controller = createTimePlayerController(clock, () => {});
    setTimePlayer({ controller, clock });
    render(
      <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
        <TimePlayerBar />
      </IntlProvider>,
    );
    expect(screen.queryByTestId('time-player')).toBeNull();
    const label = { 'en-US': 'Typhoon night', 'zh-HK': '颱風之夜', 'zh-CN': '台风之夜' };
    act(() => void controller.open({ start: new Date('2025-09-07T14:43:09Z'), end: new Date('2025-09-07T16:57:26Z'), stepSeconds: 60, label }));
    const bar = screen.getByRole('region', { name: 'Typhoon night' });
    const time = screen.getByTestId('time-player-time');
    expect(time.textContent).toMatch(/7 Sept? 2025, 22:43 HKT/);
    const slider = screen.getByRole('slider', { name: 'Time' });
    act(() => void fireEvent.keyDown(slider, { key: 'End' }));
    expect(clock.now().toISOString()).toBe('2025-09-07T16:57:26.000Z');
    act(() => void fireEvent.keyDown(slider, { key: 'PageDown' }));
    expect(clock.now().toISOString()).toBe('2025-09-07T16:47:26.000Z');
    act(() => void fireEvent.keyDown(slider, { key: 'Home' }));
    expect(time.textContent).toMatch(/22:43 HKT/);
    // Dragged to the last step before the end, the slider gives the end itself.
    act(() => void fireEvent.change(slider, { target: { value: String(Date.parse('2025-09-07T16:57:09Z')) } }));
    expect(clock.now().toISOString()).toBe('2025-09-07T16:57:26.000Z');

    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Play' })));
    expect(clock.isPlaying()).toBe(true);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Pause' })));
    act(() => void fireEvent.change(screen.getByRole('combobox', { name: 'Speed' }), { target: { value: '3600' } }));
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Backwards' })));
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Loop' })));
    expect(clock.state()).toMatchObject({ playMultiplier: -3600, isLoop: true, isPlaying: false });
    expect(screen.getByRole('button', { name: 'Backwards' }).getAttribute('aria-pressed')).toBe('true');

    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Close time player' })));
    expect(bar.isConnected).toBe(false);
    expect(clock.state().on).toBe(false);
  });
});
