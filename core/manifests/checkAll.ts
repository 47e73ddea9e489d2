/**
 * Checks every manifest file of the repository (Node only: reads the file system). Used by
 * scripts/manifests-check.ts and by tests. Collects every problem, cross-file references included.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MANIFEST_KINDS, manifestFolders, type LayerTreeGroup, type ManifestKind, type ManifestOf } from './schemas';
import { checkReferences, validateManifests, type ManifestFile, type ManifestProblem } from './validate';

/** Reads `*.json` files of one folder; unreadable JSON becomes a problem, not an exception. */
export function readManifestFolder(root: string, folder: string): { files: ManifestFile[]; problems: ManifestProblem[] } {
  const directory = join(root, folder);
  const files: ManifestFile[] = [];
  const problems: ManifestProblem[] = [];
  if (!existsSync(directory)) return { files, problems };
  for (const name of readdirSync(directory).sort()) {
    if (!name.endsWith('.json') || name === 'manifest.schema.json') continue;
    const file = relative(root, join(directory, name)).split('\\').join('/');
    try {
      files.push({ file, json: JSON.parse(readFileSync(join(directory, name), 'utf8')) as unknown });
    } catch (error) {
      problems.push({ file, path: '(root)', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}`, severity: 'error' });
    }
  }
  return { files, problems };
}

function groupOverlayReferences(groups: readonly LayerTreeGroup[], path: string): Array<{ path: string; id: string }> {
  return groups.flatMap((group, index) => [
    ...group.overlays.map((id, overlayIndex) => ({ path: `${path}[${index}].overlays[${overlayIndex}]`, id })),
    ...groupOverlayReferences(group.groups, `${path}[${index}].groups`),
  ]);
}

export interface CheckResult {
  problems: ManifestProblem[];
  valid: { [K in ManifestKind]: Array<{ file: string; manifest: ManifestOf<K> }> };
}

/** Validates manifests/ and variants/ under `root`, then checks overlay ids referenced by layer trees, tours and variants. */
export function checkAllManifests(root: string): CheckResult {
  const problems: ManifestProblem[] = [];
  const valid = {} as CheckResult['valid'];
  for (const kind of MANIFEST_KINDS) {
    const read = readManifestFolder(root, manifestFolders[kind]);
    problems.push(...read.problems);
    const result = validateManifests(read.files, kind);
    problems.push(...result.problems);
    (valid as Record<ManifestKind, unknown>)[kind] = result.valid;
  }
  const overlayIds = new Set(valid.overlay.map(({ manifest }) => manifest.id));
  for (const { file, manifest } of valid['layer-tree']) {
    problems.push(...checkReferences(file, groupOverlayReferences(manifest.groups, 'groups'), overlayIds, 'overlay'));
  }
  for (const { file, manifest } of valid.tour) {
    const references = manifest.stops.flatMap((stop, index) => stop.overlays.map((id, overlayIndex) => ({ path: `stops[${index}].overlays[${overlayIndex}]`, id })));
    problems.push(...checkReferences(file, references, overlayIds, 'overlay'));
  }
  for (const { file, manifest } of valid.variant) {
    const references = manifest.overlays.map((id, index) => ({ path: `overlays[${index}]`, id }));
    problems.push(...checkReferences(file, references, overlayIds, 'overlay'));
  }
  return { problems, valid };
}
