/**
 * Manifest validation that collects every problem instead of stopping at the first (MapLibre style-spec
 * habit): the app starts with the valid manifests and reports the rest; `npm run manifests:check` prints
 * the same list. The schema is passed in, so the variant's validation at start-up (core/variants) does not
 * bring every manifest schema and zod with it (./variantSchema.ts); ./validate.ts looks a kind's schema up.
 */
import type { $ZodError, $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/mini';
import type { ManifestKind, ManifestOf } from './schemas';

export type Severity = 'error' | 'warning';

/** One problem found in one manifest file. `path` is dotted (`realtime.intervalMs`, `legend.items[0].colour`). */
export interface ManifestProblem {
  file: string;
  path: string;
  message: string;
  severity: Severity;
}

export interface ManifestFile {
  /** Repository-relative path, used in messages (`manifests/overlays/aqhi.json`). */
  file: string;
  /** The parsed JSON (or anything: a non-object is reported). */
  json: unknown;
}

export interface ValidatedManifest<K extends ManifestKind> {
  file: string;
  manifest: ManifestOf<K>;
}

export interface ValidationResult<K extends ManifestKind> {
  valid: Array<ValidatedManifest<K>>;
  problems: ManifestProblem[];
}

/** The file name every `$schema` should end with. */
export const MANIFEST_SCHEMA_FILE = 'manifest.schema.json';

/** Expected `$schema` fragment for a kind, e.g. `manifest.schema.json#/definitions/overlay`. */
export function schemaReferenceFor(kind: ManifestKind): string {
  return `${MANIFEST_SCHEMA_FILE}#/definitions/${kind}`;
}

/** Formats a key path the way humans read it: `a.b[0].c`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(root)' : out;
}

/** `file: path: message`, the one format used by the loader, the CLI and notices. */
export function formatProblem(problem: ManifestProblem, withSeverity = false): string {
  const base = `${problem.file}: ${problem.path}: ${problem.message}`;
  return withSeverity ? `${base} [${problem.severity}]` : base;
}

/** Turns zod issues into problems; unknown keys get one problem each, with the key in the path. */
export function issuesToProblems(file: string, error: $ZodError): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        problems.push({ file, path: formatPath([...issue.path, key]), message: 'unknown key', severity: 'error' });
      }
      continue;
    }
    const missing = issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
    const message = missing ? `required ${issue.expected} is missing` : issue.message;
    problems.push({ file, path: formatPath(issue.path), message, severity: 'error' });
  }
  return problems;
}

function hasOwn(value: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

/**
 * Validates manifests of one kind with its schema. Never throws: returns the valid ones and every problem.
 *
 * Errors: schema violations, duplicate ids (the later file loses). Warnings: missing `$schema`, a `$schema`
 * that does not point at manifests/manifest.schema.json, a file name that differs from the id.
 */
export function validateManifestsWith<K extends ManifestKind>(
  files: ReadonlyArray<ManifestFile>,
  kind: K,
  schema: $ZodType,
): ValidationResult<K> {
  const valid: Array<ValidatedManifest<K>> = [];
  const problems: ManifestProblem[] = [];
  const seen = new Map<string, string>();

  for (const { file, json } of files) {
    if (json === null || typeof json !== 'object' || Array.isArray(json)) {
      problems.push({ file, path: '(root)', message: 'expected a JSON object', severity: 'error' });
      continue;
    }
    const record = json as Record<string, unknown>;
    problems.push(...schemaKeyWarnings(file, record, kind));

    const result = safeParse(schema, json);
    if (!result.success) {
      problems.push(...issuesToProblems(file, result.error));
      continue;
    }
    const manifest = result.data as ManifestOf<K>;
    const id = (manifest as { id: string }).id;
    const previous = seen.get(id);
    if (previous !== undefined) {
      problems.push({ file, path: 'id', message: `duplicate id "${id}" (already defined in ${previous})`, severity: 'error' });
      continue;
    }
    seen.set(id, file);
    const baseName = file.split('/').pop()?.replace(/\.json$/, '');
    if (baseName !== undefined && baseName !== id && !/^manifest$/.test(baseName)) {
      problems.push({ file, path: 'id', message: `id "${id}" differs from the file name "${baseName}.json"`, severity: 'warning' });
    }
    valid.push({ file, manifest });
  }
  return { valid, problems };
}

function schemaKeyWarnings(file: string, record: Record<string, unknown>, kind: ManifestKind): ManifestProblem[] {
  if (!hasOwn(record, '$schema')) {
    return [{ file, path: '$schema', message: `missing "$schema" (expected a path ending in ${schemaReferenceFor(kind)})`, severity: 'warning' }];
  }
  const value = record.$schema;
  if (typeof value !== 'string') return []; // the schema reports the type error
  if (!value.split('#')[0].endsWith(MANIFEST_SCHEMA_FILE)) {
    return [{ file, path: '$schema', message: `unknown "$schema" "${value}" (expected a path ending in ${schemaReferenceFor(kind)})`, severity: 'warning' }];
  }
  const fragment = value.includes('#') ? value.slice(value.indexOf('#')) : '';
  if (fragment !== '' && fragment !== `#/definitions/${kind}`) {
    return [{ file, path: '$schema', message: `"$schema" points at ${fragment} but this is a ${kind} manifest`, severity: 'warning' }];
  }
  return [];
}

/** Cross-file check: every overlay id referenced by a layer tree or variant exists. */
export function checkReferences(
  file: string,
  references: ReadonlyArray<{ path: string; id: string }>,
  known: ReadonlySet<string>,
  what: string,
): ManifestProblem[] {
  return references
    .filter((reference) => !known.has(reference.id))
    .map((reference) => ({ file, path: reference.path, message: `unknown ${what} id "${reference.id}"`, severity: 'error' as const }));
}

/** True when any problem is an error (warnings alone do not fail a check). */
export function hasErrors(problems: ReadonlyArray<ManifestProblem>): boolean {
  return problems.some((problem) => problem.severity === 'error');
}
