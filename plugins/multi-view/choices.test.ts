import { describe, expect, it } from 'vitest';
import { decodeChoices, defaultChoices, encodeChoices } from './choices';

const known = { baseMapIds: ['relief', 'regular', 'dark', 'grey', 'ortho'], terrainIds: ['adaptive', 'above-ground-level', 'ellipsoid'], defaultTerrainId: 'adaptive' };

describe('multi view choices', () => {
  it('start with two views, each companion in another style, the first with buildings', () => {
    const choices = defaultChoices(known);
    expect(choices.count).toBe(2);
    expect(choices.companions.map((view) => view.baseMapId)).toEqual(['dark', 'ortho', 'grey']);
    expect(choices.companions.map((view) => view.buildings)).toEqual([true, false, false]);
  });

  it('round-trip through the share link, carrying only the views shown', () => {
    const choices = { ...defaultChoices(known), count: 3 };
    choices.companions[1] = { baseMapId: 'relief', terrainId: 'ellipsoid', buildings: true };
    const text = encodeChoices(choices);
    expect(text).toBe('3,dark.adaptive.1,relief.ellipsoid.1');
    expect(decodeChoices(text, known, defaultChoices(known))).toEqual(choices);
  });

  it('name what is wrong in a link', () => {
    const fallback = defaultChoices(known);
    expect(() => decodeChoices('5', known, fallback)).toThrow(/2, 3 or 4, not "5"/);
    expect(() => decodeChoices('2,sepia.adaptive.0', known, fallback)).toThrow(/view 2: no map style "sepia"/);
    expect(() => decodeChoices('2,dark.lidar.0', known, fallback)).toThrow(/view 2: no terrain "lidar"/);
    expect(() => decodeChoices('2,dark.adaptive.yes', known, fallback)).toThrow(/buildings must be 0 or 1/);
    expect(() => decodeChoices('2,dark.adaptive.0,ortho.adaptive.0', known, fallback)).toThrow(/2 views given for 1/);
  });

  it('keep the views a link leaves out', () => {
    expect(decodeChoices('4,grey.adaptive.0', known, defaultChoices(known)).companions.map((view) => view.baseMapId)).toEqual(['grey', 'ortho', 'grey']);
  });
});
