/**
 * Manifest validation by kind (./validateWith.ts with the kind's schema from ./schemas.ts), for the checks and
 * every manifest but the variant, which start-up validates without loading the other schemas.
 */
import { manifestSchemas, type ManifestKind } from './schemas';
import { validateManifestsWith, type ManifestFile, type ValidationResult } from './validateWith';

export * from './validateWith';

/**
 * Validates manifests of one kind. Never throws: returns the valid ones and every problem.
 *
 * Errors: schema violations, duplicate ids (the later file loses). Warnings: missing `$schema`, a `$schema`
 * that does not point at manifests/manifest.schema.json, a file name that differs from the id.
 */
export function validateManifests<K extends ManifestKind>(files: ReadonlyArray<ManifestFile>, kind: K): ValidationResult<K> {
  return validateManifestsWith(files, kind, manifestSchemas[kind]);
}
