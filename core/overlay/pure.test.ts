import { describe, expect, it } from 'vitest';
import { overlayEntityId, parseOverlayEntityId } from './entityId';
import { FALLBACK_RGB, parseCssColour, parseRgb, rgbToCss } from './colour';
import { formatLabel } from './labelTemplate';
import { planReconcile, signatureOf } from './reconcile';
import { buildFetchUrl, nextRefreshDelayMs, refreshIntervalMs } from './schedule';

describe('overlayEntityId', () => {
  it('joins layer id, coordinates and geometry kind with a triple bar', () => {
    expect(overlayEntityId('temperature', 114.1741667, 22.3019444, 'Point')).toBe('temperature|||114.1741667|||22.3019444|||Point');
  });
  it('parses back', () => {
    expect(parseOverlayEntityId('wind|||114.1|||22.3|||Point')).toEqual({ layerId: 'wind', longitude: 114.1, latitude: 22.3, kind: 'Point' });
    expect(parseOverlayEntityId('wind|||x|||22.3|||Point')).toBeNull();
    expect(parseOverlayEntityId('wind|||1')).toBeNull();
  });
});

describe('parseRgb', () => {
  it('reads "r,g,b" with spaces', () => {
    expect(parseRgb('255, 128,0')).toEqual([255, 128, 0]);
    expect(parseRgb([1, 2, 3])).toEqual([1, 2, 3]);
  });
  it('defaults to red when not three numbers (SPEC §5)', () => {
    for (const bad of ['', '1,2', '1,2,3,4', 'a,b,c', '1,,3', null, undefined, 42, {}]) expect(parseRgb(bad)).toEqual(FALLBACK_RGB);
  });
  it('clamps channels', () => {
    expect(parseRgb('300,-5,12.4')).toEqual([255, 0, 12]);
  });
  it('formats and parses CSS colours', () => {
    expect(rgbToCss([1, 2, 3])).toBe('rgb(1, 2, 3)');
    expect(parseCssColour('#ff8000')).toEqual([255, 128, 0]);
    expect(parseCssColour('#f80')).toEqual([255, 136, 0]);
    expect(parseCssColour('rgb(1,2,3)')).toEqual([1, 2, 3]);
    expect(parseCssColour('nonsense')).toEqual(FALLBACK_RGB);
  });
});

describe('formatLabel', () => {
  it('fills placeholders from properties', () => {
    expect(formatLabel('{_value_0}°C', { _value_0: 27.6 })).toBe('27.6°C');
    expect(formatLabel('{key} {missing}', { key: 'Sha Tin' })).toBe('Sha Tin ');
  });
  it('does not read inherited properties', () => {
    expect(formatLabel('{toString}', {})).toBe('');
  });
});

describe('planReconcile', () => {
  const f = (id: string, signature: string) => ({ id, signature, value: null });
  it('adds new, updates changed, removes missing and leaves the rest', () => {
    const current = new Map([
      ['a', '1'],
      ['b', '1'],
      ['c', '1'],
    ]);
    const plan = planReconcile(current, [f('a', '1'), f('b', '2'), f('d', '1')]);
    expect(plan.added.map((x) => x.id)).toEqual(['d']);
    expect(plan.updated.map((x) => x.id)).toEqual(['b']);
    expect(plan.removed).toEqual(['c']);
    expect(plan.unchanged).toBe(1);
  });
  it('keeps the last of duplicate ids', () => {
    const plan = planReconcile(new Map(), [f('a', '1'), f('a', '2')]);
    expect(plan.added).toEqual([f('a', '2')]);
  });
  it('signature ignores key order', () => {
    expect(signatureOf({ a: 1, b: { c: 2, d: 3 } })).toBe(signatureOf({ b: { d: 3, c: 2 }, a: 1 }));
    expect(signatureOf({ a: 1 })).not.toBe(signatureOf({ a: 2 }));
  });
});

describe('refresh schedule', () => {
  it('uses the feed intervalClient (seconds) over the manifest interval', () => {
    expect(refreshIntervalMs(120_000, 60)).toBe(60_000);
    expect(refreshIntervalMs(120_000, null)).toBe(120_000);
    expect(refreshIntervalMs(120_000, 0)).toBe(120_000);
    expect(refreshIntervalMs(120_000, 1)).toBe(5000);
  });
  it('backs off exponentially after failures, capped', () => {
    const delays = [1, 2, 3, 4, 10, 40].map((failures) => nextRefreshDelayMs({ intervalMs: 120_000, failures, retryBaseMs: 10_000, maxBackoffMs: 300_000 }));
    expect(delays).toEqual([10_000, 20_000, 40_000, 80_000, 300_000, 300_000]);
    expect(nextRefreshDelayMs({ intervalMs: 120_000, failures: 0 })).toBe(120_000);
  });
  it('always appends a timestamp parameter', () => {
    expect(buildFetchUrl('/mapviewer/api/realtime/temperature', 42)).toBe('/mapviewer/api/realtime/temperature?timestamp=42');
    expect(buildFetchUrl('/a?x=1', 42)).toBe('/a?x=1&timestamp=42');
    expect(buildFetchUrl('/a?t={timestamp}', 42)).toBe('/a?t=42&timestamp=42');
    expect(buildFetchUrl('/a?timestamp={timestamp}', 42)).toBe('/a?timestamp=42');
    expect(buildFetchUrl('/tiles/tileset.json', 42, {}, false)).toBe('/tiles/tileset.json');
    expect(buildFetchUrl('/a/{language}', 1, { language: 'zh-HK' })).toBe('/a/zh-HK?timestamp=1');
  });
});
