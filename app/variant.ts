/**
 * The variant the page address selects (core/variants rules) and its manifest from variants/*.json.
 */
import { loadVariants, selectVariant, type VariantManifest, type VariantSelection } from '../core/variants';

const variantFiles = import.meta.glob('../variants/*.json', { eager: true });

export interface ResolvedVariant {
  selection: VariantSelection;
  /** Null when the selected variant file is missing or invalid (problems are logged). */
  manifest: VariantManifest | null;
}

export function resolveVariant(location: { hostname: string; pathname: string }): ResolvedVariant {
  const selection = selectVariant(location);
  const { variants, problems } = loadVariants(variantFiles);
  for (const problem of problems) console.error('variant manifest problem', problem);
  return { selection, manifest: variants.get(selection.variant) ?? null };
}
