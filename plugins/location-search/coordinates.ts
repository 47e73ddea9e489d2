/**
 * Coordinates typed into the search box (SPEC §5): WGS84 latitude/longitude in decimal degrees or
 * degrees-minutes-seconds, or HK 1980 Grid easting/northing in metres. Pure text work (no projection library, so
 * the first paint does not carry proj4); the HK 1980 Grid conversion is core/contracts/hk1980.ts.
 *
 * What is accepted (and documented in CONTEXT.md):
 * - Two numbers separated by a comma, semicolon, slash or spaces; full-width digits and commas (，) are fine.
 * - Decimal degrees without letters: latitude first ("22.28, 114.16", "22.28 114.16"); longitude first only when
 *   the first number cannot be a latitude (|x| > 90: "114.16, 22.28"). Otherwise latitude, longitude.
 * - Hemisphere letters N/S/E/W before or after each number fix the axes and sign ("22.28N 114.16E", "N22.28 E114.16").
 * - Degrees-minutes(-seconds): `22°17'00"N 114°09'36"E`, `22 17 0 N 114 9 36 E`, `22°17.5' 114°9.6'`; minutes and
 *   seconds in 0..60, only the last part may have decimals.
 * - HK 1980 Grid: two numbers that cannot be degrees (both above 180) are metres, easting then northing
 *   ("836000 816000"); "E836000 N816000" / "816000N 836000E" fix the order. Without letters the two are swapped only
 *   when easting-first falls outside the Hong Kong grid extent and northing-first falls inside it.
 * Text that starts with a digit, a sign or holds a degree sign is taken as coordinates and, when it does not
 * parse, is malformed ("Input coordinates are not correct"); text starting with a letter is coordinates only when it
 * parses fully, so place names such as the distance post "W001" are still searched.
 */

export type ParsedCoordinates =
  | { kind: 'none' }
  | { kind: 'malformed' }
  | { kind: 'wgs84'; longitude: number; latitude: number }
  | { kind: 'hk1980'; easting: number; northing: number };

/** The HK 1980 Grid extent of Hong Kong (the 18 districts' outline, 113.82–114.51°E, 22.13–22.57°N, rounded out), metres. */
export const HK1980_EXTENT = { minEasting: 795_000, maxEasting: 875_000, minNorthing: 795_000, maxNorthing: 850_000 } as const;

type Axis = 'lat' | 'lon';
interface Token {
  type: 'number' | 'letter' | 'degree' | 'minute' | 'second' | 'separator';
  text: string;
}
interface Part {
  value: number;
  /** A number with minutes or seconds (degrees only). */
  sexagesimal: boolean;
  /** A number with a decimal point. */
  decimal: boolean;
  letter?: 'N' | 'S' | 'E' | 'W';
}

const TOKEN = /\s*(?:([+-]?\d+(?:\.\d+)?|[+-]?\.\d+)|([NSEWnsew])(?![A-Za-z])|(°|˚|deg)|('(?!')|′(?!′)|’|‘|min)|("|″|”|“|''|′′|sec)|([,;/]))/y;

function normalise(text: string): string {
  // º (ordinal) is a common stand-in for the degree sign; NFKC would make it an "o". NFKC makes ″ two primes.
  return text.replace(/º/g, '°').normalize('NFKC').replace(/\u3001/g, ',').trim();
}

function tokenise(text: string): Token[] | null {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) return /^\s*$/.test(text.slice(start)) ? tokens : null;
    const [, number, letter, degree, minute, second, separator] = match;
    if (number !== undefined) tokens.push({ type: 'number', text: number });
    else if (letter !== undefined) tokens.push({ type: 'letter', text: letter.toUpperCase() });
    else if (degree !== undefined) tokens.push({ type: 'degree', text: degree });
    else if (minute !== undefined) tokens.push({ type: 'minute', text: minute });
    else if (second !== undefined) tokens.push({ type: 'second', text: second });
    else if (separator !== undefined) tokens.push({ type: 'separator', text: separator });
  }
  return tokens;
}

/** Splits the tokens into the two coordinates, or null. */
function splitGroups(tokens: Token[]): Token[][] | null {
  const separators = tokens.filter((token) => token.type === 'separator').length;
  if (separators > 1) return null;
  if (separators === 1) {
    const at = tokens.findIndex((token) => token.type === 'separator');
    return [tokens.slice(0, at), tokens.slice(at + 1)];
  }
  const letters = tokens.filter((token) => token.type === 'letter').length;
  if (letters > 0) {
    if (letters !== 2) return null;
    const groups: Token[][] = [[]];
    const prefix = tokens[0].type === 'letter';
    for (const token of tokens) {
      if (prefix && token.type === 'letter' && groups[groups.length - 1].length > 0) groups.push([]);
      groups[groups.length - 1].push(token);
      if (!prefix && token.type === 'letter') groups.push([]);
    }
    if (!prefix && groups[groups.length - 1].length === 0) groups.pop();
    return groups;
  }
  if (tokens.some((token) => token.type === 'degree')) {
    // A new coordinate starts at each number followed by a degree sign.
    const groups: Token[][] = [];
    tokens.forEach((token, index) => {
      if (token.type === 'number' && tokens[index + 1]?.type === 'degree') groups.push([]);
      if (groups.length === 0) groups.push([]);
      groups[groups.length - 1].push(token);
    });
    return groups;
  }
  const numbers = tokens.filter((token) => token.type === 'number');
  if (numbers.length !== tokens.length || numbers.length % 2 !== 0 || numbers.length > 6) return null;
  const half = numbers.length / 2;
  return [numbers.slice(0, half), numbers.slice(half)];
}

/** One coordinate: degrees [minutes [seconds]] with an optional hemisphere letter, or null. */
function readPart(tokens: Token[]): Part | null {
  let letter: Part['letter'];
  let rest = tokens;
  if (rest[0]?.type === 'letter') [letter, rest] = [rest[0].text as Part['letter'], rest.slice(1)];
  else if (rest[rest.length - 1]?.type === 'letter') [letter, rest] = [rest[rest.length - 1].text as Part['letter'], rest.slice(0, -1)];
  const numbers: string[] = [];
  const units: Array<Token['type'] | null> = [];
  for (const token of rest) {
    if (token.type === 'number') {
      numbers.push(token.text);
      units.push(null);
    } else if (token.type === 'degree' || token.type === 'minute' || token.type === 'second') {
      if (numbers.length === 0 || units[units.length - 1] !== null) return null;
      units[units.length - 1] = token.type;
    } else return null;
  }
  if (numbers.length < 1 || numbers.length > 3) return null;
  // Units, where written, must be degree, minute, second in that order.
  const expected = ['degree', 'minute', 'second'] as const;
  if (units.some((unit, index) => unit !== null && unit !== expected[index])) return null;
  const values = numbers.map(Number);
  if (values.some((value) => !Number.isFinite(value))) return null;
  // Only the degrees may carry a sign; only the last number may have decimals.
  if (numbers.slice(1).some((text) => /^[+-]/.test(text))) return null;
  if (numbers.slice(0, -1).some((text) => text.includes('.'))) return null;
  if (values.slice(1).some((value) => value >= 60)) return null;
  const sign = numbers[0].startsWith('-') ? -1 : 1;
  const [degrees, minutes = 0, seconds = 0] = values;
  if (letter && sign < 0) return null;
  return {
    value: sign * (Math.abs(degrees) + minutes / 60 + seconds / 3600),
    sexagesimal: numbers.length > 1,
    decimal: numbers.some((text) => text.includes('.')),
    letter,
  };
}

const axisOf = (letter: Part['letter']): Axis | undefined => (letter === 'N' || letter === 'S' ? 'lat' : letter ? 'lon' : undefined);
const insideGridExtent = (easting: number, northing: number) =>
  easting >= HK1980_EXTENT.minEasting && easting <= HK1980_EXTENT.maxEasting && northing >= HK1980_EXTENT.minNorthing && northing <= HK1980_EXTENT.maxNorthing;

function interpret(a: Part, b: Part): ParsedCoordinates {
  const axisA = axisOf(a.letter);
  const axisB = axisOf(b.letter);
  if (axisA && axisB && axisA === axisB) return { kind: 'malformed' };
  const metres = Math.abs(a.value) > 180 && Math.abs(b.value) > 180;
  if (metres) {
    if (a.sexagesimal || b.sexagesimal || a.value < 0 || b.value < 0) return { kind: 'malformed' };
    if (a.letter === 'S' || a.letter === 'W' || b.letter === 'S' || b.letter === 'W') return { kind: 'malformed' };
    if (axisA === 'lat' || axisB === 'lon') return { kind: 'hk1980', easting: b.value, northing: a.value };
    if (axisA || axisB) return { kind: 'hk1980', easting: a.value, northing: b.value };
    if (!insideGridExtent(a.value, b.value) && insideGridExtent(b.value, a.value)) return { kind: 'hk1980', easting: b.value, northing: a.value };
    return { kind: 'hk1980', easting: a.value, northing: b.value };
  }
  const signed = (part: Part) => (part.letter === 'S' || part.letter === 'W' ? -part.value : part.value);
  let latitude: number;
  let longitude: number;
  if (axisA === 'lat' || axisB === 'lon') [latitude, longitude] = [signed(a), signed(b)];
  else if (axisA === 'lon' || axisB === 'lat') [latitude, longitude] = [signed(b), signed(a)];
  else if (Math.abs(a.value) > 90 && Math.abs(b.value) <= 90) [latitude, longitude] = [b.value, a.value];
  else [latitude, longitude] = [a.value, b.value];
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { kind: 'malformed' };
  return { kind: 'wgs84', longitude, latitude };
}

/** True when the text is meant as coordinates: it starts with a digit, a sign or a decimal point, or holds a degree sign. */
function looksLikeCoordinates(text: string): boolean {
  return /^[+-]?\.?\d/.test(text) || /[°˚]/.test(text);
}

/** Reads typed coordinates; `none` for text that is not coordinates (a place search). */
export function parseCoordinates(input: string): ParsedCoordinates {
  const text = normalise(input);
  const meant = looksLikeCoordinates(text);
  const fail: ParsedCoordinates = meant ? { kind: 'malformed' } : { kind: 'none' };
  if (text === '') return { kind: 'none' };
  const tokens = tokenise(text);
  if (!tokens) return fail;
  const groups = splitGroups(tokens);
  if (!groups || groups.length !== 2) return fail;
  const a = readPart(groups[0]);
  const b = readPart(groups[1]);
  if (!a || !b) return fail;
  const result = interpret(a, b);
  return result.kind === 'malformed' ? fail : result;
}
