import { describe, expect, it } from 'vitest';
import type { OverlayFeatureCollection } from './features';
import { timeStepAt } from './timeSteps';

const series = { property: 'observedAt', groupProperty: 'stationId' };
const observation = (stationId: string, observedAt: string, speed: number, longitude = 114.1) => ({
  type: 'Feature' as const,
  geometry: { type: 'Point' as const, coordinates: [longitude, 22.3] as [number, number] },
  properties: { stationId, observedAt, speed },
});
const polls: OverlayFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    observation('central', '2025-09-07T22:43:00+08:00', 37),
    observation('waglan', '2025-09-07T22:43:00+08:00', 76, 114.3),
    observation('central', '2025-09-07T22:53:00+08:00', 40),
    // Waglan's second poll is missing: its first stays drawn.
    observation('central', '2025-09-07T23:03:00+08:00', 45),
    observation('waglan', '2025-09-07T23:03:00+08:00', 88, 114.3),
    observation('broken', 'not a time', 1, 114.2),
  ],
};
const at = (iso: string) => Date.parse(iso);
const speeds = (step: ReturnType<typeof timeStepAt>) => step.features.map((feature) => `${feature.properties?.stationId}:${feature.properties?.speed}`);

describe('time steps of a time-aware overlay', () => {
  it('draws per place its latest observation at or before the time', () => {
    expect(speeds(timeStepAt(polls, series, at('2025-09-07T22:43:00+08:00')))).toEqual(['central:37', 'waglan:76']);
    expect(speeds(timeStepAt(polls, series, at('2025-09-07T22:59:59+08:00')))).toEqual(['central:40', 'waglan:76']);
    expect(speeds(timeStepAt(polls, series, at('2025-09-08T01:00:00+08:00')))).toEqual(['central:45', 'waglan:88']);
  });

  it('draws nothing before the first observation, and never an observation without a readable time', () => {
    expect(timeStepAt(polls, series, at('2025-09-07T22:42:59+08:00')).features).toEqual([]);
    expect(speeds(timeStepAt(polls, series, at('2030-01-01T00:00:00Z')))).not.toContain('broken:1');
  });

  it('keys a step by the observations chosen, so moving within a step does not redraw', () => {
    const key = (iso: string) => timeStepAt(polls, series, at(iso)).key;
    expect(key('2025-09-07T22:54:00+08:00')).toBe(key('2025-09-07T23:02:59+08:00'));
    expect(key('2025-09-07T22:54:00+08:00')).not.toBe(key('2025-09-07T23:03:00+08:00'));
  });
});
