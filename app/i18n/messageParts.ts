/**
 * Which message table a namespace (locales/<lang>/<namespace>.json) belongs to. The shell's namespaces (app,
 * core and the portal pages) are in the table the first render waits for; every other namespace is a plugin's
 * (named after its folder, plugins/<id>) and loads with the plugins, after the first render
 * (app/plugins/pluginHostStart.ts), so plugins' messages never weigh on the first paint (issue 13 point 6).
 * Used by app/i18n/messages.ts (the loaders) and vite.config.ts (one chunk per language and part); a test
 * checks that every other namespace names a plugin folder.
 */
import { parseMessagePath } from '../../core/i18n/messages';

/** The namespaces of the app, core and the portal's pages. */
export const SHELL_NAMESPACES: ReadonlySet<string> = new Set([
  'apiPages',
  'app',
  'catalogue',
  'chunk',
  'core',
  'download',
  'explorer',
  'freshness',
  'map',
  'metadata',
]);

/** The later message part (core/i18n createMessageLoader) that holds the plugins' namespaces. */
export const PLUGIN_MESSAGES_PART = 'plugins';

/** The chunk name a namespace file is bundled into: `messages-<lang>` or `messages-<lang>-plugins`. */
export function messageChunkName(path: string): string | null {
  const file = parseMessagePath(path);
  if (!file) return null;
  return SHELL_NAMESPACES.has(file.namespace) ? `messages-${file.language}` : `messages-${file.language}-${PLUGIN_MESSAGES_PART}`;
}
