/**
 * Issue 12 point 11: the indoor and minimal variants open on what they are for, not on the outdoor map with a few
 * buttons missing. What each registers and shows at start is read from the variant and overlay manifests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { overlayManifestSchema } from '../../core/manifests/schemas';
import { enablesPlugin, isFlagOn, loadVariants } from '../../core/variants/variants';

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
  it('opens on the MTR station layer with the indoor notice, and no outdoor data layer', () => {
    expect(shownAtStart('indoor')).toEqual(['annotation-stations']);
    expect(indoor.overlays.filter((id) => OUTDOOR_DATA.includes(id))).toEqual([]);
    expect(enablesPlugin(indoor, 'indoor')).toBe(true);
    expect(isFlagOn(indoor, 'indoorTransitStation')).toBe(true);
    for (const plugin of ['environment-layers', 'city-buildings', 'inspector', 'download-selection']) expect(enablesPlugin(indoor, plugin), plugin).toBe(false);
  });

  it('frames the stations of Kowloon and the north of Hong Kong Island: the camera looks north across the harbour', () => {
    for (const view of [indoor.startView.desktop, indoor.startView.mobile]) {
      // Where the view's centre line meets the ground, degrees of latitude north of the camera.
      const groundNorthM = view.heightMeters / Math.tan((-view.pitchDegrees * Math.PI) / 180);
      const targetLatitude = view.latitude + groundNorthM / 111_000;
      expect(view.headingDegrees).toBe(0);
      expect(targetLatitude).toBeGreaterThan(22.28); // north of Central
      expect(targetLatitude).toBeLessThan(22.34); // south of Sham Shui Po / Kowloon Tong
      expect(view.longitude).toBeGreaterThan(114.14);
      expect(view.longitude).toBeLessThan(114.2);
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
