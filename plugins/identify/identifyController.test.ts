import { describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { HttpClient, MapPickResult, PickedFeature, PointerMode } from '../../core/plugin/types';
import { chooseBuilding, createIdentifyController, identifyUrl } from './identifyController';
import { bankOfChinaTower, groundPick } from './testing';

function setUp(answer: (url: string) => unknown) {
  const modes: PointerMode[] = [];
  const highlights: string[] = [];
  const outlines: number[] = [];
  const map = createNoopMapFacade({
    takePointer: (mode) => {
      modes.push(mode);
      return () => modes.splice(modes.indexOf(mode), 1);
    },
    highlightFeature: (feature: PickedFeature) => {
      const id = String(feature.properties.id);
      highlights.push(id);
      return () => highlights.splice(highlights.indexOf(id), 1);
    },
    temporaryGraphics: () => ({
      addPolylines: () => () => {},
      addLabels: () => () => {},
      addPolygons: () => () => {},
      addPoints: () => () => {},
      addGroundPolygons: () => () => {},
      addGroundPolylines: (lines) => {
        outlines.push(lines.length);
        return () => outlines.pop();
      },
      clear: () => void outlines.splice(0),
    }),
    pick: async () => groundPick(114.16157, 22.27928),
  });
  const urls: string[] = [];
  const http: HttpClient = {
    json: async (url, schema) => {
      urls.push(url);
      return schema.parse(answer(url));
    },
  };
  const controller = createIdentifyController({ map, http, apiBase: '/mapviewer/api/' });
  return { controller, modes, highlights, outlines, urls };
}

const featurePick = (id: string): MapPickResult =>
  groundPick(114.16157, 22.27928, { feature: { layerId: 'buildings', properties: { id, height: 305 } }, surface: 'model' });

describe('identify controller', () => {
  it('takes the pointer while on, asks the server for the clicked ground point and outlines the building', async () => {
    const { controller, modes, outlines, urls } = setUp(() => ({ results: [bankOfChinaTower()] }));
    controller.setActive(true);
    expect(modes.map((mode) => mode.id)).toEqual(['identify']);
    expect(modes[0]!.endOnEscape).toBe(false);
    await controller.identify(groundPick(114.16157, 22.27928));
    expect(urls).toEqual(['/mapviewer/api/identify/buildings?lon=114.1615700&lat=22.2792800']);
    const state = controller.getState();
    expect(state.status).toBe('found');
    expect(state.status === 'found' && state.building.csuid).toBe('1234567890T20050430');
    expect(outlines).toEqual([1]);
  });

  it('says nothing was found for a click on the sea, and reports a failed query as an error', async () => {
    let fail = false;
    const { controller } = setUp(() => {
      if (fail) throw new Error('503');
      return { results: [] };
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    controller.setActive(true);
    await controller.identify(groundPick(114.2, 22.25));
    expect(controller.getState()).toEqual({ status: 'not-found' });
    fail = true;
    await controller.identify(groundPick(114.2, 22.25));
    expect(controller.getState()).toEqual({ status: 'error' });
    error.mockRestore();
  });

  it('highlights the picked 3D building and clears highlight, outline and panel when switched off', async () => {
    const { controller, modes, highlights, outlines } = setUp(() => ({ results: [bankOfChinaTower()] }));
    controller.setActive(true);
    await controller.identify(featurePick('1234567890T20050430'));
    expect(highlights).toEqual(['1234567890T20050430']);
    controller.setActive(false);
    expect(highlights).toEqual([]);
    expect(outlines).toEqual([]);
    expect(modes).toEqual([]);
    expect(controller.getState()).toEqual({ status: 'idle' });
  });

  it('ignores clicks while off and on overlay markers, and identifies the map centre for keyboard users', async () => {
    const { controller, urls } = setUp(() => ({ results: [bankOfChinaTower()] }));
    await controller.identify(groundPick(114.16157, 22.27928));
    controller.setActive(true);
    await controller.identify(groundPick(114.16157, 22.27928, { hitOtherObject: true }));
    expect(urls).toEqual([]);
    await controller.identifyAtCentre();
    expect(urls).toHaveLength(1);
    expect(controller.getState().status).toBe('found');
  });

  it('prefers the record of the picked feature over the first answer', () => {
    const tower = bankOfChinaTower();
    const podium = bankOfChinaTower({ id: 'podium', csuid: 'podium' });
    expect(chooseBuilding([podium, tower], '1234567890T20050430')).toBe(tower);
    expect(chooseBuilding([podium, tower], 'unknown')).toBe(podium);
    expect(chooseBuilding([], undefined)).toBeUndefined();
    expect(identifyUrl('/api', 114, 22)).toBe('/api/identify/buildings?lon=114.0000000&lat=22.0000000');
  });
});
