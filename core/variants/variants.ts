/**
 * Variant manifests: parsing and lookups shared by the app, the checks and the tests. Only the variant schema
 * (zod/mini) is imported, so the first render's wait for the validated variant stays small (app/startup.ts).
 */
import { variantManifestSchema, type VariantFlag, type VariantManifest } from '../manifests/variantSchema';
import { validateManifestsWith, type ManifestProblem } from '../manifests/validateWith';

export type { VariantFlag, VariantManifest };

/**
 * Parses variant files keyed by path (e.g. `import.meta.glob('../variants/*.json', { eager: true })`).
 * Never throws: returns the valid variants by id and every problem.
 */
export function loadVariants(files: Record<string, unknown>): { variants: Map<string, VariantManifest>; problems: ManifestProblem[] } {
  const entries = Object.entries(files).map(([file, module]) => ({
    file,
    json: module && typeof module === 'object' && 'default' in module ? (module as { default: unknown }).default : module,
  }));
  const { valid, problems } = validateManifestsWith(entries, 'variant', variantManifestSchema);
  return { variants: new Map(valid.map(({ manifest }) => [manifest.id, manifest])), problems };
}

/** Parses one variant (throws with every problem listed; for code paths that cannot go on without it). */
export function parseVariant(json: unknown): VariantManifest {
  return variantManifestSchema.parse(json);
}

/** Whether a feature flag is on in a variant. */
export function isFlagOn(variant: Pick<VariantManifest, 'flags'>, flag: VariantFlag): boolean {
  return variant.flags[flag] === true;
}

/** Whether a variant enables a plugin. */
export function enablesPlugin(variant: Pick<VariantManifest, 'plugins'>, pluginId: string): boolean {
  return variant.plugins.some((plugin) => plugin.id === pluginId);
}
