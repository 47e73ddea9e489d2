/**
 * Reads the features of a GeoJSON file of any size without holding it in memory: a small incremental tokenizer
 * (strings, escapes, nesting) that yields the text of each element of the top-level object's `features` array,
 * with the line it starts on, for JSON.parse one at a time. It reads
 *   - a FeatureCollection, pretty-printed or with one feature per line (keys before `features`, such as `type`,
 *     `name` and `crs`, are buffered; `features` is streamed element by element), and
 *   - newline-delimited GeoJSON (GeoJSONSeq, RFC 8142: one Feature object after another, an RS character
 *     allowed before each).
 * Structure errors the tokenizer sees (a stray character between features, a file cut short) are reported as
 * bad rows with their line; a file with no object at all is {@link UnusableGeoJsonError}.
 */
import { createReadStream } from 'node:fs';

export class UnusableGeoJsonError extends Error {}

export type StreamedFeature = { line: number; text: string } | { line: number; error: string };

const RECORD_SEPARATOR = '\u001e';
const WHITESPACE = new Set([' ', '\t', '\n', '\r', RECORD_SEPARATOR]);

/** Yields each feature's text (or a structure error) from a stream of decoded text chunks. */
export async function* geoJsonFeatures(chunks: AsyncIterable<string>): AsyncGenerator<StreamedFeature> {
  let line = 1;
  /** Open objects and arrays. */
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The text of the string being read at depth 1 (a top-level key), else null. */
  let keyText: string | null = null;
  let lastString = '';
  let currentKey = '';
  /** Inside the top-level `features` array (its elements sit at depth 2 → 3). */
  let inFeatures = false;
  /** Pieces of the value being captured: a feature, or a whole top-level object until `features` is found. */
  let capture: string[] | null = null;
  let captureStart = 0;
  let captureLine = 0;
  let sawObject = false;

  for await (const chunk of chunks) {
    let sliceFrom = 0;
    for (let i = 0; i < chunk.length; i += 1) {
      const char = chunk[i];
      if (char === '\n') line += 1;
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') {
          inString = false;
          if (keyText !== null) {
            lastString = keyText + chunk.slice(sliceFrom, i);
            keyText = null;
          }
        }
        continue;
      }
      if (char === '"') {
        inString = true;
        if (depth === 1) {
          keyText = '';
          sliceFrom = i + 1;
        }
        continue;
      }
      if (WHITESPACE.has(char)) continue;
      if (char === '{' || char === '[') {
        if (depth === 0) {
          if (char === '[') throw new UnusableGeoJsonError(`line ${line}: the file is a JSON array, not a GeoJSON FeatureCollection or feature sequence`);
          sawObject = true;
          capture = [];
          captureStart = i;
          captureLine = line;
        } else if (depth === 1 && char === '[' && currentKey === 'features') {
          // A FeatureCollection: stop buffering the top-level object; stream the array's elements.
          inFeatures = true;
          capture = null;
        } else if (depth === 2 && inFeatures && char === '{') {
          capture = [];
          captureStart = i;
          captureLine = line;
        }
        depth += 1;
        continue;
      }
      if (char === '}' || char === ']') {
        depth -= 1;
        if (depth < 0) throw new UnusableGeoJsonError(`line ${line}: unbalanced '${char}'`);
        if (depth === 2 && inFeatures && capture) {
          capture.push(chunk.slice(captureStart, i + 1));
          yield { line: captureLine, text: capture.join('') };
          capture = null;
        } else if (depth === 1 && inFeatures && char === ']') {
          inFeatures = false;
        } else if (depth === 0 && capture) {
          // A top-level object without `features`: one feature of a GeoJSONSeq file.
          capture.push(chunk.slice(captureStart, i + 1));
          yield { line: captureLine, text: capture.join('') };
          capture = null;
        }
        continue;
      }
      if (char === ':' && depth === 1) {
        currentKey = lastString;
        continue;
      }
      if (char === ',' && depth === 1) {
        currentKey = '';
        continue;
      }
      if (depth === 2 && inFeatures && char !== ',') {
        yield { line, error: `unexpected '${char}' in the features array (each feature must be an object)` };
        // Skip the rest of this scalar.
        while (i + 1 < chunk.length && !/[,\]\n]/.test(chunk[i + 1])) i += 1;
        continue;
      }
      if (depth === 0) throw new UnusableGeoJsonError(`line ${line}: unexpected '${char}' outside any object`);
    }
    if (capture) {
      capture.push(chunk.slice(captureStart));
      captureStart = 0;
    }
    if (keyText !== null) {
      keyText += chunk.slice(sliceFrom);
      sliceFrom = 0;
    }
  }
  if (!sawObject) throw new UnusableGeoJsonError('the file holds no JSON object');
  if (depth > 0 && capture) yield { line: captureLine, error: 'the file ends inside this feature (cut short?)' };
  else if (depth > 0) yield { line, error: 'the file ends before the FeatureCollection is closed (cut short?)' };
}

/** The features of a GeoJSON file, read in 1 MiB chunks. */
export function geoJsonFileFeatures(path: string): AsyncGenerator<StreamedFeature> {
  return geoJsonFeatures(createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>);
}
