/**
 * A small, strict parser for the one CQL filter family the drone-zone WFS accepts (SPEC §7): comparisons of
 * START_TIME / END_TIME with a time, joined by AND / OR and grouped by parentheses, e.g.
 *
 *   (START_TIME >= '2026-11-21T00:00:00Z' AND START_TIME <= '2026-11-28T23:59:59Z')
 *   OR (END_TIME >= 1795219200000 AND END_TIME <= 1795910399000)
 *   OR (START_TIME <= '2026-11-21T00:00:00Z' AND END_TIME >= '2026-11-28T23:59:59Z')
 *
 * The text is turned into a small tree that is evaluated against each zone's times; it is never handed to a
 * database or an evaluator, and everything outside the grammar is rejected with the character it stopped at.
 * Isomorphic: the viewer can check a filter before sending it.
 *
 * Grammar (keywords AND / OR in any case; attribute names exactly as the feed spells them):
 *
 *   filter     := or
 *   or         := and ( OR and )*
 *   and        := primary ( AND primary )*
 *   primary    := '(' or ')' | comparison
 *   comparison := ( START_TIME | END_TIME ) ( = | <> | < | <= | > | >= ) time
 *   time       := 'ISO 8601 date-time' | ISO 8601 date-time written bare (ECQL) | epoch milliseconds (digits)
 *
 * Times: `YYYY-MM-DDTHH:MM[:SS[.fraction]]` with `Z` or `±HH:MM`; without a zone the time is read as Hong Kong
 * time (UTC+08:00), as a GeoServer running in Hong Kong reads it. Epoch milliseconds are accepted too, because
 * the feed itself stores the times that way. Dates alone (no time) are rejected rather than guessed.
 *
 * Limits, so that a hostile filter costs little: at most {@link CQL_FILTER_MAX_LENGTH} characters,
 * {@link CQL_FILTER_MAX_DEPTH} nested parentheses and {@link CQL_FILTER_MAX_COMPARISONS} comparisons. Recursion
 * happens only at '(' and is bounded by the depth limit, so no input can exhaust the stack.
 */

/** Longest accepted filter. The viewer's three-clause window filter is about 300 characters. */
export const CQL_FILTER_MAX_LENGTH = 2000;
/** Deepest accepted nesting of parentheses. */
export const CQL_FILTER_MAX_DEPTH = 8;
/** Most comparisons in one filter. */
export const CQL_FILTER_MAX_COMPARISONS = 32;

/** The zone attributes a filter may compare (epoch milliseconds in the feed). */
export const CQL_TIME_ATTRIBUTES = ['START_TIME', 'END_TIME'] as const;
export type CqlTimeAttribute = (typeof CQL_TIME_ATTRIBUTES)[number];

export const CQL_COMPARISON_OPERATORS = ['=', '<>', '<', '<=', '>', '>='] as const;
export type CqlComparisonOperator = (typeof CQL_COMPARISON_OPERATORS)[number];

/** A parsed filter: comparisons of a time attribute with a time in epoch milliseconds, combined by AND / OR. */
export type CqlTimeFilter =
  | { kind: 'comparison'; attribute: CqlTimeAttribute; operator: CqlComparisonOperator; epochMs: number }
  | { kind: 'and' | 'or'; operands: CqlTimeFilter[] };

export type CqlParseResult = { ok: true; filter: CqlTimeFilter } | { ok: false; message: string };

/** Hong Kong time, used for date-times written without a zone. */
const HONG_KONG_OFFSET_MINUTES = 8 * 60;
/** The largest time a JavaScript Date can hold (epoch milliseconds). */
const MAX_EPOCH_MS = 8.64e15;

type Token =
  | { type: '(' | ')'; at: number }
  | { type: 'word'; text: string; at: number }
  | { type: 'operator'; text: CqlComparisonOperator; at: number }
  | { type: 'string'; text: string; at: number }
  | { type: 'bare'; text: string; at: number };

class CqlSyntaxError extends Error {}

/** `at` is a 0-based index; people count characters from 1. */
function fail(message: string, at: number): never {
  throw new CqlSyntaxError(`${message} at character ${at + 1}`);
}

/** Shortens user text quoted back in a message. */
function quote(text: string): string {
  return `'${text.length > 40 ? `${text.slice(0, 40)}…` : text}'`;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i += 1;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ type: ch, at: i });
      i += 1;
    } else if (ch === '<' || ch === '>' || ch === '=') {
      const two = text.slice(i, i + 2);
      const operator = (['<=', '>=', '<>'] as const).find((candidate) => candidate === two) ?? (ch as '<' | '>' | '=');
      tokens.push({ type: 'operator', text: operator, at: i });
      i += operator.length;
    } else if (ch === "'") {
      const start = i;
      let value = '';
      i += 1;
      for (;;) {
        if (i >= text.length) fail('unterminated quoted text starting', start);
        if (text[i] === "'") {
          if (text[i + 1] !== "'") break;
          value += "'";
          i += 2;
        } else {
          value += text[i];
          i += 1;
        }
      }
      tokens.push({ type: 'string', text: value, at: start });
      i += 1;
    } else if (/[A-Za-z_]/.test(ch)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 64))!;
      tokens.push({ type: 'word', text: match[0], at: i });
      i += match[0].length;
    } else if (/[0-9]/.test(ch)) {
      // A bare literal: epoch milliseconds or an unquoted ECQL date-time; classified when it is used.
      const match = /^[0-9][0-9A-Za-z:.+-]*/.exec(text.slice(i, i + 64))!;
      tokens.push({ type: 'bare', text: match[0], at: i });
      i += match[0].length;
    } else {
      fail(`unexpected character ${quote(ch)}; only START_TIME / END_TIME comparisons, AND, OR and parentheses are allowed`, i);
    }
  }
  return tokens;
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Epoch milliseconds of an ISO 8601 date-time, or a reason it is not one. */
function parseIsoDateTime(text: string): { ok: true; epochMs: number } | { ok: false; reason: string } {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) {
    const hint = /^\d{4}-\d{2}-\d{2}$/.test(text) ? ' (a date needs a time, e.g. 2026-11-21T00:00:00Z)' : '';
    return { ok: false, reason: `${quote(text)} is not an ISO 8601 date-time${hint}` };
  }
  const [, yearText, monthText, dayText, hourText, minuteText, secondText = '0', fraction = '0', zone] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  const hour = Number(hourText);
  const minute = Number(minuteText);
  const second = Number(secondText);
  if (year < 1970) return { ok: false, reason: `${quote(text)} is before 1970` };
  if (month < 1 || month > 12) return { ok: false, reason: `${quote(text)} has no month ${month}` };
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return { ok: false, reason: `${quote(text)} has no day ${day} in that month` };
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, reason: `${quote(text)} is not a valid time of day` };
  let offsetMinutes = HONG_KONG_OFFSET_MINUTES;
  if (zone === 'Z') {
    offsetMinutes = 0;
  } else if (zone) {
    const zoneHours = Number(zone.slice(1, 3));
    const zoneMinutes = Number(zone.slice(4, 6));
    if (zoneHours > 14 || zoneMinutes > 59) return { ok: false, reason: `${quote(text)} has an impossible zone offset` };
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  const millis = Math.floor(Number(`0.${fraction}`) * 1000);
  const epochMs = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  return { ok: true, epochMs };
}

class Parser {
  private index = 0;
  private comparisons = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly length: number,
  ) {}

  parse(): CqlTimeFilter {
    if (this.tokens.length === 0) fail('the filter is empty', 0);
    const filter = this.parseOr(0);
    const extra = this.tokens[this.index];
    if (extra) fail(`unexpected ${describe(extra)}`, extra.at);
    return filter;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private isKeyword(token: Token | undefined, keyword: 'AND' | 'OR'): boolean {
    return token?.type === 'word' && token.text.toUpperCase() === keyword;
  }

  private parseOr(depth: number): CqlTimeFilter {
    const operands = [this.parseAnd(depth)];
    while (this.isKeyword(this.peek(), 'OR')) {
      this.index += 1;
      operands.push(this.parseAnd(depth));
    }
    return operands.length === 1 ? operands[0] : { kind: 'or', operands };
  }

  private parseAnd(depth: number): CqlTimeFilter {
    const operands = [this.parsePrimary(depth)];
    while (this.isKeyword(this.peek(), 'AND')) {
      this.index += 1;
      operands.push(this.parsePrimary(depth));
    }
    return operands.length === 1 ? operands[0] : { kind: 'and', operands };
  }

  private parsePrimary(depth: number): CqlTimeFilter {
    const token = this.peek();
    if (!token) fail('the filter ends where a comparison or ( was expected', this.length);
    if (token.type === '(') {
      if (depth >= CQL_FILTER_MAX_DEPTH) fail(`parentheses are nested deeper than ${CQL_FILTER_MAX_DEPTH} levels`, token.at);
      this.index += 1;
      const inner = this.parseOr(depth + 1);
      const closing = this.peek();
      if (closing?.type !== ')') fail(`missing ) for the ( at character ${token.at + 1}; found ${closing ? describe(closing) : 'the end'}`, closing?.at ?? this.length);
      this.index += 1;
      return inner;
    }
    return this.parseComparison();
  }

  private parseComparison(): CqlTimeFilter {
    const attributeToken = this.tokens[this.index];
    if (attributeToken.type !== 'word') fail(`expected START_TIME or END_TIME, found ${describe(attributeToken)}`, attributeToken.at);
    const next = this.tokens[this.index + 1];
    if (next?.type === '(') fail(`functions are not allowed (${quote(attributeToken.text)})`, attributeToken.at);
    const attribute = CQL_TIME_ATTRIBUTES.find((name) => name === attributeToken.text);
    if (!attribute) {
      const upper = attributeToken.text.toUpperCase();
      const what = ['AND', 'OR', 'NOT', 'BETWEEN', 'LIKE', 'IN', 'IS', 'NULL', 'INCLUDE', 'EXCLUDE', 'BEFORE', 'AFTER', 'DURING'].includes(upper)
        ? `keyword ${quote(attributeToken.text)} where a comparison was expected`
        : `attribute ${quote(attributeToken.text)}`;
      fail(`unsupported ${what}; only START_TIME and END_TIME can be compared`, attributeToken.at);
    }
    const operatorToken = next;
    if (operatorToken?.type !== 'operator') {
      fail(`expected one of ${CQL_COMPARISON_OPERATORS.join(' ')} after ${attribute}`, operatorToken?.at ?? this.length);
    }
    const valueToken = this.tokens[this.index + 2];
    if (!valueToken) fail(`expected a time after ${attribute} ${operatorToken.text}`, this.length);
    const epochMs = timeValue(valueToken);
    this.comparisons += 1;
    if (this.comparisons > CQL_FILTER_MAX_COMPARISONS) fail(`more than ${CQL_FILTER_MAX_COMPARISONS} comparisons`, attributeToken.at);
    this.index += 3;
    return { kind: 'comparison', attribute, operator: operatorToken.text, epochMs };
  }
}

function describe(token: Token): string {
  switch (token.type) {
    case '(':
    case ')':
      return quote(token.type);
    case 'string':
      return `quoted text ${quote(token.text)}`;
    default:
      return quote(token.text);
  }
}

/** The time a literal stands for, in epoch milliseconds. */
function timeValue(token: Token): number {
  if (token.type === 'string' || (token.type === 'bare' && !/^\d+$/.test(token.text))) {
    const parsed = parseIsoDateTime(token.text);
    if (!parsed.ok) fail(parsed.reason, token.at);
    return parsed.epochMs;
  }
  if (token.type === 'bare') {
    const epochMs = Number(token.text);
    if (token.text.length > 16 || epochMs > MAX_EPOCH_MS) fail(`${quote(token.text)} is too large for epoch milliseconds`, token.at);
    return epochMs;
  }
  return fail(`expected a time (quoted ISO 8601 date-time or epoch milliseconds), found ${describe(token)}`, token.at);
}

/**
 * Parses a CQL_FILTER of the drone-zone family. Never throws; the message says what is wrong and where
 * (1-based character), without the parameter name, so callers can prefix it.
 */
export function parseCqlTimeFilter(text: string): CqlParseResult {
  if (text.length > CQL_FILTER_MAX_LENGTH) {
    return { ok: false, message: `the filter is ${text.length} characters long; at most ${CQL_FILTER_MAX_LENGTH} are accepted` };
  }
  try {
    return { ok: true, filter: new Parser(tokenize(text), text.length).parse() };
  } catch (error) {
    if (error instanceof CqlSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Whether a record's times satisfy a parsed filter. */
export function matchesCqlTimeFilter(filter: CqlTimeFilter, times: Readonly<Record<CqlTimeAttribute, number>>): boolean {
  switch (filter.kind) {
    case 'and':
      return filter.operands.every((operand) => matchesCqlTimeFilter(operand, times));
    case 'or':
      return filter.operands.some((operand) => matchesCqlTimeFilter(operand, times));
    case 'comparison': {
      const value = times[filter.attribute];
      switch (filter.operator) {
        case '=':
          return value === filter.epochMs;
        case '<>':
          return value !== filter.epochMs;
        case '<':
          return value < filter.epochMs;
        case '<=':
          return value <= filter.epochMs;
        case '>':
          return value > filter.epochMs;
        case '>=':
          return value >= filter.epochMs;
      }
    }
  }
}

/**
 * The filter the viewer sends for the drone window (SPEC §7, §9): zones that start or end between `fromMs` and
 * `toMs`, or span the whole window. Written here so the viewer and the tests build exactly what the server parses.
 */
export function droneWindowCqlFilter(fromMs: number, toMs: number): string {
  const from = `'${new Date(fromMs).toISOString()}'`;
  const to = `'${new Date(toMs).toISOString()}'`;
  return (
    `(START_TIME >= ${from} AND START_TIME <= ${to}) OR (END_TIME >= ${from} AND END_TIME <= ${to})` +
    ` OR (START_TIME <= ${from} AND END_TIME >= ${to})`
  );
}
