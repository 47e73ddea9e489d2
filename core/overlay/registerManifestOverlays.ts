/**
 * Registers every overlay manifest file (manifests/overlays/*.json, loaded by the app with import.meta.glob)
 * in the overlays registry. Invalid files are skipped and reported — one notice per file — and never stop the
 * valid ones (DESIGN "Manifests").
 */
import { formatProblem, validateManifests, type ManifestProblem } from '../manifests/validate';
import type { Disposer, NoticeService, OverlayContribution, Registry } from '../plugin/types';

/** Message id of the notice for a skipped overlay manifest (placeholder `problem`). */
export const MANIFEST_SKIPPED_MESSAGE = 'map.manifest.skipped';

export interface RegisterManifestOverlaysResult {
  registered: string[];
  problems: ManifestProblem[];
  dispose: Disposer;
}

/**
 * @param files glob result keyed by path (`../../manifests/overlays/temperature.json`) → JSON (or `{ default }`).
 * @param allowed when given, only these overlay ids are registered (the variant's `overlays`; empty = all).
 */
export function registerManifestOverlays(
  overlays: Pick<Registry<OverlayContribution>, 'register' | 'get'>,
  files: Record<string, unknown>,
  options: {
    notices?: NoticeService;
    allowed?: readonly string[];
    /** Formats message `map.manifest.skipped` ({problem}); without it the notice is in English. */
    format?: (id: string, values?: Record<string, string | number>) => string;
  } = {},
): RegisterManifestOverlaysResult {
  const manifestFiles = Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, module]) => ({
      file: path.replace(/^(\.\.\/)+/, ''),
      json: module && typeof module === 'object' && 'default' in module ? (module as { default: unknown }).default : module,
    }));
  const { valid, problems } = validateManifests(manifestFiles, 'overlay');
  const allowed = options.allowed && options.allowed.length > 0 ? new Set(options.allowed) : null;
  const disposers: Disposer[] = [];
  const registered: string[] = [];
  for (const { manifest, file } of valid) {
    if (allowed && !allowed.has(manifest.id)) continue;
    if (overlays.get(manifest.id)) continue;
    try {
      disposers.push(overlays.register({ id: manifest.id, manifest }));
      registered.push(manifest.id);
    } catch (error) {
      problems.push({ file, path: 'id', message: error instanceof Error ? error.message : String(error), severity: 'error' });
    }
  }
  const errors = problems.filter((problem) => problem.severity === 'error');
  for (const problem of problems) {
    if (problem.severity === 'error') console.error(formatProblem(problem));
    else console.warn(formatProblem(problem));
  }
  const skippedFiles = [...new Set(errors.map((problem) => problem.file))];
  for (const file of skippedFiles) {
    const first = errors.find((problem) => problem.file === file)!;
    const problem = formatProblem(first);
    const formatted = options.format?.(MANIFEST_SKIPPED_MESSAGE, { problem });
    const message = formatted && formatted !== MANIFEST_SKIPPED_MESSAGE ? formatted : `A layer definition was skipped: ${problem}`;
    options.notices?.show({ id: `manifest-skipped-${file}`, message, severity: 'warning' });
  }
  return {
    registered,
    problems,
    dispose: () => {
      for (const dispose of disposers.splice(0)) dispose();
    },
  };
}
