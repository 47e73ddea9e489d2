/**
 * Text preparation shared by the place seed and the place search, so that a name and a query are cut into the
 * same words. Chinese has no spaces between words, so PostgreSQL's parser would see "麥理浩徑第2段" as one
 * token; `Intl.Segmenter` (ICU's dictionary word breaker) splits it into words first, and the words are
 * joined with spaces for `to_tsvector('simple', ...)`. Latin text goes through the same segmenter, which
 * splits it at spaces and punctuation as UAX #29 says.
 */

const wordSegmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Control characters (NUL included) cannot go into a PostgreSQL text value; they never mean anything here. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The form names and queries are compared in: compatibility forms folded (full-width Latin, CJK
 * compatibility ideographs), control characters dropped, runs of white space made one space, lower case.
 */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFKC').replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The words of a text (letters, digits, ideographs), in order, lower-cased; punctuation and spaces dropped. */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const segment of wordSegmenter.segment(normaliseSearchText(text))) {
    if (segment.isWordLike) words.push(segment.segment);
  }
  return words;
}

/**
 * A `to_tsquery('simple', ...)` text that needs every word, the last one as a prefix (the user may still be
 * typing it). Each word is quoted, so no character of the user's text acts as a tsquery operator.
 * Empty when the text has no word.
 */
export function prefixTsQuery(words: readonly string[]): string {
  return words
    .map((word, index) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${index === words.length - 1 ? ':*' : ''}`)
    .join(' & ');
}

/** A character-for-character script conversion table (Traditional → Simplified or back). */
export type CharacterMap = Readonly<Record<string, string>>;

/** Replaces each character found in the map; others stay as they are. */
export function convertCharacters(text: string, map: CharacterMap): string {
  let converted = '';
  for (const character of text) converted += map[character] ?? character;
  return converted;
}
