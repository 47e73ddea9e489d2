import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedHeightInput, parseHeightAdjustment } from './heightInput';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setUp(initialMeters = 0) {
  const onApply = vi.fn();
  const onReject = vi.fn();
  const input = createDebouncedHeightInput({ debounceMs: 3500, limitMeters: 1000, initialMeters, onApply, onReject });
  return { input, onApply, onReject };
}

describe('height input (SPEC §5: debounced 3500 ms; empty, not a number or beyond ±1000 ignored and reverted)', () => {
  it('applies 3500 ms after the last keystroke, and each keystroke starts the wait again', () => {
    const { input, onApply } = setUp();
    input.input('2');
    vi.advanceTimersByTime(3000);
    input.input('25');
    vi.advanceTimersByTime(3499);
    expect(onApply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onApply).toHaveBeenCalledExactlyOnceWith(25);
    expect(input.lastValid()).toBe(25);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'not-a-number'],
    ['12m', 'not-a-number'],
    ['1e3', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['--5', 'not-a-number'],
    ['1000.5', 'out-of-range'],
    ['-1001', 'out-of-range'],
  ] as const)('ignores %j (%s) and reverts to the last valid value', (text, problem) => {
    const { input, onApply, onReject } = setUp();
    input.input('40');
    vi.advanceTimersByTime(3500);
    input.input(text);
    vi.advanceTimersByTime(3500);
    expect(onApply).toHaveBeenCalledExactlyOnceWith(40);
    expect(onReject).toHaveBeenCalledExactlyOnceWith(problem, text, 40);
    expect(input.lastValid()).toBe(40);
  });

  it('accepts the limits themselves, negatives, decimals and a leading sign', () => {
    expect(parseHeightAdjustment('1000', 1000)).toEqual({ value: 1000 });
    expect(parseHeightAdjustment('-1000', 1000)).toEqual({ value: -1000 });
    expect(parseHeightAdjustment(' +2.5 ', 1000)).toEqual({ value: 2.5 });
    expect(parseHeightAdjustment('.5', 1000)).toEqual({ value: 0.5 });
    expect(parseHeightAdjustment('-0', 1000)).toEqual({ value: 0 });
  });

  it('does not apply the value already in use again', () => {
    const { input, onApply, onReject } = setUp(7);
    input.input('7.0');
    vi.advanceTimersByTime(3500);
    expect(onApply).not.toHaveBeenCalled();
    expect(onReject).not.toHaveBeenCalled();
  });

  it('judges the text at once on flush (Enter), and not again when the timer would have fired', () => {
    const { input, onApply } = setUp();
    input.input('-12');
    input.flush();
    expect(onApply).toHaveBeenCalledExactlyOnceWith(-12);
    vi.advanceTimersByTime(10_000);
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('drops a pending text on cancel', () => {
    const { input, onApply, onReject } = setUp();
    input.input('30');
    input.cancel();
    vi.advanceTimersByTime(10_000);
    expect(onApply).not.toHaveBeenCalled();
    expect(onReject).not.toHaveBeenCalled();
  });
});
