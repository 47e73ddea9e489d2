import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPARISON_PAIRS, pairMessageIds } from './pairs';

const locale = (language: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../locales/${language}/comparison.json`), 'utf8')) as Record<string, string>;

describe('comparison pairs', () => {
  it('each pair has a then and a now view, and places inside Hong Kong', () => {
    for (const pair of COMPARISON_PAIRS) {
      expect(pair.sides).toHaveLength(2);
      expect(pair.places.length).toBeGreaterThan(0);
      for (const place of pair.places) {
        expect(place.longitude).toBeGreaterThan(113.8);
        expect(place.longitude).toBeLessThan(114.5);
        expect(place.latitude).toBeGreaterThan(22.1);
        expect(place.latitude).toBeLessThan(22.6);
      }
    }
  });

  it('marks the 2016 rail network out of date and nothing else', () => {
    const outOfDate = COMPARISON_PAIRS.flatMap((pair) => pair.sides.filter((side) => side.outOfDate).map((side) => side.titleId));
    expect(outOfDate).toEqual(['comparison.rail.then.title']);
  });

  it('every text a pair shows exists in the three languages, the view titles naming their year', () => {
    for (const language of ['en-US', 'zh-HK', 'zh-CN']) {
      const messages = locale(language);
      expect(pairMessageIds().filter((id) => !(id in messages)), language).toEqual([]);
      expect(messages['comparison.terrain.then.title']).toContain('2000');
      expect(messages['comparison.terrain.now.title']).toContain('2020');
      expect(messages['comparison.rail.then.title']).toContain('2016');
    }
    expect(Object.keys(locale('zh-HK')).sort()).toEqual(Object.keys(locale('en-US')).sort());
    expect(Object.keys(locale('zh-CN')).sort()).toEqual(Object.keys(locale('en-US')).sort());
  });
});
