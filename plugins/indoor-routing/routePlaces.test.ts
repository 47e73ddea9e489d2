import { describe, expect, it } from 'vitest';
import { indoorRouteQuerySchema, INDOOR_POINT_PATTERN } from '../../core/contracts/indoorRouting';
import { endpointParam, floorChanges, groupPlaces, roundedMetres, routeQuery, walkingMinutes } from './routePlaces';
import { places, stepFreeRoute } from './testing';

describe('the origin / destination list', () => {
  it('groups exits, platforms and facilities in that order, keeping the service order inside a group', () => {
    const groups = groupPlaces(places, '', 'en-US');
    expect(groups.map((group) => group.group)).toEqual(['exit', 'platform', 'facility']);
    expect(groups[0].places.map((place) => place.id)).toEqual(['ADM-exit-A', 'ADM-exit-B']);
    expect(groups[2].places.map((place) => place.id)).toEqual(['ADM-C-lift-1', 'ADM-C-toilet']);
  });

  it('narrows by what is typed, ignoring case and spaces, in the page language or in English; empty groups go', () => {
    expect(groupPlaces(places, 'exita', 'en-US')).toEqual([{ group: 'exit', places: [places[0]] }]);
    expect(groupPlaces(places, '  PLATFORM ', 'en-US').map((group) => group.group)).toEqual(['platform']);
    expect(groupPlaces(places, '升降', 'zh-HK')).toEqual([{ group: 'facility', places: [places[3]] }]);
    expect(groupPlaces(places, 'toilet', 'zh-HK')).toEqual([{ group: 'facility', places: [places[4]] }]);
    expect(groupPlaces(places, 'nothing like this', 'en-US')).toEqual([]);
  });
});

describe('request parameters', () => {
  it('sends a place by its id and a picked point as lon,lat@floorId that the contract accepts', () => {
    expect(endpointParam({ kind: 'place', placeId: 'ADM-exit-A' })).toBe('ADM-exit-A');
    const point = endpointParam({ kind: 'point', longitude: 114.16461234567, latitude: 22.279, floorId: 'ADM-C' });
    expect(point).toBe('114.1646123,22.2790000@ADM-C');
    expect(INDOOR_POINT_PATTERN.test(point)).toBe(true);
  });

  it('builds a query the contract parses', () => {
    const query = routeQuery({
      venueId: 'MTR-ADM',
      from: { kind: 'place', placeId: 'ADM-exit-A' },
      to: { kind: 'point', longitude: 114.165, latitude: 22.2792, floorId: 'ADM-P1' },
      stepFree: true,
      language: 'zh-CN',
    });
    const parsed = indoorRouteQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ venue: 'MTR-ADM', from: 'ADM-exit-A', to: '114.1650000,22.2792000@ADM-P1', stepFree: 'true', lang: 'zh-CN' });
  });
});

describe('figures', () => {
  it('rounds metres, and gives walking time in whole minutes, at least one', () => {
    expect(roundedMetres(142.4)).toBe(142);
    expect(roundedMetres(0.3)).toBe(1);
    expect(roundedMetres(0)).toBe(0);
    expect(walkingMinutes(151)).toBe(3);
    expect(walkingMinutes(20)).toBe(1);
  });
});

describe('floor changes along the path', () => {
  it('pairs each rise or fall of the path with the next stairs / escalator / lift step, arriving on the next step’s floor', () => {
    expect(floorChanges(stepFreeRoute)).toEqual([
      { position: [114.1648, 22.2791, -6], via: 'lift', toFloorId: 'ADM-C' },
      { position: [114.165, 22.2792, -12], via: 'lift', toFloorId: 'ADM-P1' },
    ]);
  });

  it('takes a ride through several floors as one change, ending where it arrives', () => {
    const route = {
      floors: ['ADM-C', 'ADM-P1'],
      path: [
        [114.1, 22.2, 0],
        [114.1, 22.2, -6],
        [114.1, 22.2, -12],
        [114.2, 22.2, -12],
      ] as Array<[number, number, number]>,
      steps: [
        { instruction: 'Escalator down', floorId: 'ADM-C', via: 'escalator' as const, lengthMetres: 20 },
        { instruction: 'Walk', floorId: 'ADM-P1', via: 'walk' as const, lengthMetres: 10 },
      ],
    };
    expect(floorChanges(route)).toEqual([{ position: [114.1, 22.2, -12], via: 'escalator', toFloorId: 'ADM-P1' }]);
  });

  it('labels nothing on a route on one floor', () => {
    expect(floorChanges({ floors: ['ADM-C'], path: [[1, 2, -6], [1.001, 2, -6.2]], steps: [{ instruction: 'Walk', floorId: 'ADM-C', via: 'walk', lengthMetres: 100 }] })).toEqual([]);
  });
});
