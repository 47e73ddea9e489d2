// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import { appStore } from '../../../core/store';
import { setWalkController } from '../context';
import { FIRST_PERSON_TOOL, type WalkController, type WalkState } from '../walkController';
import FirstPersonPanel from './FirstPersonPanel';

afterEach(() => {
  cleanup();
  setWalkController(null);
});

/** A controller whose state the test sets. */
function fakeController() {
  let state: WalkState = { phase: 'off', blocked: false };
  const listeners = new Set<() => void>();
  const controller: WalkController = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setActive: () => {},
    enterAt: () => Promise.resolve(),
    enterAtCentre: vi.fn(() => Promise.resolve(true)),
    dispose: () => {},
  };
  const set = (next: WalkState) =>
    act(() => {
      state = next;
      for (const listener of listeners) listener();
    });
  return { controller, set };
}

function renderPanel() {
  const fake = fakeController();
  setWalkController(fake.controller);
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <FirstPersonPanel />
    </IntlProvider>,
  );
  return fake;
}

describe('first-person panel', () => {
  it('asks for a place while choosing, lists the controls while walking, and its button switches the tool off', () => {
    const { set, controller } = renderPanel();
    expect(screen.queryByTestId('first-person-panel')).toBeNull();
    set({ phase: 'choosing', blocked: false });
    expect(screen.getByText('Click the place on the map where you want to stand.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel first-person view' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stand at the centre of the map' }));
    expect(controller.enterAtCentre).toHaveBeenCalledTimes(1);

    set({ phase: 'walking', blocked: false });
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['W or ↑', 'S or ↓', 'A, D', '←, →', 'Drag', 'Shift', 'Esc']);
    expect(screen.getByText('Walk forward')).toBeTruthy();
    expect(screen.getByText('Look around')).toBeTruthy();
    expect(screen.getByText('Leave first-person view')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
    set({ phase: 'walking', blocked: true });
    expect(screen.getByRole('status').textContent).toBe('A wall is in the way.');

    appStore.getState().setToggle(FIRST_PERSON_TOOL, true);
    fireEvent.click(screen.getByRole('button', { name: 'Exit first-person view' }));
    expect(appStore.getState().toggles[FIRST_PERSON_TOOL]).toBe(false);
  });
});
