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
}

/** The core table (SPEC §2, §4). Plugins add members or whole groups at run time. */
export const coreExclusiveGroups: readonly ExclusiveGroup[] = [
  {
    id: 'drawers',
    members: ['drawer:*'],
    keepActivated: ['drawer:layers'],
    resets: ['tools-panel', 'control-mode', 'measure-mode'],
  },
  {
    id: 'measure-tools',
    members: ['measure-mode:*', 'toggle:viewshed'],
  },
  { id: 'measure-control-panels', members: ['mode:measure', 'mode:controlPanelOpen'] },
  { id: 'split-multi-view', members: ['mode:splitLayers', 'mode:multiView'] },
  { id: 'function-groups', members: ['function-group:*'] },
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
  /** Adds a whole group; throws when the id exists. */
  addGroup(group: ExclusiveGroup): Disposer;
  addTrigger(trigger: SwitchTrigger): Disposer;
}

export function createExclusivityRules(
  groups: readonly ExclusiveGroup[] = coreExclusiveGroups,
  triggers: readonly SwitchTrigger[] = coreSwitchTriggers,
): ExclusivityRules {
  const table = new Map<string, ExclusiveGroup>(groups.map((group) => [group.id, { ...group, members: [...group.members] }]));
  const triggerList: SwitchTrigger[] = [...triggers];
  return {
    groups: () => [...table.values()],
    triggers: () => triggerList,
    join(groupId, member) {
      const group = table.get(groupId) ?? { id: groupId, members: [] };
      table.set(groupId, { ...group, members: [...group.members, member] });
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const current = table.get(groupId);
        if (!current) return;
        const index = current.members.indexOf(member);
        if (index >= 0) {
          const members = [...current.members];
          members.splice(index, 1);
          table.set(groupId, { ...current, members });
        }
      };
    },
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
