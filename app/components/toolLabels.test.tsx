// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setToolLabels, TOOL_LABELS_STORAGE_KEY, useToolLabels } from './toolLabels';

function Probe({ name }: { name: string }) {
  return <p data-testid={name}>{useToolLabels() ? 'on' : 'off'}</p>;
}

describe('tool labels setting', () => {
  afterEach(() => act(() => setToolLabels(false)));

  it('is off by default, switches every user at once and is kept in localStorage', () => {
    render(
      <>
        <Probe name="navigation" />
        <Probe name="tools" />
      </>,
    );
    expect(screen.getByTestId('navigation').textContent).toBe('off');
    act(() => setToolLabels(true));
    expect(screen.getByTestId('navigation').textContent).toBe('on');
    expect(screen.getByTestId('tools').textContent).toBe('on');
    expect(window.localStorage.getItem(TOOL_LABELS_STORAGE_KEY)).toBe('on');
    act(() => setToolLabels(false));
    expect(screen.getByTestId('tools').textContent).toBe('off');
    expect(window.localStorage.getItem(TOOL_LABELS_STORAGE_KEY)).toBeNull();
  });
});
