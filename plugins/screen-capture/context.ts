import type { ScreenRecorder } from './recorder';

/** The active recorder, for the lazily loaded panel (lazy components take no props). */
let current: ScreenRecorder | null = null;

export function setScreenRecorder(next: ScreenRecorder | null): void {
  current = next;
}

export function screenRecorder(): ScreenRecorder | null {
  return current;
}
