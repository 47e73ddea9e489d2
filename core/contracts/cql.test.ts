import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CQL_FILTER_MAX_LENGTH, droneWindowCqlFilter, matchesCqlTimeFilter, parseCqlTimeFilter, type CqlTimeFilter } from './cql';
import { droneWindow, uavZoneWfsQuerySchema } from './geopin';

function parsed(text: string): CqlTimeFilter {
  const result = parseCqlTimeFilter(text);
  if (!result.ok) throw new Error(`expected '${text}' to parse: ${result.message}`);
  return result.filter;
}

function rejection(text: string): string {
  const result = parseCqlTimeFilter(text);
  if (result.ok) throw new Error(`expected '${text}' to be rejected`);
  return result.message;
}

const FROM = Date.parse('2026-11-21T00:00:00Z');
const TO = Date.parse('2026-11-28T23:59:59Z');
const BRIEF_EXAMPLE =
  "(START_TIME >= '2026-11-21T00:00:00Z' AND START_TIME <= '2026-11-28T23:59:59Z') OR " +
  "(END_TIME >= '2026-11-21T00:00:00Z' AND END_TIME <= '2026-11-28T23:59:59Z') OR " +
  "(START_TIME <= '2026-11-21T00:00:00Z' AND END_TIME >= '2026-11-28T23:59:59Z')";

describe('parseCqlTimeFilter: the drone window family', () => {
  it('parses the three-clause window filter into AND / OR of comparisons in epoch milliseconds', () => {
    const filter = parsed(BRIEF_EXAMPLE);
    expect(filter.kind).toBe('or');
    if (filter.kind !== 'or') return;
    expect(filter.operands).toHaveLength(3);
    expect(filter.operands[0]).toEqual({
      kind: 'and',
      operands: [
        { kind: 'comparison', attribute: 'START_TIME', operator: '>=', epochMs: FROM },
        { kind: 'comparison', attribute: 'START_TIME', operator: '<=', epochMs: TO },
      ],
    });
  });

  it('reads epoch milliseconds, bare ECQL date-times, offsets, fractions and lower-case keywords alike', () => {
    const variants = [
      `START_TIME >= ${FROM} and END_TIME <= ${TO}`,
      'START_TIME >= 2026-11-21T00:00:00Z AND END_TIME <= 2026-11-28T23:59:59Z',
      "START_TIME >= '2026-11-21T08:00:00+08:00' AND END_TIME <= '2026-11-28T23:59:59.000Z'",
      // No zone: Hong Kong time.
      "START_TIME >= '2026-11-21T08:00' AND END_TIME <= '2026-11-29T07:59:59'",
    ];
    for (const text of variants) {
      expect(parsed(text), text).toEqual({
        kind: 'and',
        operands: [
          { kind: 'comparison', attribute: 'START_TIME', operator: '>=', epochMs: FROM },
          { kind: 'comparison', attribute: 'END_TIME', operator: '<=', epochMs: TO },
        ],
      });
    }
  });

  it('keeps AND tighter than OR and honours parentheses', () => {
    const zone = { START_TIME: 5, END_TIME: 50 };
    // START_TIME > 10 OR (END_TIME > 40 AND START_TIME < 0) -> false; with parentheses moved -> true.
    expect(matchesCqlTimeFilter(parsed('START_TIME > 10 OR END_TIME > 40 AND START_TIME < 0'), zone)).toBe(false);
    expect(matchesCqlTimeFilter(parsed('(START_TIME > 10 OR END_TIME > 40) AND START_TIME < 10'), zone)).toBe(true);
    expect(matchesCqlTimeFilter(parsed('((((START_TIME = 5))))'), zone)).toBe(true);
    expect(matchesCqlTimeFilter(parsed('START_TIME <> 5'), zone)).toBe(false);
  });

  it('selects zones starting, ending or spanning the window, and no others', () => {
    const filter = parsed(BRIEF_EXAMPLE);
    const day = 86_400_000;
    const cases: Array<[string, number, number, boolean]> = [
      ['starts inside', FROM + day, TO + 10 * day, true],
      ['ends inside', FROM - 10 * day, FROM + day, true],
      ['spans', FROM - day, TO + day, true],
      ['before', FROM - 10 * day, FROM - day, false],
      ['after', TO + day, TO + 2 * day, false],
    ];
    for (const [name, start, end, expected] of cases) {
      expect(matchesCqlTimeFilter(filter, { START_TIME: start, END_TIME: end }), name).toBe(expected);
    }
  });

  it('builds, for any moment, a window filter that parses back to its own bounds', () => {
    const { fromMs, toMs } = droneWindow(Date.parse('2026-11-21T02:56:00Z'));
    expect(new Date(toMs).toISOString()).toBe('2026-11-28T15:59:59.999Z'); // 23:59:59.999 HKT on the 7th day ahead
    const filter = parsed(droneWindowCqlFilter(fromMs, toMs));
    expect(matchesCqlTimeFilter(filter, { START_TIME: toMs, END_TIME: toMs + 1 })).toBe(true);
    expect(matchesCqlTimeFilter(filter, { START_TIME: toMs + 1, END_TIME: toMs + 2 })).toBe(false);
  });
});

describe('parseCqlTimeFilter: everything else is rejected, never evaluated', () => {
  it.each([
    ['1=1', /expected START_TIME or END_TIME, found '1' at character 1/],
    ['START_TIME > 1 OR 1=1', /expected START_TIME or END_TIME, found '1' at character 19/],
    ["START_TIME >= '2026-11-21T00:00:00Z'; DROP TABLE uav_zone", /unexpected character ';'.* at character 37/],
    ["START_TIME >= '2026-11-21T00:00:00Z' -- comment", /unexpected character '-'/],
    ["NAME = 'x'", /unsupported attribute 'NAME'; only START_TIME and END_TIME/],
    ["start_time > 1", /unsupported attribute 'start_time'/],
    ["strToLowerCase(CAPTION_EN) = 'x'", /functions are not allowed \('strToLowerCase'\)/],
    ['START_TIME > now()', /expected a time .* found 'now'/],
    ['START_TIME > dateParse(1)', /expected a time .* found 'dateParse'/],
    ['NOT START_TIME > 1', /unsupported keyword 'NOT'/],
    ['START_TIME BETWEEN 1 AND 2', /expected one of = <> < <= > >= after START_TIME/],
    ['START_TIME != 1', /unexpected character '!'/],
    ['START_TIME > "2026-11-21T00:00:00Z"', /unexpected character '"'/],
    ['(START_TIME > 1', /missing \) for the \( at character 1; found the end/],
    ['START_TIME > 1)', /unexpected '\)' at character 15/],
    ['START_TIME > 1 AND', /the filter ends where a comparison or \( was expected/],
    ['', /the filter is empty/],
    ["START_TIME > '2026-02-30T00:00:00Z'", /has no day 30 in that month/],
    ["START_TIME > '2026-13-01T00:00:00Z'", /has no month 13/],
    ["START_TIME > '2026-11-21T24:00:00Z'", /not a valid time of day/],
    ["START_TIME > '2026-11-21'", /a date needs a time/],
    ["START_TIME > 'yesterday'", /'yesterday' is not an ISO 8601 date-time/],
    ["START_TIME > '1969-12-31T23:59:59Z'", /before 1970/],
    ['START_TIME > 1.5', /'1.5' is not an ISO 8601 date-time/],
    ["START_TIME > 'it''s", /unterminated quoted text starting at character 14/],
  ])('%s', (text, message) => {
    expect(rejection(text)).toMatch(message);
  });

  it('refuses a 10 kB filter by its length and deep nesting by its depth, without recursing', () => {
    expect(rejection(`START_TIME > 1 OR ${'START_TIME > 1 OR '.repeat(600)}START_TIME > 1`)).toMatch(
      new RegExp(`at most ${CQL_FILTER_MAX_LENGTH} are accepted`),
    );
    expect(rejection('('.repeat(900) + 'START_TIME > 1' + ')'.repeat(900))).toMatch(/nested deeper than 8 levels at character 9/);
    expect(rejection(Array.from({ length: 40 }, () => 'START_TIME>1').join(' OR '))).toMatch(/more than 32 comparisons/);
  });

  it('answers every input, however mangled, with a result instead of an exception', () => {
    const pieces = fc.constantFrom('(', ')', 'START_TIME', 'END_TIME', 'AND', 'OR', '>=', '<', '=', "'2026-11-21T00:00:00Z'", '1795219200000', "'", ';', ' ', 'x(', '');
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.array(pieces, { maxLength: 200 }).map((parts) => parts.join(' '))), (text) => {
        const result = parseCqlTimeFilter(text);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(result.message).toMatch(/\S/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('uavZoneWfsQuerySchema', () => {
  const query = { service: 'WFS', version: '2.0.0', request: 'GetFeature', typename: 'geopin:uav_zone', outputFormat: 'application/json', srsname: 'EPSG:4326' };

  it('parses CQL_FILTER in the schema, so the handler gets the tree', () => {
    const result = uavZoneWfsQuerySchema.parse({ ...query, CQL_FILTER: BRIEF_EXAMPLE });
    expect(result.request === 'GetFeature' && result.cqlFilter?.kind).toBe('or');
  });

  it('names CQL_FILTER and the problem for a bad filter', () => {
    const result = uavZoneWfsQuerySchema.safeParse({ ...query, CQL_FILTER: '1=1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['CQL_FILTER']);
    expect(result.error?.issues[0].message).toMatch(/^CQL_FILTER: expected START_TIME or END_TIME/);
  });
});
