/**
 * Every tour against the manifests and the ground (issue 14 point 9): each validates, each layer a stop shows is an
 * overlay that every variant with the tour player offers, and each stop's camera is over Hong Kong (the HKSAR
 * boundary of the DEM the map's terrain is made from) and above the ground there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAllManifests } from '../../core/manifests/checkAll';
import { enablesPlugin } from '../../core/variants/variants';
import { createDemSampler, type DemSampler } from '../../server/terrain/dem';
import { loadTours } from './tourLoader';

const root = resolve(import.meta.dirname, '../..');
const checked = checkAllManifests(root);
const tours = checked.valid.tour;
const overlayIds = new Set(checked.valid.overlay.map(({ manifest }) => manifest.id));
const playerVariants = checked.valid.variant.map(({ manifest }) => manifest).filter((variant) => enablesPlugin(variant, 'tours'));
/** Metres the camera must stay above the ground under it, so no view starts inside a hill. */
const CLEARANCE_METERS = 100;

let dem: DemSampler;
beforeAll(() => {
  dem = createDemSampler(resolve(root, 'data'));
});

describe('tour manifests', () => {
  it('are at least three, all valid, with no problem reported', () => {
    expect(readdirSync(resolve(root, 'manifests/tours')).filter((name) => name.endsWith('.json')).length).toBe(tours.length);
    expect(tours.length).toBeGreaterThanOrEqual(3);
    expect(checked.problems.filter((problem) => problem.file.startsWith('manifests/tours/'))).toEqual([]);
  });

  it('are offered by the variants whose flag says so', () => {
    expect(playerVariants.map((variant) => variant.id).sort()).toEqual(
      checked.valid.variant.filter(({ manifest }) => manifest.flags.tours).map(({ manifest }) => manifest.id).sort(),
    );
  });

  it.each(tours.map(({ file, manifest }) => [file, manifest] as const))('%s: every layer is an overlay each tour-playing variant offers', (_file, tour) => {
    for (const [index, stop] of tour.stops.entries()) {
      for (const id of stop.overlays) {
        expect(overlayIds.has(id), `stop ${index + 1}: ${id} is no overlay manifest`).toBe(true);
        for (const variant of playerVariants) expect(variant.overlays, `stop ${index + 1}: ${variant.id} does not offer ${id}`).toContain(id);
      }
    }
  });

  it.each(tours.map(({ file, manifest }) => [file, manifest] as const))('%s: every view is over Hong Kong and above the ground', (_file, tour) => {
    for (const [index, { view }] of tour.stops.entries()) {
      expect(dem.insideHk(view.longitude, view.latitude), `stop ${index + 1} (${view.longitude}, ${view.latitude}) is outside Hong Kong`).toBe(true);
      const ground = dem.heightAt(view.longitude, view.latitude) ?? 0;
      expect(view.heightMeters - ground, `stop ${index + 1} is ${Math.round(view.heightMeters - ground)} m above the ground`).toBeGreaterThan(CLEARANCE_METERS);
    }
  });

  it('load lazily in the app as they validate here, in their order', async () => {
    const loaded = await loadTours();
    expect(loaded.problems).toEqual([]);
    expect(loaded.tours.map((tour) => tour.id)).toEqual([...tours].sort((a, b) => a.manifest.order - b.manifest.order).map(({ manifest }) => manifest.id));
  });

  it('leave out a file that does not validate, naming file and path', async () => {
    const good = JSON.parse(readFileSync(resolve(root, 'manifests/tours/victoria-harbour.json'), 'utf8')) as { stops: Array<Record<string, unknown>> };
    const bad = { ...good, id: 'broken', stops: [{ ...good.stops[0], text: undefined }] };
    const loaded = await loadTours({
      '../../manifests/tours/victoria-harbour.json': async () => good,
      '../../manifests/tours/broken.json': async () => bad,
    });
    expect(loaded.tours.map((tour) => tour.id)).toEqual(['victoria-harbour']);
    expect(loaded.problems).toEqual([expect.stringMatching(/^manifests\/tours\/broken\.json: stops\[0\]\.text: .*\[error\]$/)]);
  });
});
