import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { metadataIdSchema } from '../contracts/catalogue';
import { checkAllManifests } from './checkAll';
import { metadataLinkProblems, type CatalogueLink } from './metadataLinks';
import { overlayManifestSchema } from './schemas';
import { formatProblem } from './validate';

const ROOT = resolve(import.meta.dirname, '../..');
const linkFieldsSchema = z.object({ id: metadataIdSchema, viewerLayerId: z.string().nullable() });

function repositoryCatalogue(): CatalogueLink[] {
  const folder = resolve(ROOT, 'manifests/catalogue');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ file: `manifests/catalogue/${name}`, record: linkFieldsSchema.parse(JSON.parse(readFileSync(resolve(folder, name), 'utf8'))) }));
}

const overlay = (id: string, metadataId?: string) => ({ file: `manifests/overlays/${id}.json`, manifest: { id, metadataId } });
const record = (id: string, viewerLayerId: string | null): CatalogueLink => ({ file: `manifests/catalogue/${id}.json`, record: { id, viewerLayerId } });

describe('overlay metadataId ↔ catalogue viewerLayerId', () => {
  it('every overlay of the repository names its own catalogue record (or its companion layer\'s), and every layer record is named back', () => {
    const overlays = checkAllManifests(ROOT).valid.overlay;
    const records = repositoryCatalogue();
    expect(metadataLinkProblems(overlays, records).map((problem) => formatProblem(problem))).toEqual([]);
    // Each record of a viewer layer points at an overlay that exists and names it back (the check above skips
    // unknown overlays, which the catalogue's own check reports).
    const overlayMetadataIds = new Map(overlays.map(({ manifest }) => [manifest.id, manifest.metadataId]));
    const layerRecords = records.filter((link) => link.record.viewerLayerId !== null);
    expect(layerRecords.length).toBeGreaterThan(0);
    for (const { record: layerRecord } of layerRecords) expect(overlayMetadataIds.get(layerRecord.viewerLayerId!), layerRecord.id).toBe(layerRecord.id);
    expect(overlayMetadataIds.get('beach')).toBe('beach-water-quality');
  });

  it('reports a metadataId naming no record, or a record of another layer or of none', () => {
    const problems = metadataLinkProblems(
      [overlay('beach', 'beach-quality'), overlay('marine', 'river-water-quality'), overlay('indoor', 'drone-restriction-zones')],
      [record('river-water-quality', 'river'), record('drone-restriction-zones', null)],
    );
    expect(problems.map((problem) => formatProblem(problem))).toEqual([
      'manifests/overlays/beach.json: metadataId: unknown catalogue record "beach-quality" (no manifests/catalogue/beach-quality.json)',
      'manifests/overlays/marine.json: metadataId: catalogue record "river-water-quality" describes viewer layer "river", not "marine"',
      'manifests/overlays/indoor.json: metadataId: catalogue record "drone-restriction-zones" describes no viewer layer, not "indoor"',
    ]);
  });

  it('accepts a companion overlay naming the record of another layer whose own overlay names it back', () => {
    const records = [record('3d-spatial-data-buildings', 'buildings')];
    expect(metadataLinkProblems([overlay('buildings', '3d-spatial-data-buildings'), overlay('buildings-coverage', '3d-spatial-data-buildings')], records)).toEqual([]);
    expect(metadataLinkProblems([overlay('buildings'), overlay('buildings-coverage', '3d-spatial-data-buildings')], records).map((problem) => formatProblem(problem))).toEqual([
      'manifests/overlays/buildings-coverage.json: metadataId: catalogue record "3d-spatial-data-buildings" describes viewer layer "buildings", not "buildings-coverage"',
      'manifests/catalogue/3d-spatial-data-buildings.json: viewerLayerId: overlay "buildings" does not name this record back: expected "metadataId": "3d-spatial-data-buildings" in its manifest, found none',
    ]);
  });

  it('reports a layer record whose overlay does not name it back, and leaves records of unknown overlays to the catalogue check', () => {
    const problems = metadataLinkProblems(
      [overlay('beach'), overlay('river', 'river-water-quality'), overlay('custom')],
      [record('beach-water-quality', 'beach'), record('river-water-quality', 'river'), record('old-layer', 'removed-overlay')],
    );
    expect(problems.map((problem) => formatProblem(problem))).toEqual([
      'manifests/catalogue/beach-water-quality.json: viewerLayerId: overlay "beach" does not name this record back: expected "metadataId": "beach-water-quality" in its manifest, found none',
    ]);
  });

  it('accepts only catalogue-style ids in an overlay manifest', () => {
    const base = { id: 'beach', mode: 'GEOJSON', name: { 'en-US': 'Beach', 'zh-HK': '泳灘', 'zh-CN': '泳滩' }, url: '/x' };
    expect(overlayManifestSchema.parse({ ...base, metadataId: 'beach-water-quality' }).metadataId).toBe('beach-water-quality');
    expect(overlayManifestSchema.parse(base).metadataId).toBeUndefined();
    for (const bad of ['Beach', 'ab', '../beach', 'beach water']) expect(overlayManifestSchema.safeParse({ ...base, metadataId: bad }).success, bad).toBe(false);
  });
});
