/**
 * The catalogue's dataset records: one JSON file per dataset in manifests/catalogue/ (lands staff add a dataset
 * without code), validated by the contract's `catalogueRecordSchema` plus the rules below that a schema cannot
 * say. Like the overlay manifests, every problem is collected (`file: path: message`) and the valid records are
 * kept, so one broken file never stops the server.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { catalogueRecordSchema, LANGUAGES, type CatalogueRecord, type Language } from '../../core/contracts';

export interface CatalogueProblem {
  /** The file as the user names it, e.g. `manifests/catalogue/temperature.json`. */
  file: string;
  /** Dotted path in the record (`keywords.zh-HK`, `extent.west`), `(root)` for the whole file. */
  path: string;
  message: string;
  /** Errors drop the record; warnings keep it. */
  severity: 'error' | 'warning';
}

export interface LoadedCatalogueRecord {
  file: string;
  record: CatalogueRecord;
}

export interface LoadedCatalogue {
  records: LoadedCatalogueRecord[];
  problems: CatalogueProblem[];
  /** SHA-256 over the names and bytes of every file read (valid or not): the seed compares it. */
  checksum: string;
}

/** `file: path: message`, the format of the overlay manifests' problems (core/manifests/validate.ts). */
export function formatCatalogueProblem(problem: CatalogueProblem): string {
  return `${problem.file}: ${problem.path}: ${problem.message} [${problem.severity}]`;
}

/** XML 1.0 forbids these characters even escaped; the ISO 19139 document must always be well-formed. */
const CHARACTERS_NOT_ALLOWED_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}

function schemaProblems(file: string, error: z.ZodError): CatalogueProblem[] {
  return error.issues.flatMap((issue): CatalogueProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ file, path: formatPath([...issue.path, key]), message: 'unknown key', severity: 'error' }));
    }
    return [{ file, path: formatPath(issue.path), message: issue.message, severity: 'error' }];
  });
}

/** Every string of a value with its path, for the XML character check. */
function* stringsOf(value: unknown, path: PropertyKey[] = []): Generator<{ path: PropertyKey[]; text: string }> {
  if (typeof value === 'string') yield { path, text: value };
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* stringsOf(item, [...path, index]);
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* stringsOf(item, [...path, key]);
}

/** What a valid record must also satisfy: the rules that tie fields together. */
export function recordRuleProblems(file: string, record: CatalogueRecord): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const error = (path: string, message: string) => problems.push({ file, path, message, severity: 'error' });

  for (const { path, text } of stringsOf(record)) {
    if (CHARACTERS_NOT_ALLOWED_IN_XML.test(text)) error(formatPath(path), 'contains a control character that XML cannot carry');
  }
  for (const field of ['title', 'abstract', 'purpose', 'dataQuality', 'lineage'] as const) {
    for (const language of LANGUAGES) {
      if (record[field][language].trim() === '') error(`${field}.${language}`, 'must not be empty');
    }
  }
  // Keywords are written as ISO 19139 PT_FreeText: keyword i of each language is one keyword, translated.
  const englishCount = record.keywords['en-US'].length;
  if (englishCount === 0) error('keywords.en-US', 'needs at least one keyword');
  for (const language of ['zh-HK', 'zh-CN'] as const satisfies readonly Language[]) {
    const count = record.keywords[language].length;
    if (count !== englishCount) {
      error(`keywords.${language}`, `has ${count} keyword(s) but en-US has ${englishCount}: keyword i of every language is the same keyword, translated`);
    }
  }
  const { extent, dates } = record;
  if (extent.west >= extent.east) error('extent.east', `must be east of extent.west (${extent.west})`);
  if (extent.south >= extent.north) error('extent.north', `must be north of extent.south (${extent.south})`);
  if (extent.end !== null && extent.end < extent.begin) error('extent.end', `must not be before extent.begin (${extent.begin})`);
  if (dates.revision < dates.creation) error('dates.revision', `must not be before dates.creation (${dates.creation})`);
  if (new Set(record.distributionFormats).size !== record.distributionFormats.length) error('distributionFormats', 'lists a format twice');
  // The list filter reads distributionFormats, the Download tab reads download.formats: they must agree.
  const downloadFormats = [...record.download.formats].sort().join(', ');
  if ([...record.distributionFormats].sort().join(', ') !== downloadFormats) {
    error('distributionFormats', `must list the download's formats (${downloadFormats})`);
  }
  return problems;
}

/**
 * Reads and validates every `*.json` of `directory`. `displayPrefix` is how the folder is named in problems,
 * so they read `manifests/catalogue/x.json: path: message`. A missing folder is no record and no problem (a
 * deployment may publish no catalogue).
 */
export function loadCatalogue(directory: string, displayPrefix = 'manifests/catalogue'): LoadedCatalogue {
  const hash = createHash('sha256');
  const records: LoadedCatalogueRecord[] = [];
  const problems: CatalogueProblem[] = [];
  if (!existsSync(directory)) return { records, problems, checksum: hash.digest('hex') };
  const seen = new Map<string, string>();
  for (const name of readdirSync(directory).sort()) {
    if (!name.endsWith('.json')) continue;
    const file = `${displayPrefix}/${name}`;
    const bytes = readFileSync(join(directory, name));
    hash.update(`${name}\0${bytes.length}\0`).update(bytes);
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      problems.push({ file, path: '(root)', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}`, severity: 'error' });
      continue;
    }
    const parsed = catalogueRecordSchema.safeParse(json);
    if (!parsed.success) {
      problems.push(...schemaProblems(file, parsed.error));
      continue;
    }
    const record = parsed.data;
    const ruleProblems = recordRuleProblems(file, record);
    problems.push(...ruleProblems);
    if (ruleProblems.some((problem) => problem.severity === 'error')) continue;
    const previous = seen.get(record.id);
    if (previous !== undefined) {
      problems.push({ file, path: 'id', message: `duplicate id "${record.id}" (already defined in ${previous})`, severity: 'error' });
      continue;
    }
    seen.set(record.id, file);
    if (name !== `${record.id}.json`) {
      problems.push({ file, path: 'id', message: `id "${record.id}" differs from the file name "${name}"`, severity: 'warning' });
    }
    records.push({ file, record });
  }
  return { records, problems, checksum: hash.digest('hex') };
}

/** Problems of records whose `viewerLayerId` names no overlay manifest (npm run manifests:check passes the ids). */
export function viewerLayerProblems(records: readonly LoadedCatalogueRecord[], overlayIds: ReadonlySet<string>): CatalogueProblem[] {
  return records
    .filter(({ record }) => record.viewerLayerId !== null && !overlayIds.has(record.viewerLayerId))
    .map(({ file, record }) => ({ file, path: 'viewerLayerId', message: `unknown overlay id "${record.viewerLayerId}"`, severity: 'error' as const }));
}
