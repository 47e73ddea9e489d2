/**
 * The one place exclusivity is enforced. Store actions call {@link applySwitch} on their immer draft.
 */
import type { ExclusivityRules, Reset } from './rules';

/** Core boolean modes addressable as `mode:<key>`. */
export const MODE_KEYS = [
  'textured',
  'threeD',
  'identify',
  'measure',
  'shadow',
  'share',
  'indoor',
  'multiView',
  'splitLayers',
  'tours',
  'dialogs',
  'controlPanelOpen',
  'toolsPanelOpen',
] as const;
export type ModeKey = (typeof MODE_KEYS)[number];

export type FunctionGroupId = 'land' | 'living' | 'environmental';
export type MenuId = 'mega' | 'quickAction';

export interface DrawerFlags {
  shown: boolean;
  activated: boolean;
}

/** The part of the app state that switches address. */
export type SwitchableState = Record<ModeKey, boolean> & {
  drawers: Record<string, DrawerFlags>;
  toggles: Record<string, boolean>;
  measureMode: string | null;
  controlMode: string | null;
  functionGroups: Record<FunctionGroupId, boolean>;
  menus: Record<MenuId, boolean>;
};

/** A switch that changed, with its new value (for analytics and tool callbacks). */
export interface SwitchChange {
  key: string;
  on: boolean;
}

function isModeKey(value: string): value is ModeKey {
  return (MODE_KEYS as readonly string[]).includes(value);
}

function splitKey(key: string): [string, string] {
  const index = key.indexOf(':');
  if (index <= 0) throw new Error(`switch key "${key}" must look like "prefix:id"`);
  return [key.slice(0, index), key.slice(index + 1)];
}

/** Reads a switch. Unknown prefixes throw (a typo in a rule is a bug). */
export function readSwitch(state: SwitchableState, key: string): boolean {
  const [prefix, id] = splitKey(key);
  switch (prefix) {
    case 'drawer':
      return state.drawers[id]?.shown ?? false;
    case 'toggle':
      return state.toggles[id] ?? false;
    case 'mode':
      if (!isModeKey(id)) throw new Error(`unknown mode "${id}"`);
      return state[id];
    case 'measure-mode':
      return state.measureMode === id;
    case 'function-group':
      return state.functionGroups[id as FunctionGroupId] ?? false;
    case 'menu':
      return state.menus[id as MenuId] ?? false;
    default:
      throw new Error(`unknown switch prefix "${prefix}" in "${key}"`);
  }
}

/** Writes one switch without applying any rule. `keepActivated` only matters for drawers. */
function writeSwitch(state: SwitchableState, key: string, on: boolean, keepActivated = false): void {
  const [prefix, id] = splitKey(key);
  switch (prefix) {
    case 'drawer': {
      const flags = state.drawers[id] ?? (state.drawers[id] = { shown: false, activated: false });
      flags.shown = on;
      if (on) flags.activated = true;
      else if (!keepActivated) flags.activated = false;
      return;
    }
    case 'toggle':
      state.toggles[id] = on;
      return;
    case 'mode':
      if (!isModeKey(id)) throw new Error(`unknown mode "${id}"`);
      state[id] = on;
      return;
    case 'measure-mode':
      if (on) state.measureMode = id;
      else if (state.measureMode === id) state.measureMode = null;
      return;
    case 'function-group':
      state.functionGroups[id as FunctionGroupId] = on;
      return;
    case 'menu':
      state.menus[id as MenuId] = on;
      return;
    default:
      throw new Error(`unknown switch prefix "${prefix}" in "${key}"`);
  }
}

/** Expands `prefix:*` to the switches of that prefix that exist in the state now. */
export function expandMember(state: SwitchableState, member: string): string[] {
  if (!member.endsWith(':*')) return [member];
  const prefix = member.slice(0, -2);
  switch (prefix) {
    case 'drawer':
      return Object.keys(state.drawers).map((id) => `drawer:${id}`);
    case 'toggle':
      return Object.keys(state.toggles).map((id) => `toggle:${id}`);
    case 'measure-mode':
      return state.measureMode === null ? [] : [`measure-mode:${state.measureMode}`];
    case 'function-group':
      return Object.keys(state.functionGroups).map((id) => `function-group:${id}`);
    case 'menu':
      return Object.keys(state.menus).map((id) => `menu:${id}`);
    case 'mode':
      return MODE_KEYS.map((id) => `mode:${id}`);
    default:
      throw new Error(`unknown switch prefix "${prefix}" in "${member}"`);
  }
}

function memberMatches(member: string, key: string): boolean {
  return member === key || (member.endsWith(':*') && key.startsWith(member.slice(0, -1)));
}

function applyReset(state: SwitchableState, reset: Reset, rules: ExclusivityRules, changes: SwitchChange[], depth: number): void {
  switch (reset) {
    case 'tools-panel':
      state.toolsPanelOpen = false;
      return;
    case 'control-mode':
      state.controlMode = null;
      return;
    case 'measure-mode':
      if (state.measureMode !== null) changes.push({ key: `measure-mode:${state.measureMode}`, on: false });
      state.measureMode = null;
      return;
    case 'all-drawers': {
      const keep = new Set(rules.groups().flatMap((group) => group.keepActivated ?? []));
      for (const id of Object.keys(state.drawers)) {
        const key = `drawer:${id}`;
        const wasShown = state.drawers[id].shown;
        if (wasShown) changes.push({ key, on: false });
        writeSwitch(state, key, false, keep.has(key));
        // A drawer's own consequences follow (its function group closes with it).
        if (wasShown) fireTriggers(state, rules, key, false, changes, depth + 1);
      }
      return;
    }
  }
}

/**
 * Sets switch `key` to `on` and enforces every rule: other members of the groups it belongs to close
 * (keeping `activated` where the group says so), the groups' resets run, and matching triggers fire.
 * Mutates `state` (an immer draft) and returns the switches that changed, in order.
 */
export function applySwitch(state: SwitchableState, rules: ExclusivityRules, key: string, on: boolean): SwitchChange[] {
  const changes: SwitchChange[] = [];
  apply(state, rules, key, on, changes, 0);
  return netChanges(changes);
}

/**
 * The switches whose value differs at the end from the start, each once at its last change. A chain of rules may
 * close a switch and open it again in one action (moving between two drawers of one function group closes the
 * group with the first drawer and opens it with the second); analytics and listeners hear only what changed.
 */
function netChanges(changes: readonly SwitchChange[]): SwitchChange[] {
  const first = new Map<string, boolean>();
  const last = new Map<string, number>();
  changes.forEach((change, index) => {
    if (!first.has(change.key)) first.set(change.key, !change.on);
    last.set(change.key, index);
  });
  return changes.filter((change, index) => last.get(change.key) === index && first.get(change.key) !== change.on);
}

function apply(state: SwitchableState, rules: ExclusivityRules, key: string, on: boolean, changes: SwitchChange[], depth: number): void {
  if (depth > 8) throw new Error(`exclusivity rules loop at "${key}"`);
  const before = readSwitch(state, key);
  if (on) {
    for (const group of rules.groups()) {
      if (!group.members.some((member) => memberMatches(member, key))) continue;
      const keep = new Set(group.keepActivated ?? []);
      // Members close one another; what the group suspends closes too, one way.
      for (const member of [...group.members, ...(group.suspends ?? [])]) {
        for (const other of expandMember(state, member)) {
          if (other === key) continue;
          const wasOn = readSwitch(state, other);
          if (wasOn) changes.push({ key: other, on: false });
          // Only touch what is on (or a drawer, whose `activated` may need clearing): no phantom keys.
          if (wasOn || other.startsWith('drawer:')) writeSwitch(state, other, false, keep.has(other));
          if (wasOn) fireTriggers(state, rules, other, false, changes, depth);
        }
      }
      for (const reset of group.resets ?? []) applyReset(state, reset, rules, changes, depth);
    }
  }
  writeSwitch(state, key, on);
  if (before !== on) changes.push({ key, on });
  if (before !== on) fireTriggers(state, rules, key, on, changes, depth);
}

function fireTriggers(state: SwitchableState, rules: ExclusivityRules, key: string, on: boolean, changes: SwitchChange[], depth: number): void {
  for (const trigger of rules.triggers()) {
    if (trigger.when !== key || trigger.becomes !== on) continue;
    for (const reset of trigger.resets ?? []) applyReset(state, reset, rules, changes, depth);
    for (const opened of trigger.opens ?? []) apply(state, rules, opened, true, changes, depth + 1);
    for (const closed of trigger.closes ?? []) apply(state, rules, closed, false, changes, depth + 1);
  }
}
