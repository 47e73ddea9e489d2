import { describe, expect, it } from 'vitest';
import { errorBodySchema, indoorPlacesResponseSchema, indoorRouteResponseSchema, type IndoorRouteFound } from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();
const places = (query: string) => app().inject({ method: 'GET', url: `/mapviewer/api/indoor/places${query}` });
const route = (query: string) => app().inject({ method: 'GET', url: `/mapviewer/api/routing/indoor${query}` });

async function found(query: string): Promise<IndoorRouteFound> {
  const response = await route(query);
  expect(response.statusCode, response.body).toBe(200);
  const body = indoorRouteResponseSchema.parse(response.json());
  if (!body.found) throw new Error(`${query}: no route (${body.reason})`);
  return body;
}

describe('GET /mapviewer/api/indoor/places', () => {
  it("lists Admiralty's real exits, its platform ends and facilities, marked sample, exits first", async () => {
    const response = await places('?venue=MTR-ADM');
    expect(response.statusCode, response.body).toBe(200);
    const body = indoorPlacesResponseSchema.parse(response.json());
    expect(body).toMatchObject({ venueId: 'MTR-ADM', sample: true });
    const exits = body.places.filter((place) => place.kind === 'exit');
    expect(exits.map((place) => place.name['en-US'])).toEqual(['Exit A', 'Exit B', 'Exit C1', 'Exit C2', 'Exit D', 'Exit E', 'Exit F']);
    expect(body.places.slice(0, exits.length)).toEqual(exits);
    // Real data: A, D and E are the barrier-free exits.
    expect(exits.filter((place) => place.stepFree).map((place) => place.id)).toEqual(['ADM-exit-A', 'ADM-exit-D', 'ADM-exit-E']);
    expect(body.places.filter((place) => place.kind === 'platform')).toHaveLength(8);
    expect(new Set(body.places.map((place) => place.facility))).toEqual(new Set([null, 'lift', 'escalator', 'stairs', 'customer-service', 'toilet', 'gate']));
    const islandEnd = body.places.find((place) => place.id === 'ADM-P4-platform-1')!;
    expect(islandEnd).toMatchObject({ floorId: 'ADM-P4', floorLevel: -4, stepFree: true });
    expect(islandEnd.heightMetres).toBeLessThan(-30);
  });

  it('answers 404 "3D indoor map is not found" for a station id that does not exist, 400 for a malformed one', async () => {
    const missing = await places('?venue=MTR-XYZ');
    expect(missing.statusCode).toBe(404);
    expect(errorBodySchema.parse(missing.json()).message).toBe('3D indoor map is not found');
    const malformed = await places('?venue=ADM');
    expect(malformed.statusCode).toBe(400);
    expect(errorBodySchema.parse(malformed.json()).field).toBe('venue');
  });
});

describe('GET /mapviewer/api/routing/indoor', () => {
  it('routes from Exit A down to an East Rail Line platform over stairs or escalators, step-free by lifts and the wide gate', async () => {
    const quickest = await found('?venue=MTR-ADM&from=ADM-exit-A&to=ADM-P1-platform-1');
    const stepFree = await found('?venue=MTR-ADM&from=ADM-exit-A&to=ADM-P1-platform-1&stepFree=true');
    for (const answer of [quickest, stepFree]) {
      expect(answer.floors).toEqual(['ADM-G', 'ADM-C', 'ADM-P1']);
      expect(answer.path[0][2]).toBe(0);
      expect(answer.path[answer.path.length - 1][2]).toBeLessThan(-10);
      expect(answer.sample).toBe(true);
    }
    const vias = (answer: IndoorRouteFound) => answer.steps.map((step) => step.via);
    expect(vias(quickest).some((via) => via === 'stairs' || via === 'escalator')).toBe(true);
    expect(vias(stepFree).filter((via) => via !== 'walk')).toEqual(['lift', 'gate', 'lift']);
    expect(stepFree.segments.every((segment) => segment.wheelchairAccess === 1)).toBe(true);
    expect(stepFree.walkingSeconds).toBeGreaterThan(quickest.walkingSeconds);
    expect(stepFree.steps.find((step) => step.via === 'gate')!.instruction).toBe('Go through the wide gate into the paid area');
  });

  it('gives the instructions in the language asked for', async () => {
    const answer = await found('?venue=MTR-ADM&from=ADM-exit-A&to=ADM-P1-platform-1&stepFree=true&lang=zh-HK');
    expect(answer.steps.map((step) => step.instruction)).toContain('經闊閘進入付費區');
    expect(answer.steps[answer.steps.length - 2].instruction).toBe('乘升降機落往東鐵綫月台');
  });

  it('answers no-route step-free from an exit without a lift, and not-pickable for a point far from any walkway', async () => {
    expect(indoorRouteResponseSchema.parse((await route('?venue=MTR-ADM&from=ADM-exit-B&to=ADM-P1-platform-1&stepFree=true')).json())).toEqual({ found: false, reason: 'no-route' });
    const far = await route('?venue=MTR-ADM&from=114.1,22.2@ADM-C&to=ADM-P1-platform-1');
    expect(far.json()).toEqual({ found: false, reason: 'not-pickable', which: 'from' });
    const noSuchFloor = await route('?venue=MTR-ADM&from=ADM-exit-A&to=114.1646,22.2790@ADM-P9');
    expect(noSuchFloor.json()).toEqual({ found: false, reason: 'not-pickable', which: 'to' });
  });

  it('answers 404 for an unknown station and 400 naming the parameter for bad ones', async () => {
    expect((await route('?venue=MTR-XYZ&from=XYZ-exit-A&to=XYZ-P1-platform-1')).statusCode).toBe(404);
    for (const [query, field] of [
      ['?venue=MTR-ADM&from=ADM-exit-A', 'to'],
      ['?venue=MTR-ADM&from=here&to=ADM-exit-B', 'from'],
      ['?venue=MTR-ADM&from=ADM-exit-A&to=ADM-exit-A', 'to'],
      ['?venue=MTR-ADM&from=ADM-exit-A&to=ADM-exit-B&stepFree=yes', 'stepFree'],
      ['?venue=BLDG-1&from=ADM-exit-A&to=ADM-exit-B', 'venue'],
    ]) {
      const response = await route(query);
      expect(response.statusCode, query).toBe(400);
      expect(errorBodySchema.parse(response.json()).field, query).toBe(field);
    }
  });
});
