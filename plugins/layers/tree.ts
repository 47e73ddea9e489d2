/**
 * The layer tree (manifests/layer-tree/*.json) reduced to what the drawer shows: groups of overlays that are
 * registered (the variant offers them), with the overlays no group names gathered in an "other" group.
 */
import type { LayerTreeGroup, LayerTreeManifest } from '../../core/manifests/schemas';
import { validateManifests, type ManifestProblem } from '../../core/manifests/validate';

export interface TreeGroup {
  id: string;
  /** Trilingual name, or null for the generated "other layers" group (message `layers.group.other`). */
  name: LayerTreeGroup['name'] | null;
  expanded: boolean;
  overlays: string[];
  groups: TreeGroup[];
}

export type CheckState = 'on' | 'off' | 'mixed';

export const OTHER_GROUP_ID = 'other-layers';

/** Parses the layer-tree files (glob result); invalid files are reported, not thrown. */
export function loadLayerTrees(files: Record<string, unknown>): { trees: LayerTreeManifest[]; problems: ManifestProblem[] } {
  const entries = Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, module]) => ({
      file: file.replace(/^(\.\.\/)+/, ''),
      json: module && typeof module === 'object' && 'default' in module ? (module as { default: unknown }).default : module,
    }));
  const { valid, problems } = validateManifests(entries, 'layer-tree');
  return { trees: valid.map((entry) => entry.manifest), problems };
}

/** Every overlay id in a group and its sub-groups, in order, without duplicates. */
export function overlayIdsOf(group: Pick<TreeGroup, 'overlays' | 'groups'>): string[] {
  const ids = new Set<string>(group.overlays);
  for (const child of group.groups) for (const id of overlayIdsOf(child)) ids.add(id);
  return [...ids];
}

/** The tree pruned to registered overlays (empty groups dropped), plus an "other" group for the rest. */
export function visibleTree(trees: ReadonlyArray<LayerTreeManifest>, registered: ReadonlyArray<string>): TreeGroup[] {
  const known = new Set(registered);
  const used = new Set<string>();
  const prune = (group: LayerTreeGroup): TreeGroup | null => {
    const overlays = group.overlays.filter((id) => known.has(id));
    overlays.forEach((id) => used.add(id));
    const groups = group.groups.map(prune).filter((child): child is TreeGroup => child !== null);
    if (overlays.length === 0 && groups.length === 0) return null;
    return { id: group.id, name: group.name, expanded: group.expanded, overlays, groups };
  };
  const result = trees.flatMap((tree) => tree.groups.map(prune)).filter((group): group is TreeGroup => group !== null);
  const rest = registered.filter((id) => !used.has(id));
  if (rest.length > 0) result.push({ id: OTHER_GROUP_ID, name: null, expanded: true, overlays: rest, groups: [] });
  return result;
}

/** Tri-state of a group checkbox from its overlays' `shown` flags. */
export function checkState(ids: ReadonlyArray<string>, isShown: (id: string) => boolean): CheckState {
  if (ids.length === 0) return 'off';
  const on = ids.filter(isShown).length;
  if (on === 0) return 'off';
  return on === ids.length ? 'on' : 'mixed';
}

/** Clicking a group checkbox: all on when not all are on, else all off. */
export function groupToggleTarget(state: CheckState): boolean {
  return state !== 'on';
}
