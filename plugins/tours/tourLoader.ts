/**
 * Loads the tours (manifests/tours/*.json) when the player first needs them: each file is its own lazily imported
 * module, and the validation (zod, the manifest schemas) is imported with them, so neither is in the first paint
 * nor in this plugin's activation. Invalid files are left out and reported with file, path and message, like every
 * manifest (core/manifests/validate.ts).
 */
import type { TourManifest } from '../../core/manifests/schemas';

const tourFiles = import.meta.glob('../../manifests/tours/*.json', { import: 'default' });

export interface LoadedTours {
  /** Valid tours, by `order` then English name. */
  tours: TourManifest[];
  /** `file: path: message` of each file left out or warned about. */
  problems: string[];
}

export async function loadTours(files: Record<string, () => Promise<unknown>> = tourFiles): Promise<LoadedTours> {
  const [{ validateManifests, formatProblem }, entries] = await Promise.all([
    import('../../core/manifests/validate'),
    Promise.all(Object.entries(files).map(async ([path, load]) => ({ file: path.replace(/^(\.\.\/)+/, ''), json: await load() }))),
  ]);
  const { valid, problems } = validateManifests(entries, 'tour');
  const tours = valid.map((entry) => entry.manifest).sort((a, b) => a.order - b.order || a.name['en-US'].localeCompare(b.name['en-US']));
  return { tours, problems: problems.map((problem) => formatProblem(problem, true)) };
}
