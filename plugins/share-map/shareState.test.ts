/**
 * The share link round trip (issue 14 point 3): the state of one page written into a link and applied to a fresh
 * page gives the same state; and 1,000 fuzzed links never throw and never apply a value outside what the map can use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_MAP_STYLES, IMAGERY_ADJUSTMENT_RANGES, type BaseMapStyle, type ImageryAdjustments } from '../../core/map/baseMaps';
import { DEFAULT_TERRAIN, TERRAIN_MANIFESTS, terrainSelectionOf } from '../../core/map/terrains';
import { overlayManifestSchema } from '../../core/manifests/schemas';
import { createRegistry } from '../../core/plugin/registry';
import type { CameraState, CameraView, DrawerContribution, OverlayContribution, UrlStateContribution } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import type { MapStyleApi } from '../map-style/api';
import { CAMERA_HEIGHT_LIMITS, LOOK_AT_RANGE_LIMITS, SHARE_AREA, SHARE_PARAMS, type LookAtTarget } from './shareParams';
import { createShareState } from './shareState';
import { applyAddressState } from '../../core/plugin/urlState';
import { shareQuery } from './urlStateEngine';

const root = resolve(import.meta.dirname, '../..');
const OVERLAYS = readdirSync(resolve(root, 'manifests/overlays'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => overlayManifestSchema.parse(JSON.parse(readFileSync(resolve(root, 'manifests/overlays', name), 'utf8'))));
const DRAWER_IDS = ['layers', 'map-style', 'hiking'];

/** A page: the real store and registries, a map that records camera moves, the map style drawer's API as a fake. */
function makePage(options: { registerLater?: boolean } = {}) {
  const store = createAppStore();
  const overlays = createRegistry<OverlayContribution>('overlays');
  const drawers = createRegistry<DrawerContribution>('drawers');
  const urlState = createRegistry<UrlStateContribution>('urlState');
  let camera: CameraState = { longitude: 114.1694, latitude: 22.0716, heightMeters: 26042, headingDegrees: 0, pitchDegrees: -35, rollDegrees: 0 };
  const views: CameraView[] = [];
  const lookAts: LookAtTarget[] = [];
  let mapStyle = { style: 'default' as BaseMapStyle, adjustments: { brightness: 1, contrast: 1, hue: 0, saturation: 1 } as ImageryAdjustments };
  const styleCalls: { styles: BaseMapStyle[]; adjustments: ImageryAdjustments[] } = { styles: [], adjustments: [] };
  const mapStyleApi: MapStyleApi = {
    current: () => mapStyle,
    defaultStyle: () => 'default',
    async selectStyle(style) {
      styleCalls.styles.push(style);
      mapStyle = { ...mapStyle, style };
      return true;
    },
    setAdjustments(adjustments) {
      styleCalls.adjustments.push(adjustments);
      mapStyle = { ...mapStyle, adjustments };
    },
  };
  const registerContent = () => {
    for (const manifest of OVERLAYS) overlays.registerAs('core', { id: manifest.id, manifest });
    for (const id of DRAWER_IDS) drawers.registerAs('some-plugin', { id, title: `${id}.title`, component: async () => ({ default: () => null }) });
  };
  if (!options.registerLater) registerContent();
  const state = createShareState({
    map: {
      whenReady: () => Promise.resolve(),
      cameraState: () => camera,
      setView(view) {
        views.push(view);
        camera = { headingDegrees: 0, pitchDegrees: -90, rollDegrees: 0, ...view };
      },
    },
    store,
    overlays,
    drawers,
    terrains: TERRAIN_MANIFESTS,
    mapStyle: () => mapStyleApi,
    lookAt: (target) => void lookAts.push(target),
  });
  for (const contribution of state.contributions) urlState.registerAs('share-map', contribution);
  const problems: string[] = [];
  const report = (message: string) => void problems.push(message);
  return {
    store,
    state,
    urlState,
    views,
    lookAts,
    styleCalls,
    problems,
    registerContent,
    setCamera: (next: CameraState) => (camera = next),
    mapStyleApi,
    query: () => shareQuery(urlState.list(), { language: store.getState().language, shownLayers: state.shownLayers() }, report),
    /** Applies an address as the plugin does on arrival, then lets the camera's whenReady settle. */
    async arrive(search: string) {
      applyAddressState(urlState, search, report);
      // The app's own `layers` parameter (app/map/useMapAddress.ts) switches its layers on.
      for (const id of new URLSearchParams(search).get('layers')?.split(',') ?? []) if (overlays.get(id)) store.getState().setOverlayShown(id, true);
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

describe('share link round trip', () => {
  it('gives a fresh page the camera, layers, terrain, textured mode, style, adjustments, language and open function', async () => {
    const sharer = makePage();
    const ellipsoid = TERRAIN_MANIFESTS.find((manifest) => manifest.kind === 'ellipsoid')!;
    const shownAtStart = OVERLAYS.filter((manifest) => manifest.show).map((manifest) => manifest.id);
    expect(shownAtStart.length).toBeGreaterThan(0);
    const camera = { longitude: 114.1722, latitude: 22.2869, heightMeters: 640.5, headingDegrees: 312.25, pitchDegrees: -31.5, rollDegrees: 0 };
    sharer.setCamera(camera);
    for (const manifest of OVERLAYS) sharer.store.getState().setOverlayShown(manifest.id, manifest.show);
    sharer.store.getState().setOverlayShown(shownAtStart[0], false);
    sharer.store.getState().setOverlayShown('temperature', true);
    sharer.store.getState().setTerrain(terrainSelectionOf(ellipsoid));
    sharer.store.getState().setTextured(false);
    sharer.store.getState().setLanguage('zh-HK');
    await sharer.mapStyleApi.selectStyle('dark');
    sharer.mapStyleApi.setAdjustments({ brightness: 1.2, contrast: 0.9, hue: 0.2618, saturation: 0.5 });
    sharer.store.getState().openDrawer('hiking');
    const query = sharer.query();
    expect(query).toContain('l=zh-HK');
    expect(query).toContain(`${SHARE_PARAMS.hiddenLayers}=${shownAtStart[0]}`);

    const receiver = makePage();
    // What a fresh page does before the address is read: the layers its manifests show at start are on.
    for (const manifest of OVERLAYS) if (manifest.show) receiver.store.getState().setOverlayShown(manifest.id, true);
    await receiver.arrive(`?${query}`);
    expect(receiver.problems).toEqual([]);
    expect(receiver.views).toEqual([camera]);
    const shown = (page: typeof sharer) => Object.entries(page.store.getState().overlays).filter(([, flags]) => flags.shown).map(([id]) => id).sort();
    expect(shown(receiver)).toEqual(shown(sharer));
    expect(receiver.store.getState().terrain).toEqual(sharer.store.getState().terrain);
    expect(receiver.store.getState().textured).toBe(false);
    expect(receiver.mapStyleApi.current()).toEqual(sharer.mapStyleApi.current());
    expect(receiver.store.getState().drawers.hiking?.shown).toBe(true);
    // The language is the app's `l`; a fresh page reads it from the address (app CONTEXT "Language").
    expect(new URLSearchParams(query).get('l')).toBe('zh-HK');
    // And the receiver, shared on, writes the same link.
    receiver.store.getState().setLanguage('zh-HK');
    expect(receiver.query()).toBe(query);
  });

  it('leaves defaults out of the link, so a plain map gives a short one', () => {
    const page = makePage();
    for (const manifest of OVERLAYS) page.store.getState().setOverlayShown(manifest.id, manifest.show);
    const params = new URLSearchParams(page.query());
    expect([...params.keys()].sort()).toEqual(['cam', 'layers']); // en-US, the default language, needs no `l`
    expect(page.store.getState().terrain.id).toBe(DEFAULT_TERRAIN.id);
  });

  it('opens a function and hides layers whose plugins register after the address was read', async () => {
    const page = makePage({ registerLater: true });
    await page.arrive(`?${SHARE_PARAMS.drawer}=hiking&${SHARE_PARAMS.hiddenLayers}=buildings`);
    expect(page.store.getState().drawers.hiking).toBeUndefined();
    page.registerContent();
    expect(page.store.getState().drawers.hiking?.shown).toBe(true);
    expect(page.store.getState().overlays.buildings?.shown).toBe(false);
  });

  it('ignores unknown keys and applies the rest (SPEC §5)', async () => {
    const page = makePage();
    await page.arrive('?utm_source=mail&cam=114.2,22.3,900&zoom=7&textured=maybe&style=dark');
    expect(page.views).toEqual([{ longitude: 114.2, latitude: 22.3, heightMeters: 900, headingDegrees: 0, pitchDegrees: -90, rollDegrees: 0 }]);
    expect(page.store.getState().textured).toBe(true);
    expect(page.styleCalls.styles).toEqual(['dark']);
    expect(page.problems).toEqual([expect.stringContaining('"textured"')]);
  });
});

/** Text that looks like what a share parameter holds, broken in the ways hand-edited or truncated links are. */
const numberText = fc.oneof(
  fc.double({ noNaN: false }).map(String),
  fc.integer({ min: -400, max: 400 }).map(String),
  fc.double({ min: 113, max: 115, noNaN: true }).map((value) => value.toFixed(4)),
  fc.double({ min: 21, max: 23, noNaN: true }).map((value) => value.toFixed(4)),
  fc.constantFrom('', ' ', '1e3', '0x10', 'Infinity', '-', '.', '1.', '+5', '٣'),
);
const listText = fc.array(numberText, { minLength: 0, maxLength: 8 }).map((parts) => parts.join(','));
/** A place near the share area's edges followed by numbers of any size: cameras and look-ats that are almost right. */
const placeAndNumbersText = fc
  .tuple(
    fc.double({ min: 113.4, max: 114.8, noNaN: true }),
    fc.double({ min: 21.7, max: 22.9, noNaN: true }),
    fc.array(fc.oneof(numberText, fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((value) => value.toFixed(2))), { maxLength: 5 }),
  )
  .map(([longitude, latitude, rest]) => [longitude.toFixed(5), latitude.toFixed(5), ...rest].join(','));
const idText = fc.oneof(
  fc.constantFrom(...OVERLAYS.map((manifest) => manifest.id), ...DRAWER_IDS, ...TERRAIN_MANIFESTS.map((manifest) => manifest.id), ...BASE_MAP_STYLES),
  fc.constantFrom('unknown-layer', 'DARK', '<script>', '../../etc', 'a'.repeat(70), ''),
  fc.string({ maxLength: 12 }),
);
const valueText = fc.oneof(listText, placeAndNumbersText, placeAndNumbersText, idText, fc.array(idText, { maxLength: 4 }).map((ids) => ids.join(',')), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom('1', '0', 'true'));
const keyText = fc.oneof(fc.constantFrom(...Object.values(SHARE_PARAMS), 'layers', 'l', 'bbox'), fc.string({ maxLength: 8 }));
const searchText = fc
  .array(fc.tuple(keyText, valueText), { maxLength: 10 })
  .map((pairs) => `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`);

const within = (value: number, low: number, high: number) => Number.isFinite(value) && value >= low && value <= high;

describe('fuzzed share links', () => {
  it('never throw and never apply a value the map cannot use (1,000 links)', async () => {
    const overlayIds = new Set(OVERLAYS.map((manifest) => manifest.id));
    const terrainIds = new Set(TERRAIN_MANIFESTS.map((manifest) => manifest.id));
    await fc.assert(
      fc.asyncProperty(searchText, async (search) => {
        const page = makePage();
        const before = structuredClone(page.store.getState().overlays);
        await page.arrive(search);
        expect(page.problems.filter((problem) => problem.includes('failed'))).toEqual([]);
        for (const view of page.views) {
          expect(within(view.longitude, SHARE_AREA.west, SHARE_AREA.east) && within(view.latitude, SHARE_AREA.south, SHARE_AREA.north)).toBe(true);
          expect(within(view.heightMeters, CAMERA_HEIGHT_LIMITS.min, CAMERA_HEIGHT_LIMITS.max)).toBe(true);
          expect(within(view.headingDegrees!, 0, 360) && within(view.pitchDegrees!, -90, 90) && within(view.rollDegrees!, -180, 180)).toBe(true);
        }
        for (const target of page.lookAts) {
          expect(within(target.longitude, -180, 180) && within(target.latitude, -90, 90)).toBe(true);
          expect(within(target.rangeMeters, LOOK_AT_RANGE_LIMITS.min, LOOK_AT_RANGE_LIMITS.max)).toBe(true);
        }
        const state = page.store.getState();
        expect(terrainIds.has(state.terrain.id)).toBe(true);
        expect(typeof state.textured).toBe('boolean');
        for (const style of page.styleCalls.styles) expect(BASE_MAP_STYLES).toContain(style);
        for (const adjustments of page.styleCalls.adjustments) {
          for (const [name, range] of Object.entries(IMAGERY_ADJUSTMENT_RANGES)) expect(within(adjustments[name as keyof ImageryAdjustments], range.min, range.max)).toBe(true);
        }
        for (const [id, flags] of Object.entries(state.drawers)) if (flags.shown) expect(DRAWER_IDS).toContain(id);
        for (const id of Object.keys(state.overlays)) if (!(id in before)) expect(overlayIds.has(id)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
