/**
 * Loads the plugins a variant enables, lazily: only those are `import()`ed. An unknown id or a failing
 * import is reported exactly like a failed activation; the other plugins go on.
 */
import type { PluginHost } from './host';
import type { Disposer, PluginDefinition } from './types';

/** Plugin id → lazy module loader; the app builds it with `import.meta.glob('../plugins/*\/index.ts')`. */
export type PluginCatalogue = Record<string, () => Promise<{ default: PluginDefinition<any> }>>;

/** The part of a variant manifest this needs. */
export interface VariantPlugins {
  plugins: ReadonlyArray<{ id: string; config?: unknown }>;
}

/**
 * Turns `import.meta.glob` keys (`../../plugins/navigation/index.ts`) into plugin ids (`navigation`).
 * Keys that do not look like `plugins/<id>/index.(ts|tsx|js)` are skipped.
 */
export function pluginCatalogueFromGlob(modules: Record<string, () => Promise<unknown>>): PluginCatalogue {
  const catalogue: PluginCatalogue = {};
  for (const [path, loader] of Object.entries(modules)) {
    const match = /(?:^|\/)plugins\/([^/]+)\/index\.(?:ts|tsx|js|mjs)$/.exec(path);
    if (match) catalogue[match[1]] = loader as PluginCatalogue[string];
  }
  return catalogue;
}

export interface LoadedPlugins {
  /** Ids activated successfully, in variant order. */
  active: string[];
  /** Ids that failed (unknown, import failed, activation failed). */
  failed: string[];
  /** Deactivates every plugin this call activated, in reverse order. */
  dispose: Disposer;
}

export async function loadVariantPlugins(
  host: PluginHost,
  variant: VariantPlugins,
  catalogue: PluginCatalogue,
): Promise<LoadedPlugins> {
  // Import in parallel (network), activate in variant order (deterministic registries and slots).
  const imports = variant.plugins.map(async (entry) => {
    const loader = Object.prototype.hasOwnProperty.call(catalogue, entry.id) ? catalogue[entry.id] : undefined;
    if (!loader) return { entry, problem: `unknown plugin "${entry.id}" (no plugins/${entry.id}/index.ts)` } as const;
    try {
      const module = await loader();
      const definition = module?.default;
      if (!definition || typeof definition.activate !== 'function') {
        return { entry, problem: `plugins/${entry.id}/index.ts has no default export made with definePlugin()` } as const;
      }
      if (definition.id !== entry.id) {
        return { entry, problem: `plugins/${entry.id}/index.ts declares id "${String(definition.id)}"` } as const;
      }
      return { entry, definition } as const;
    } catch (error) {
      return { entry, problem: `loading failed: ${error instanceof Error ? error.message : String(error)}`, error } as const;
    }
  });

  const active: string[] = [];
  const failed: string[] = [];
  const disposers: Disposer[] = [];
  for (const outcome of await Promise.all(imports)) {
    if (!('definition' in outcome) || !outcome.definition) {
      host.reportFailure(outcome.entry.id, outcome.problem, 'error' in outcome ? outcome.error : undefined);
      failed.push(outcome.entry.id);
      continue;
    }
    disposers.push(await host.activatePlugin(outcome.definition, outcome.entry.config ?? {}));
    if (host.status(outcome.entry.id)?.state === 'active') active.push(outcome.entry.id);
    else failed.push(outcome.entry.id);
  }
  return {
    active,
    failed,
    dispose: () => {
      for (const disposer of disposers.splice(0).reverse()) disposer();
    },
  };
}
