import { describe, expect, it, vi } from 'vitest';
import { createFrameListeners, createRenderDemand } from './renderDemand';

describe('continuous rendering on demand', () => {
  it('renders continuously from the first claim to the last release, a release counting once', () => {
    const modes: boolean[] = [];
    const demand = createRenderDemand((on) => modes.push(on));
    const first = demand.claim();
    const second = demand.claim();
    expect(demand.continuous()).toBe(true);
    first();
    first();
    expect(demand.continuous()).toBe(true);
    second();
    expect(demand.continuous()).toBe(false);
    expect(modes).toEqual([true, false]);
  });

  it('gives frame listeners the seconds since the frame they last saw and the clock time, each holding a claim', () => {
    const modes: boolean[] = [];
    const frames = createFrameListeners(createRenderDemand((on) => modes.push(on)));
    const walk = vi.fn();
    const stopWalk = frames.add(walk);
    expect(modes).toEqual([true]);
    const time = new Date('2026-11-26T06:00:00Z');
    frames.beforeFrame(1000, time);
    frames.beforeFrame(1016, time);
    const late = vi.fn();
    const stopLate = frames.add(late);
    frames.beforeFrame(1050, time);
    expect(walk.mock.calls.map(([frame]) => frame.deltaSeconds)).toEqual([0, 0.016, 0.034]);
    expect(late.mock.calls.map(([frame]) => frame.deltaSeconds)).toEqual([0]);
    expect(walk.mock.calls[0]![0].time).toEqual(time);
    stopWalk();
    stopWalk();
    expect(modes).toEqual([true]);
    stopLate();
    expect(modes).toEqual([true, false]);
    frames.beforeFrame(1100, time);
    expect(walk).toHaveBeenCalledTimes(3);
  });

  it('keeps calling the others when a frame listener fails, and lets go of every claim on clear', () => {
    const modes: boolean[] = [];
    const frames = createFrameListeners(createRenderDemand((on) => modes.push(on)));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    frames.add(() => {
      throw new Error('boom');
    });
    const other = vi.fn();
    frames.add(other);
    frames.beforeFrame(0, new Date());
    expect(other).toHaveBeenCalledTimes(1);
    frames.clear();
    expect(modes).toEqual([true, false]);
    error.mockRestore();
  });
});
