import type { PluginDefinition } from './types';

/**
 * Declares a plugin: the default export of `plugins/<id>/index.ts`. Only gives type inference of `Config`
 * from `configSchema`; checks happen at activation.
 *
 * ```ts
 * export default definePlugin({
 *   id: 'navigation',
 *   apiVersion: PLUGIN_API_VERSION,
 *   configSchema: z.object({ showZoom: z.boolean().default(true) }),
 *   activate(ctx) { ctx.tools.register({ id: 'home', ... }) },
 * });
 * ```
 */
export function definePlugin<Config = unknown>(definition: PluginDefinition<Config>): PluginDefinition<Config> {
  return definition;
}
