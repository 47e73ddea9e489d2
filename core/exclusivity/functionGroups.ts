/**
 * Function groups (SPEC §2: land, living, environmental; one open at a time) tied to the drawers of their
 * functions. The group's switch `function-group:<id>` follows its drawers: opening a drawer of the group switches
 * the group on (the `function-groups` exclusive group then closes the other groups, and they their drawers),
 * closing it switches the group off, and switching a group off from anywhere closes its drawers. The
 * `function-groups` group suspends what cannot run beside a themed function (rules.ts).
 */
import type { Disposer } from '../plugin/types';
import type { FunctionGroupId } from './applySwitch';
import type { ExclusivityRules } from './rules';

/** The function groups of SPEC §2, in the order the drawer bar shows them. */
export const FUNCTION_GROUPS: readonly FunctionGroupId[] = ['land', 'living', 'environmental'];

/**
 * Ties drawer `drawerId` to function group `groupId` with three triggers (see the module comment). Returns the
 * disposer that removes them; the drawer's and the group's switches are left as they are.
 */
export function joinFunctionGroup(rules: ExclusivityRules, drawerId: string, groupId: FunctionGroupId): Disposer {
  const drawer = `drawer:${drawerId}`;
  const group = `function-group:${groupId}`;
  const removers = [
    rules.addTrigger({ when: drawer, becomes: true, opens: [group] }),
    rules.addTrigger({ when: drawer, becomes: false, closes: [group] }),
    rules.addTrigger({ when: group, becomes: false, closes: [drawer] }),
  ];
  return () => {
    for (const remove of removers.splice(0)) remove();
  };
}

/** The part of a drawer contribution {@link followFunctionGroups} reads. */
export interface GroupedDrawer {
  id: string;
  functionGroup?: FunctionGroupId;
}

/**
 * Keeps every drawer of `drawers` that names a `functionGroup` joined to it ({@link joinFunctionGroup}), also those
 * registered or removed later. Returns the disposer that stops following and removes every trigger it added.
 */
export function followFunctionGroups(
  drawers: { list(): readonly GroupedDrawer[]; subscribe(listener: (items: readonly GroupedDrawer[]) => void): Disposer },
  rules: ExclusivityRules,
): Disposer {
  const joined = new Map<string, { group: FunctionGroupId; leave: Disposer }>();
  const sync = (items: readonly GroupedDrawer[]) => {
    const wanted = new Map<string, FunctionGroupId>();
    for (const drawer of items) if (drawer.functionGroup) wanted.set(drawer.id, drawer.functionGroup);
    for (const [id, entry] of joined) {
      if (wanted.get(id) === entry.group) continue;
      entry.leave();
      joined.delete(id);
    }
    for (const [id, group] of wanted) if (!joined.has(id)) joined.set(id, { group, leave: joinFunctionGroup(rules, id, group) });
  };
  sync(drawers.list());
  const stop = drawers.subscribe(sync);
  return () => {
    stop();
    for (const entry of joined.values()) entry.leave();
    joined.clear();
  };
}
