/**
 * Issue 12 point 11: the indoor and minimal variants open on what they are for, not on the outdoor map with a few
 * buttons missing. What each registers and shows at start is read from the variant and overlay manifests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { overlayManifestSchema } from '../../core/manifests/schemas';
import { enablesPlugin, isFlagOn, loadVariants } from '../../core/variants/variants';
import { INDOOR_VISIBILITY } from '../../plugins/indoor/venues';

const root = resolve(import.meta.dirname, '../..');
const read = (folder: string) =>
  Object.fromEntries(
    readdirSync(resolve(root, folder))
      .filter((name) => name.endsWith('.json'))
      .map((name) => [`${folder}/${name}`, JSON.parse(readFileSync(resolve(root, folder, name), 'utf8')) as unknown]),
  );
const { variants } = loadVariants(read('variants'));
const overlays = new Map(Object.values(read('manifests/overlays')).map((json) => overlayManifestSchema.parse(json)).map((manifest) => [manifest.id, manifest]));
/** The overlays a variant shows at start: those it registers whose manifest says `show`. */
const shownAtStart = (id: string) => variants.get(id)!.overlays.filter((overlay) => overlays.get(overlay)?.show);
const OUTDOOR_DATA = ['buildings', 'buildings-coverage', 'temperature', 'humidity', 'wind', 'aqhi', 'beach', 'marine', 'river', 'tdssimg', 'lotgla', 'census-dcca-2019'];

describe('the indoor variant', () => {
  const indoor = variants.get('indoor')!;
  it('opens on the MTR station layer and the indoor view, and no outdoor data layer', () => {
    expect(shownAtStart('indoor')).toEqual(['annotation-stations']);
    expect(indoor.overlays.filter((id) => OUTDOOR_DATA.includes(id))).toEqual([]);
    expect(enablesPlugin(indoor, 'indoor')).toBe(true);
    expect(indoor.plugins.find((plugin) => plugin.id === 'indoor')?.config).toMatchObject({ openOnStart: true });
    for (const flag of ['indoor', 'indoorWallView', 'indoorRouting'] as const) expect(isFlagOn(indoor, flag), flag).toBe(true);
    expect(isFlagOn(indoor, 'indoorTransitStation')).toBe(true);
    for (const plugin of ['environment-layers', 'city-buildings', 'inspector', 'download-selection']) expect(enablesPlugin(indoor, plugin), plugin).toBe(false);
  });

  it('looks north at Central and Admiralty from a distance at which the indoor layer highlights its venues', () => {
    for (const view of [indoor.startView.desktop, indoor.startView.mobile]) {
      const pitch = (-view.pitchDegrees * Math.PI) / 180;
      // Where the view's centre line meets the ground, degrees of latitude north of the camera, and how far away.
      const targetLatitude = view.latitude + view.heightMeters / Math.tan(pitch) / 111_000;
      const distanceM = view.heightMeters / Math.sin(pitch);
      expect(view.headingDegrees).toBe(0);
      expect(targetLatitude).toBeGreaterThan(22.275); // Admiralty station 22.279, Central 22.282
      expect(targetLatitude).toBeLessThan(22.287);
      expect(view.longitude).toBeGreaterThan(114.155);
      expect(view.longitude).toBeLessThan(114.168);
      expect(distanceM).toBeGreaterThan(INDOOR_VISIBILITY.polygonsMinimumMeters);
      expect(distanceM).toBeLessThan(INDOOR_VISIBILITY.polygonsMinimumMeters + 1500);
    }
  });
});

describe('the minimal variant', () => {
  const minimal = variants.get('minimal')!;
  it('has the map, its layers and navigation, and none of the search, analysis or download tools', () => {
    expect(shownAtStart('minimal').sort()).toEqual(['annotation-districts', 'annotation-landmarks', 'annotation-stations', 'buildings']);
    for (const plugin of ['layers', 'navigation', 'identify', 'three-d']) expect(enablesPlugin(minimal, plugin), plugin).toBe(true);
    for (const plugin of ['location-search', 'inspector', 'download-selection', 'map-style', 'slow-client', 'environment-layers', 'indoor'])
      expect(enablesPlugin(minimal, plugin), plugin).toBe(false);
    expect(isFlagOn(minimal, 'keywordSearch')).toBe(false);
    expect(isFlagOn(minimal, 'quickActionMenu')).toBe(false);
  });

  it('starts at 5000 m and its whole-territory view is 12500 m (SPEC §9)', () => {
    expect(minimal.startView.desktop.heightMeters).toBe(5000);
    expect(minimal.startView.mobile.heightMeters).toBe(5000);
    expect(minimal.homeView.heightMeters).toBe(12500);
    expect(minimal.defaultLayerGroups).toEqual(['2022-10_group']);
  });
});
