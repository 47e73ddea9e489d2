import { describe, expect, it } from 'vitest';
import { walkingRouteQuerySchema } from '../../core/contracts/walking';
import { HttpError } from '../../core/http/httpClient';
import { foundAnswer, outsideAnswer, unreachableAnswer } from './testing';
import { answerMessage, distanceText, failureMessage, streetsPassed, walkingMinutes, walkUrl } from './walkQuery';

describe('the walking route request', () => {
  it('sends from and to as LON,LAT to 6 decimals with the language, and the contract accepts what it sends', () => {
    const url = walkUrl('/mapviewer/api/', [114.19370012345, 22.3417], [114.2016, 22.34000049], 'zh-HK');
    expect(url).toBe('/mapviewer/api/routing/walk?from=114.1937%2C22.3417&to=114.2016%2C22.34&lang=zh-HK');
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(walkingRouteQuerySchema.parse(query)).toMatchObject({ from: [114.1937, 22.3417], to: [114.2016, 22.34], lang: 'zh-HK' });
  });

  it('adds the slash an api base without one lacks', () => {
    expect(walkUrl('/api', [1, 2], [3, 4], 'en-US')).toMatch(/^\/api\/routing\/walk\?/);
  });
});

describe('messages of answers and failures', () => {
  it('gives SPEC §8 boundary wording for a place outside Hong Kong, naming the field', () => {
    expect(answerMessage(outsideAnswer)).toEqual({ id: 'walkingRoute.message.outsideBoundary', severity: 'warning', end: 'to' });
  });
  it('says no path near a place (with the contract distance) and no route between the two', () => {
    expect(answerMessage({ found: false, reason: 'no-path-near', which: 'from' })).toMatchObject({ id: 'walkingRoute.message.noPathNear', end: 'from', values: { metres: 500 } });
    expect(answerMessage(unreachableAnswer)).toMatchObject({ id: 'walkingRoute.message.unreachable' });
    expect(answerMessage(foundAnswer)).toBeNull();
  });
  it('tells a refused request from a service that is down', () => {
    expect(failureMessage(new HttpError('/x', 'from must be LON,LAT', 400)).id).toBe('walkingRoute.message.badRequest');
    expect(failureMessage(new HttpError('/x', 'Bad Gateway', 502)).id).toBe('walkingRoute.message.unavailable');
    expect(failureMessage(new TypeError('Failed to fetch')).id).toBe('walkingRoute.message.unavailable');
  });
});

describe('figures', () => {
  it('shows metres to 10 m under a kilometre, kilometres to 0.1 above, and whole minutes of at least 1', () => {
    expect(distanceText(3)).toEqual({ unit: 'm', value: 10 });
    expect(distanceText(994)).toEqual({ unit: 'm', value: 990 });
    expect(distanceText(1034)).toEqual({ unit: 'km', value: 1 });
    expect(distanceText(2360)).toEqual({ unit: 'km', value: 2.4 });
    expect(walkingMinutes(10)).toBe(1);
    expect(walkingMinutes(795)).toBe(13);
  });

  it('joins following stretches of one street and keeps unnamed ones apart', () => {
    expect(streetsPassed(foundAnswer.streets, (name) => name['en-US'])).toEqual([
      { name: foundAnswer.streets[0].name, lengthMetres: 800 },
      { name: null, lengthMetres: 50 },
      { name: foundAnswer.streets[3].name, lengthMetres: 150 },
    ]);
  });
});
