/**
 * "Only one at a time" rules of SPEC §2/§4 as data. Enforcement is one function, {@link applySwitch}, that
 * every store action which opens or closes something goes through.
 *
 * A *switch* is a string key naming one on/off thing in the store:
 * - `drawer:<id>`          drawers[id].shown (opening also sets activated)
 * - `toggle:<id>`          toggles[id] (map tools and plugin toggles)
 * - `mode:<key>`           a core boolean mode: textured, threeD, identify, measure, shadow, share, indoor,
 *                          multiView, splitLayers, tours, dialogs, controlPanelOpen, toolsPanelOpen
 * - `measure-mode:<kind>`  measureMode === kind (line, area, triangle, height ...)
 * - `function-group:<id>`  functionGroups[id] (land, living, environmental)
 * - `menu:<id>`            menus[id] (mega, quickAction)
 * A member written `prefix:*` stands for every switch of that prefix present in the state.
 */
import type { Disposer } from '../plugin/types';

/** Things a rule can reset besides group members. */
export type Reset = 'tools-panel' | 'control-mode' | 'measure-mode' | 'all-drawers';

export interface ExclusiveGroup {
  /** kebab-case id; plugins join by id (`ToolContribution.exclusiveGroups`). */
  id: string;
  /** Switch keys; opening one closes the others. `prefix:*` matches every switch of that prefix. */
  members: string[];
  /** Members that keep `activated` (drawers) when the group closes them (SPEC §4: the layers drawer). */
  keepActivated?: string[];
  /** Reset whenever a member opens (SPEC §2: opening a drawer resets tools panel, control mode, measure mode). */
  resets?: Reset[];
  /**
   * Switches closed whenever a member opens, which do not close the members when they open themselves: a one-way
   * rule (SPEC §4 "Themed functions suspend other functions while active": a tool that stops while a function
   * drawer is open is suspended by the `drawers` group, yet opening the tool leaves the drawer open). `prefix:*`
   * allowed. Plugins add theirs with {@link ExclusivityRules.suspendWith}.
   */
  suspends?: string[];
}

/** A consequence of one switch changing, not tied to a group. */
export interface SwitchTrigger {
  /** Switch key. */
  when: string;
  /** The new value that fires the trigger. */
  becomes: boolean;
  resets?: Reset[];
  /** Switches opened as a consequence (through the groups, so their rules apply too). */
  opens?: string[];
  /** Switches closed as a consequence (their own triggers fire in turn). */
  closes?: string[];
}

/** The core table (SPEC §2, §4). Plugins add members or whole groups at run time. */
export const coreExclusiveGroups: readonly ExclusiveGroup[] = [
  {
    id: 'drawers',
    members: ['drawer:*'],
    keepActivated: ['drawer:layers'],
    resets: ['tools-panel', 'control-mode', 'measure-mode'],
  },
  // SPEC §4: the measure tools and view shed; view shed (a plugin) joins by its tool's `exclusiveGroups`.
  { id: 'measure-tools', members: ['measure-mode:*'] },
  { id: 'measure-control-panels', members: ['mode:measure', 'mode:controlPanelOpen'] },
  { id: 'split-multi-view', members: ['mode:splitLayers', 'mode:multiView'] },
  // SPEC §2: land, living and environmental functions, one group open at a time. SPEC §4 "themed functions suspend
  // other functions while active": a group opening closes the core analysis modes that take the map over (the
  // measure panel and its tool, split layers, multi view); opening one of them leaves the function open. Drawers
  // join their group with `joinFunctionGroup` (./functionGroups.ts); a plugin tool that cannot run beside a themed
  // function adds itself with `suspendWith('function-groups', key)`.
  {
    id: 'function-groups',
    members: ['function-group:*'],
    suspends: ['mode:measure', 'measure-mode:*', 'mode:splitLayers', 'mode:multiView'],
  },
  { id: 'menus', members: ['menu:mega', 'menu:quickAction'] },
];

export const coreSwitchTriggers: readonly SwitchTrigger[] = [
  /** SPEC §2: switching 3D off closes all drawers. */
  { when: 'mode:threeD', becomes: false, resets: ['all-drawers'] },
  /** SPEC §4: turning indoor view on forces the layers drawer open. */
  { when: 'mode:indoor', becomes: true, opens: ['drawer:layers'] },
  /** SPEC §4: leaving the measure panel ends the measure mode. */
  { when: 'mode:measure', becomes: false, resets: ['measure-mode'] },
];

/** The live table: core groups plus whatever plugins joined. */
export interface ExclusivityRules {
  groups(): readonly ExclusiveGroup[];
  triggers(): readonly SwitchTrigger[];
  /** Adds `member` to group `groupId` (creating an empty group if needed). Returns the disposer. */
  join(groupId: string, member: string): Disposer;
  /**
   * Makes `member` (a switch key) close whenever any member of group `groupId` opens, one way (see
   * {@link ExclusiveGroup.suspends}), creating an empty group if needed. Returns the disposer.
   */
  suspendWith(groupId: string, member: string): Disposer;
  /** Adds a whole group; throws when the id exists. */
  addGroup(group: ExclusiveGroup): Disposer;
  addTrigger(trigger: SwitchTrigger): Disposer;
}

export function createExclusivityRules(
  groups: readonly ExclusiveGroup[] = coreExclusiveGroups,
  triggers: readonly SwitchTrigger[] = coreSwitchTriggers,
): ExclusivityRules {
  const table = new Map<string, ExclusiveGroup>(
    groups.map((group) => [group.id, { ...group, members: [...group.members], suspends: group.suspends && [...group.suspends] }]),
  );
  const triggerList: SwitchTrigger[] = [...triggers];
  /** Adds `switchKey` to one list of a group (creating the group); the disposer takes that one entry out again. */
  const addTo = (groupId: string, list: 'members' | 'suspends', switchKey: string): Disposer => {
    const group = table.get(groupId) ?? { id: groupId, members: [] };
    table.set(groupId, { ...group, [list]: [...(group[list] ?? []), switchKey] });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const current = table.get(groupId);
      const entries = current?.[list];
      if (!current || !entries) return;
      const index = entries.indexOf(switchKey);
      if (index >= 0) table.set(groupId, { ...current, [list]: entries.filter((_, at) => at !== index) });
    };
  };
  return {
    groups: () => [...table.values()],
    triggers: () => triggerList,
    join: (groupId, member) => addTo(groupId, 'members', member),
    suspendWith: (groupId, member) => addTo(groupId, 'suspends', member),
    addGroup(group) {
      if (table.has(group.id)) throw new Error(`exclusive group "${group.id}" already exists`);
      table.set(group.id, { ...group, members: [...group.members] });
      let done = false;
      return () => {
        if (done) return;
        done = true;
        table.delete(group.id);
      };
    },
    addTrigger(trigger) {
      triggerList.push(trigger);
      return () => {
        const index = triggerList.indexOf(trigger);
        if (index >= 0) triggerList.splice(index, 1);
      };
    },
  };
}
