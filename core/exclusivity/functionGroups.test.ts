import { describe, expect, it } from 'vitest';
import { createAppStore } from '../store/appStore';
import { createRegistry } from '../plugin/registry';
import type { DrawerContribution } from '../plugin/types';
import { createExclusivityRules } from './rules';
import { followFunctionGroups, joinFunctionGroup } from './functionGroups';

const none = { land: false, living: false, environmental: false };

function setUp() {
  const rules = createExclusivityRules();
  const emitted: string[] = [];
  const store = createAppStore({}, { exclusivity: rules, analytics: { emitToggle: (id: string, on: boolean) => emitted.push(`${id}::${on ? 'on' : 'off'}`) } as never });
  joinFunctionGroup(rules, 'hiking', 'living');
  joinFunctionGroup(rules, 'careteam', 'living');
  joinFunctionGroup(rules, 'tidegauge', 'environmental');
  joinFunctionGroup(rules, 'land-parcel', 'land');
  return { rules, store, emitted };
}

describe('function groups (SPEC §2 land / living / environmental)', () => {
  it('opening a drawer of a group switches the group on; closing it switches the group off', () => {
    const { store } = setUp();
    store.getState().openDrawer('hiking');
    expect(store.getState().functionGroups).toEqual({ ...none, living: true });
    store.getState().closeDrawer('hiking');
    expect(store.getState().functionGroups).toEqual(none);
  });

  it('a drawer of another group closes the first group and its drawer', () => {
    const { store } = setUp();
    store.getState().openDrawer('hiking');
    store.getState().openDrawer('tidegauge');
    expect(store.getState().functionGroups).toEqual({ ...none, environmental: true });
    expect(store.getState().drawers.hiking.shown).toBe(false);
    expect(store.getState().drawers.tidegauge.shown).toBe(true);
  });

  it('switching a group off from elsewhere closes its drawer, and opening another group does too', () => {
    const { store } = setUp();
    store.getState().openDrawer('careteam');
    store.getState().openFunctionGroup('land');
    expect(store.getState().drawers.careteam.shown).toBe(false);
    expect(store.getState().functionGroups).toEqual({ ...none, land: true });
    store.getState().openDrawer('tidegauge');
    store.getState().closeFunctionGroup('environmental');
    expect(store.getState().drawers.tidegauge.shown).toBe(false);
  });

  it('moving between two drawers of one group keeps the group on and reports only the drawers', () => {
    const { store, emitted } = setUp();
    store.getState().openDrawer('hiking');
    emitted.length = 0;
    store.getState().openDrawer('careteam');
    expect(store.getState().functionGroups).toEqual({ ...none, living: true });
    expect(emitted).toEqual(['hiking::off', 'careteam::on']);
  });

  it('a drawer of no group (the layers drawer) closes the open function and its group', () => {
    const { store } = setUp();
    store.getState().openDrawer('hiking');
    store.getState().openDrawer('layers');
    expect(store.getState().functionGroups).toEqual(none);
  });

  it('a themed function suspends the measure tools, split layers and multi view (SPEC §4), one way', () => {
    const { store } = setUp();
    store.getState().setMode('measure', true);
    store.getState().setMeasureMode('area');
    store.getState().setMode('splitLayers', true);
    store.getState().openDrawer('tidegauge');
    expect(store.getState()).toMatchObject({ measure: false, measureMode: null, splitLayers: false });
    // Opening the suspended tool again leaves the function open.
    store.getState().setMode('multiView', true);
    expect(store.getState()).toMatchObject({ multiView: true, functionGroups: { ...none, environmental: true } });
    expect(store.getState().drawers.tidegauge.shown).toBe(true);
  });

  it('a plugin tool joins the suspension with suspendWith', () => {
    const { rules, store } = setUp();
    rules.suspendWith('function-groups', 'toggle:first-person');
    store.getState().setToggle('first-person', true);
    store.getState().openDrawer('hiking');
    expect(store.getState().toggles['first-person']).toBe(false);
  });

  it('switching 3D off closes the function and its group', () => {
    const { store } = setUp();
    store.getState().openDrawer('land-parcel');
    store.getState().setMode('threeD', false);
    expect(store.getState().functionGroups).toEqual(none);
  });

  it('followFunctionGroups joins drawers registered later, re-joins a moved one and removes everything on dispose', () => {
    const rules = createExclusivityRules();
    const store = createAppStore({}, { exclusivity: rules });
    const drawers = createRegistry<DrawerContribution>('drawers');
    const component = () => Promise.resolve({ default: () => null });
    const stop = followFunctionGroups(drawers, rules);
    const dispose = drawers.register({ id: 'stargazing', title: 't', functionGroup: 'living', component });
    store.getState().openDrawer('stargazing');
    expect(store.getState().functionGroups.living).toBe(true);
    store.getState().closeDrawer('stargazing');
    dispose();
    drawers.register({ id: 'stargazing', title: 't', functionGroup: 'environmental', component });
    store.getState().openDrawer('stargazing');
    expect(store.getState().functionGroups).toEqual({ ...none, environmental: true });
    store.getState().closeDrawer('stargazing');
    const triggersBefore = rules.triggers().length;
    stop();
    expect(rules.triggers().length).toBe(triggersBefore - 3);
    store.getState().openDrawer('stargazing');
    expect(store.getState().functionGroups).toEqual(none);
  });
});
