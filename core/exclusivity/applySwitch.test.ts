import { describe, expect, it } from 'vitest';
import { createAppStore, type AppState, type AppStoreState } from '../store/appStore';
import { createExclusivityRules } from './rules';

type Partial2 = Partial<AppState>;
type Action = (state: AppStoreState) => void;

const drawers = (shown: string | null, activated: string[] = shown ? [shown] : []) =>
  Object.fromEntries(
    ['layers', 'hiking', 'tidegauge'].map((id) => [id, { shown: id === shown, activated: activated.includes(id) }]),
  );

/** [name, state before, action, expected subset of the state after]. */
const table: Array<[string, Partial2, Action, Partial2]> = [
  ['opening a drawer closes the others', { drawers: drawers('hiking') }, (s) => s.openDrawer('tidegauge'), { drawers: drawers('tidegauge') }],
  [
    'the layers drawer stays activated when another opens',
    { drawers: drawers('layers') },
    (s) => s.openDrawer('hiking'),
    { drawers: drawers('hiking', ['layers', 'hiking']) },
  ],
  [
    'opening a drawer resets tools panel, control mode and measure mode',
    { drawers: drawers(null), toolsPanelOpen: true, controlMode: 'first-person', measureMode: 'area' },
    (s) => s.openDrawer('hiking'),
    { drawers: drawers('hiking'), toolsPanelOpen: false, controlMode: null, measureMode: null },
  ],
  ['closing a drawer clears shown and activated', { drawers: drawers('hiking') }, (s) => s.closeDrawer('hiking'), { drawers: drawers(null) }],
  ['toggleDrawer opens a closed drawer', { drawers: drawers(null) }, (s) => s.toggleDrawer('tidegauge'), { drawers: drawers('tidegauge') }],
  [
    'switching 3D off closes all drawers (layers stays activated)',
    { drawers: drawers('layers'), threeD: true },
    (s) => s.setMode('threeD', false),
    { drawers: drawers(null, ['layers']), threeD: false },
  ],
  [
    'switching 3D off closes a function drawer',
    { drawers: drawers('hiking'), threeD: true },
    (s) => s.setMode('threeD', false),
    { drawers: drawers(null), threeD: false },
  ],
  [
    'textureless mode is only a way of painting: the layers drawer stays open',
    { drawers: drawers('layers'), textured: true },
    (s) => s.setTextured(false),
    { drawers: drawers('layers'), textured: false },
  ],
  ['measure tools are exclusive: area replaces line', { measureMode: 'line' }, (s) => s.setMeasureMode('area'), { measureMode: 'area' }],
  ['measure panel closes the control panel', { controlPanelOpen: true }, (s) => s.setMode('measure', true), { measure: true, controlPanelOpen: false }],
  ['control panel closes the measure panel', { measure: true, measureMode: 'line' }, (s) => s.setMode('controlPanelOpen', true), { measure: false, controlPanelOpen: true, measureMode: null }],
  ['split layers closes multi view', { multiView: true }, (s) => s.setMode('splitLayers', true), { splitLayers: true, multiView: false }],
  ['multi view closes split layers', { splitLayers: true }, (s) => s.setMode('multiView', true), { splitLayers: false, multiView: true }],
  [
    'function groups: one open at a time',
    { functionGroups: { land: true, living: false, environmental: false } },
    (s) => s.openFunctionGroup('environmental'),
    { functionGroups: { land: false, living: false, environmental: true } },
  ],
  ['mega menu closes the quick action menu', { menus: { mega: false, quickAction: true } }, (s) => s.openMenu('mega'), { menus: { mega: true, quickAction: false } }],
  ['quick action menu closes the mega menu', { menus: { mega: true, quickAction: false } }, (s) => s.openMenu('quickAction'), { menus: { mega: false, quickAction: true } }],
  ['indoor view on forces the layers drawer open', { drawers: drawers('hiking') }, (s) => s.setMode('indoor', true), { indoor: true, drawers: drawers('layers', ['layers']) }],
  ['unrelated toggles are left alone', { toggles: { 'field-of-view': true } }, (s) => s.setToggle('identify-extra', true), { toggles: { 'field-of-view': true, 'identify-extra': true } }],
];

describe('exclusivity rules', () => {
  it.each(table)('%s', (_name, before, action, expected) => {
    const store = createAppStore(before);
    action(store.getState());
    expect(store.getState()).toMatchObject(expected);
  });

  it('a plugin tool joins an exclusive group and leaves it on dispose', () => {
    const rules = createExclusivityRules();
    const store = createAppStore({ toggles: { 'line-of-sight': true } }, { exclusivity: rules });
    const leave = rules.join('measure-tools', 'toggle:line-of-sight');
    store.getState().setMeasureMode('line');
    expect(store.getState().toggles['line-of-sight']).toBe(false);
    store.getState().setToggle('line-of-sight', true);
    expect(store.getState().measureMode).toBeNull();
    leave();
    store.getState().setMeasureMode('area');
    expect(store.getState().toggles['line-of-sight']).toBe(true);
  });

  it('view shed and the measure tools end one another once view shed joins their group (SPEC §4), core naming no tool', () => {
    const rules = createExclusivityRules();
    const store = createAppStore({ measureMode: 'height' }, { exclusivity: rules });
    store.getState().setToggle('viewshed', true);
    expect(store.getState().measureMode).toBe('height');
    store.getState().setToggle('viewshed', false);
    rules.join('measure-tools', 'toggle:viewshed');
    store.getState().setToggle('viewshed', true);
    expect(store.getState()).toMatchObject({ measureMode: null, toggles: { viewshed: true } });
    store.getState().setMeasureMode('triangle');
    expect(store.getState()).toMatchObject({ measureMode: 'triangle', toggles: { viewshed: false } });
  });

  it('a tool suspended by the drawers closes when a function drawer opens, and opening it leaves the drawer open', () => {
    const rules = createExclusivityRules();
    const store = createAppStore({ drawers: drawers(null), toggles: { 'video-capture': true } }, { exclusivity: rules });
    const stop = rules.suspendWith('drawers', 'toggle:viewshed');
    store.getState().setToggle('viewshed', true);
    store.getState().openDrawer('hiking');
    expect(store.getState().toggles).toEqual({ 'video-capture': true, viewshed: false });
    store.getState().setToggle('viewshed', true);
    expect(store.getState().drawers.hiking!.shown).toBe(true);
    expect(store.getState().toggles.viewshed).toBe(true);
    stop();
    stop();
    store.getState().openDrawer('tidegauge');
    expect(store.getState().toggles.viewshed).toBe(true);
    // A group that does not exist yet is created, as join does.
    rules.suspendWith('tours', 'toggle:viewshed');
    expect(rules.groups().find((group) => group.id === 'tours')).toEqual({ id: 'tours', members: [], suspends: ['toggle:viewshed'] });
  });

  it('plugins can add their own groups (hiking pop-ups)', () => {
    const rules = createExclusivityRules();
    const store = createAppStore({}, { exclusivity: rules });
    rules.addGroup({ id: 'hiking-popups', members: ['toggle:hiking-photo', 'toggle:hiking-segment', 'toggle:hiking-transport'] });
    store.getState().setToggle('hiking-photo', true);
    store.getState().setToggle('hiking-segment', true);
    expect(store.getState().toggles).toEqual({ 'hiking-photo': false, 'hiking-segment': true });
    expect(() => rules.addGroup({ id: 'hiking-popups', members: [] })).toThrow(/already exists/);
  });
});
