/**
 * The height tool's state for its panel: the text typed, the adjustment in use and what happened to the last
 * text (applied, or ignored and why). The adjustment stays after the panel closes, as a setting of the page.
 */
import type { Disposer } from '../../core/plugin/types';
import { createStateStore } from '../../core/plugin/stateStore';
import { createDebouncedHeightInput, type HeightInputProblem } from './heightInput';
import type { OverlayHeight } from './overlayHeight';

export const TRAFFIC_HEIGHT_TOOL = 'traffic-height-adjust';

export type HeightFeedback =
  | { kind: 'pending' }
  | { kind: 'applied'; meters: number }
  | { kind: 'rejected'; problem: HeightInputProblem; text: string; keptMeters: number };

export interface TrafficHeightState {
  active: boolean;
  /** What the input shows. */
  text: string;
  /** The adjustment in use, metres. */
  adjustmentMeters: number;
  /** The overlay's own lift above the ground, metres (the markers stand at this plus the adjustment). */
  baseMeters: number;
  feedback: HeightFeedback | null;
}

export interface TrafficHeightController {
  getState(): TrafficHeightState;
  subscribe(listener: () => void): Disposer;
  setActive(on: boolean): void;
  /** A keystroke in the input. */
  type(text: string): void;
  /** Enter: judge the text now instead of after the pause. */
  applyNow(): void;
  dispose(): void;
}

export function createTrafficHeightController(options: { height: OverlayHeight; debounceMs: number; limitMeters: number }): TrafficHeightController {
  const { height } = options;
  const store = createStateStore<TrafficHeightState>({ active: false, text: '0', adjustmentMeters: 0, baseMeters: height.baseMeters, feedback: null });
  const set = store.set;
  const input = createDebouncedHeightInput({
    debounceMs: options.debounceMs,
    limitMeters: options.limitMeters,
    initialMeters: 0,
    onApply: (meters) => {
      height.setAdjustment(meters);
      set({ adjustmentMeters: meters, feedback: { kind: 'applied', meters } });
    },
    onReject: (problem, text, keptMeters) => set({ text: String(keptMeters), feedback: { kind: 'rejected', problem, text, keptMeters } }),
  });
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setActive(on) {
      if (on === store.getState().active) return;
      // Closing the panel still settles what was typed: the value typed is what the developer meant.
      if (!on) input.flush();
      set({ active: on, feedback: on ? null : store.getState().feedback });
    },
    type(text) {
      set({ text, feedback: { kind: 'pending' } });
      input.input(text);
    },
    applyNow: () => input.flush(),
    dispose() {
      input.cancel();
      store.dropListeners();
      height.dispose();
    },
  };
}
