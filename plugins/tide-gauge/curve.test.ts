import { describe, expect, it } from 'vitest';
import { CHART_BOX, distanceMeters, hongKongToday, tideChart } from './curve';

describe('tide chart', () => {
  const points = [
    { minutes: 0, heightM: 1.2 },
    { minutes: 360, heightM: 0.3 },
    { minutes: 720, heightM: 2.4 },
    { minutes: 1440, heightM: 1.1 },
  ];
  const extremes = [
    { type: 'low' as const, time: '06:00', minutes: 360, heightM: 0.3 },
    { type: 'high' as const, time: '12:00', minutes: 720, heightM: 2.4 },
  ];

  it('spans the day left to right and half metres bottom to top', () => {
    const chart = tideChart(points, extremes)!;
    expect(chart.minHeightM).toBe(0);
    expect(chart.maxHeightM).toBe(2.5);
    expect(chart.path.startsWith(`M${CHART_BOX.left} `)).toBe(true);
    expect(chart.path.split(' L')).toHaveLength(4);
    expect(chart.hourTicks.map((tick) => tick.x)).toEqual([34, 103.5, 173, 242.5, 312]);
    expect(chart.heightTicks.map((tick) => tick.heightM)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    // The top tick is at the top of the plot, the bottom one at its bottom.
    expect(chart.heightTicks.at(-1)!.y).toBe(CHART_BOX.top);
    expect(chart.heightTicks[0].y).toBe(CHART_BOX.height - CHART_BOX.bottom);
  });

  it('puts the high water mark above the low one, at their times', () => {
    const [low, high] = tideChart(points, extremes)!.marks;
    expect(high.y).toBeLessThan(low.y);
    expect(high.x).toBe(173);
    expect(low.x).toBe(103.5);
  });

  it('draws nothing from fewer than two points, and a flat day a half-metre band', () => {
    expect(tideChart(points.slice(0, 1), [])).toBeNull();
    const flat = tideChart([{ minutes: 0, heightM: 1 }, { minutes: 1440, heightM: 1 }], [])!;
    expect(flat.maxHeightM - flat.minHeightM).toBe(0.5);
  });
});

describe('helpers', () => {
  it('gives the Hong Kong date, which turns at 16:00 UTC', () => {
    expect(hongKongToday(Date.UTC(2026, 10, 26, 15, 59))).toBe('2026-11-26');
    expect(hongKongToday(Date.UTC(2026, 10, 26, 16, 0))).toBe('2026-11-27');
  });

  it('measures about 8.5 km between two points across the harbour', () => {
    expect(distanceMeters({ longitude: 114.2133, latitude: 22.2911 }, { longitude: 114.1381, latitude: 22.3233 }) / 1000).toBeCloseTo(8.5, 0);
  });
});
