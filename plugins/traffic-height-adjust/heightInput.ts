/**
 * The development-only height input of SPEC §5: the text applies `debounceMs` (3500 ms, SPEC §9) after the last
 * keystroke; an empty text, one that is not a plain decimal number, or one beyond ± `limitMeters` (1000) is ignored
 * and the input goes back to the last valid value.
 */

export type HeightInputProblem = 'empty' | 'not-a-number' | 'out-of-range';

/** A plain decimal number in metres, e.g. `12`, `-3.5`, `.5`; no exponent, hex or thousands separators. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export function parseHeightAdjustment(text: string, limitMeters: number): { value: number } | { problem: HeightInputProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'empty' };
  if (!DECIMAL.test(trimmed)) return { problem: 'not-a-number' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { problem: 'not-a-number' };
  if (Math.abs(value) > limitMeters) return { problem: 'out-of-range' };
  // -0 reads as 0 everywhere it is shown.
  return { value: value === 0 ? 0 : value };
}

export interface DebouncedHeightInput {
  /** A keystroke: the text is judged `debounceMs` after the last one. */
  input(text: string): void;
  /** Judges the pending text now (Enter). */
  flush(): void;
  /** Drops the pending text. */
  cancel(): void;
  /** The value in use. */
  lastValid(): number;
}

export function createDebouncedHeightInput(options: {
  debounceMs: number;
  limitMeters: number;
  initialMeters: number;
  /** A new valid value (not called when the value is the one in use). */
  onApply(meters: number): void;
  /** The text was ignored for `problem`; the input should show `keptMeters` again. */
  onReject(problem: HeightInputProblem, text: string, keptMeters: number): void;
}): DebouncedHeightInput {
  let valid = options.initialMeters;
  let pending: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const settle = () => {
    timer = undefined;
    if (pending === null) return;
    const text = pending;
    pending = null;
    const parsed = parseHeightAdjustment(text, options.limitMeters);
    if ('problem' in parsed) {
      options.onReject(parsed.problem, text, valid);
      return;
    }
    if (parsed.value === valid) return;
    valid = parsed.value;
    options.onApply(valid);
  };

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = null;
  };

  return {
    input(text) {
      if (timer !== undefined) clearTimeout(timer);
      pending = text;
      timer = setTimeout(settle, options.debounceMs);
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      settle();
    },
    cancel,
    lastValid: () => valid,
  };
}
