import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import { createPluginHost } from '../../core/plugin/host';
import type { CameraState, NoticeService, PointerMode } from '../../core/plugin/types';
import plugin from './index';
import { FIRST_PERSON_SEARCH_MODE } from './searchMode';
import { FIRST_PERSON_TOOL } from './walkController';
import { EYE_HEIGHT_METERS } from './walking';

const MAP_VIEW: CameraState = { longitude: 114.17, latitude: 22.27, heightMeters: 2500, headingDegrees: 30, pitchDegrees: -45, rollDegrees: 0 };
const PLACE = { id: 'peak:1', title: 'Lion Rock', longitude: 114.187, latitude: 22.352 };

afterEach(() => vi.unstubAllGlobals());

async function activated() {
  let camera: CameraState = { ...MAP_VIEW };
  const pointers: PointerMode[] = [];
  const map = createNoopMapFacade({
    cameraState: () => ({ ...camera }),
    setView: (view) => {
      camera = { headingDegrees: 0, pitchDegrees: -90, rollDegrees: 0, ...view };
    },
    takePointer: (mode) => {
      pointers.push(mode);
      return () => void pointers.splice(pointers.indexOf(mode), 1);
    },
    sampleHeights: (positions) => Promise.resolve(positions.map(() => 480)),
  });
  const shown: string[] = [];
  const notices: NoticeService = {
    show: (notice) => {
      shown.push(typeof notice.message === 'function' ? notice.message() : notice.message);
      return () => {};
    },
  };
  const host = createPluginHost({ services: { map, notices, i18n: { language: () => 'en-US', format: (id) => id } } });
  await host.activatePlugin(plugin, {});
  const store = host.services.store;
  return { host, store, shown, camera: () => camera, pointer: () => pointers.at(-1) };
}

describe('first-person plugin', () => {
  it('offers a toggle tool in the camera-control group and a keyword-search mode', async () => {
    const { host } = await activated();
    expect(host.registries.tools.get(FIRST_PERSON_TOOL)).toMatchObject({ placement: 'tools', kind: 'toggle', label: 'firstPerson.tool', exclusiveGroups: ['camera-control'] });
    expect(host.registries.searchModes.get(FIRST_PERSON_SEARCH_MODE)).toMatchObject({ label: 'firstPerson.search.mode' });
    expect(host.registries.searchModes.get(FIRST_PERSON_SEARCH_MODE)!.validate('a')).toBe('locationSearch.validation.tooShort');
    host.dispose();
  });

  it('a chosen search result stands there; opening a drawer resets the control mode and ends the walk with the exit message', async () => {
    const { host, store, shown, camera, pointer } = await activated();
    host.registries.searchModes.get(FIRST_PERSON_SEARCH_MODE)!.onSelect(PLACE);
    expect(store.getState().toggles[FIRST_PERSON_TOOL]).toBe(true);
    await vi.waitFor(() => expect(store.getState().controlMode).toBe('first-person'));
    expect(camera()).toMatchObject({ longitude: PLACE.longitude, latitude: PLACE.latitude, heightMeters: 480 + EYE_HEIGHT_METERS, pitchDegrees: 0 });
    expect(pointer()?.id).toBe(FIRST_PERSON_TOOL);

    store.getState().addDrawer('layers');
    store.getState().openDrawer('layers');
    await vi.waitFor(() => expect(store.getState().toggles[FIRST_PERSON_TOOL]).toBe(false));
    expect(camera()).toEqual(MAP_VIEW);
    expect(pointer()).toBeUndefined();
    expect(shown).toEqual(['firstPerson.exited']);
    host.dispose();
  });

  it('is refused on a touch device with its message (SPEC §5)', async () => {
    vi.stubGlobal('navigator', { maxTouchPoints: 5 });
    const { host, store, shown, pointer } = await activated();
    store.getState().setToggle(FIRST_PERSON_TOOL, true);
    await vi.waitFor(() => expect(store.getState().toggles[FIRST_PERSON_TOOL]).toBe(false));
    expect(pointer()).toBeUndefined();
    host.registries.searchModes.get(FIRST_PERSON_SEARCH_MODE)!.onSelect(PLACE);
    expect(store.getState().toggles[FIRST_PERSON_TOOL]).toBe(false);
    expect(shown).toEqual(['firstPerson.mobileBlocked', 'firstPerson.mobileBlocked']);
    host.dispose();
  });
});
