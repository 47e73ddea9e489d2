import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DOWNLOAD_FORMATS, LANGUAGES, type CatalogueRecord } from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { formatCatalogueProblem, loadCatalogue, viewerLayerProblems } from './records';

const CATALOGUE_DIR = join(ROOT_DIR, 'manifests', 'catalogue');

/** The record ids the UI and the browser tests use. */
const SHIPPED_IDS = [
  '3d-spatial-data-buildings',
  '3d-spatial-data-infrastructure',
  '3d-spatial-data-terrain',
  '3d-visualisation-map-non-textured',
  '3d-visualisation-map-textured',
  'annotation-district-names',
  'annotation-landmark-names',
  'annotation-station-names',
  'aqhi',
  'beach-water-quality',
  'care-teams',
  'census-dcca-2019',
  'cycling-facilities',
  'declared-monuments',
  'drone-restriction-zones',
  'emergency-facilities',
  'humidity',
  'indoor-maps',
  'land-sale-lots',
  'marine-water-quality',
  'outline-zoning-plans',
  'river-water-quality',
  'temperature',
  'traffic-snapshot-cameras',
  'wind',
  'wind-typhoon-tapah',
];

function overlayManifests(): Map<string, { mode: string; url: string; metadataId?: string }> {
  const directory = join(ROOT_DIR, 'manifests', 'overlays');
  const overlays = new Map<string, { mode: string; url: string; metadataId?: string }>();
  for (const name of readdirSync(directory).filter((file) => file.endsWith('.json'))) {
    const overlay = JSON.parse(readFileSync(join(directory, name), 'utf8')) as { id: string; mode: string; url: string; metadataId?: string };
    overlays.set(overlay.id, overlay);
  }
  return overlays;
}

/** Every string of a record in one language's fields (localised texts and keyword lists). */
function textsIn(record: CatalogueRecord, language: (typeof LANGUAGES)[number]): string[] {
  const texts: string[] = [];
  const visit = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      if (key === language) texts.push(...[item].flat().filter((text): text is string => typeof text === 'string'));
      else visit(item);
    }
  };
  visit(record);
  return texts;
}

describe('the shipped catalogue records', () => {
  const catalogue = loadCatalogue(CATALOGUE_DIR);
  const records = catalogue.records.map(({ record }) => record);

  it('are all valid, one per file', () => {
    expect(catalogue.problems.map(formatCatalogueProblem)).toEqual([]);
    expect(records.map((record) => record.id).sort()).toEqual(SHIPPED_IDS);
  });

  it('publish the 3D visualisation map in every download format, per sheet', () => {
    for (const [id, dataset] of [
      ['3d-visualisation-map-non-textured', 'non-textured'],
      ['3d-visualisation-map-textured', 'textured'],
    ] as const) {
      const record = records.find((candidate) => candidate.id === id);
      expect(record?.download).toEqual({ kind: 'tile-grid', dataset, formats: [...DOWNLOAD_FORMATS] });
      expect(record?.category).toBe('3d-visualisation');
    }
    expect(records.find((record) => record.id === 'indoor-maps')?.download).toEqual({ kind: 'indoor', formats: ['GEOJSON', 'SHP'] });
  });

  it('name, for every layer, the overlay the viewer draws and the data-service call it draws from', () => {
    const overlays = overlayManifests();
    expect(viewerLayerProblems(catalogue.records, new Set(overlays.keys()))).toEqual([]);
    const layers = records.filter((record) => record.download.kind === 'layer');
    expect(layers.length).toBe(20);
    for (const record of layers) {
      if (record.download.kind !== 'layer' || record.viewerLayerId === null) continue;
      const overlay = overlays.get(record.viewerLayerId);
      expect(overlay, record.id).toBeDefined();
      // A GeoJSON overlay fetches exactly the file the record offers (its URL adds only the cache-busting timestamp;
      // `{apiBase}` is the data service base, /mapviewer/api/ unless the host configures another).
      if (overlay?.mode === 'GEOJSON') expect(overlay.url.split('{apiBase}').join('/mapviewer/api/').replace(/[?&]timestamp=\{timestamp\}$/, ''), record.id).toBe(record.download.apiPath);
    }
    // Every overlay has a record: one of any kind naming it (the buildings are a tile-grid dataset; the WMTS lot
    // tiles are offered as the lots' GeoJSON), or the record its manifest's metadataId names (a companion layer of
    // the same data, like the buildings' covered areas).
    const recordIds = new Set(records.map((record) => record.id));
    const uncovered = [...overlays].filter(([id, overlay]) => !records.some((record) => record.viewerLayerId === id) && !(overlay.metadataId !== undefined && recordIds.has(overlay.metadataId)));
    expect(uncovered.map(([id]) => id)).toEqual([]);
    expect(records.find((record) => record.viewerLayerId === 'buildings')?.download.kind).toBe('tile-grid');
    expect(overlays.get('buildings-coverage')?.metadataId).toBe('3d-spatial-data-buildings');
    expect(records.find((record) => record.viewerLayerId === 'lotgla')?.download).toMatchObject({ apiPath: '/mapviewer/api/lots' });
  });

  it('mark the generated stand-ins as samples', () => {
    const samples = records.filter((record) => record.sample).map((record) => record.id).sort();
    expect(samples).toEqual(['aqhi', 'care-teams', 'cycling-facilities', 'drone-restriction-zones', 'indoor-maps', 'land-sale-lots', 'river-water-quality', 'traffic-snapshot-cameras']);
    for (const id of samples) {
      const record = records.find((candidate) => candidate.id === id);
      expect(record?.abstract['en-US'], id).toMatch(/SAMPLE/);
    }
  });

  it('write Simplified Chinese in zh-CN and Traditional Chinese in zh-HK', () => {
    const script = JSON.parse(readFileSync(join(ROOT_DIR, 'data', 'names', 'chinese_script_characters.json'), 'utf8')) as {
      toSimplified: Record<string, string>;
      toTraditional: Record<string, string>;
    };
    const traditionalOnly = new Set(Object.keys(script.toSimplified));
    const simplifiedOnly = new Set(Object.keys(script.toTraditional));
    for (const record of records) {
      for (const text of textsIn(record, 'zh-CN')) expect([...text].filter((c) => traditionalOnly.has(c)), `${record.id}: ${text}`).toEqual([]);
      for (const text of textsIn(record, 'zh-HK')) expect([...text].filter((c) => simplifiedOnly.has(c)), `${record.id}: ${text}`).toEqual([]);
    }
  });
});

describe('loadCatalogue with broken files', () => {
  let directory: string | undefined;
  afterEach(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
    directory = undefined;
  });

  const temperature = JSON.parse(readFileSync(join(CATALOGUE_DIR, 'temperature.json'), 'utf8')) as CatalogueRecord;
  const write = (name: string, content: unknown) => writeFileSync(join(directory!, name), typeof content === 'string' ? content : JSON.stringify(content));

  it('reports every problem with its file and path and keeps the valid records', () => {
    directory = mkdtempSync(join(tmpdir(), 'catalogue-'));
    write('temperature.json', temperature);
    write('broken.json', '{ "id": "broken", ');
    write('status.json', { ...temperature, id: 'status', status: 'done', extraField: 1 });
    write('keywords.json', { ...temperature, id: 'keywords', keywords: { ...temperature.keywords, 'zh-CN': ['温度'] } });
    write('extent.json', { ...temperature, id: 'extent', extent: { ...temperature.extent, west: 114.5 } });
    write('formats.json', { ...temperature, id: 'formats', distributionFormats: ['SHP'] });
    write('control.json', { ...temperature, id: 'control', title: { ...temperature.title, 'zh-HK': 'bell\u0007' } });
    write('duplicate.json', temperature);
    write('renamed.json', { ...temperature, id: 'humidity' });

    const catalogue = loadCatalogue(directory, 'manifests/catalogue');
    expect(catalogue.records.map(({ file, record }) => [file, record.id])).toEqual([
      ['manifests/catalogue/duplicate.json', 'temperature'],
      ['manifests/catalogue/renamed.json', 'humidity'],
    ]);
    const lines = catalogue.problems.map(formatCatalogueProblem);
    expect(lines).toContainEqual(expect.stringMatching(/^manifests\/catalogue\/broken\.json: \(root\): not valid JSON: .* \[error\]$/));
    expect(lines).toContainEqual(expect.stringMatching(/^manifests\/catalogue\/status\.json: status: .*"completed".* \[error\]$/));
    expect(lines).toContain('manifests/catalogue/status.json: extraField: unknown key [error]');
    expect(lines).toContainEqual(expect.stringMatching(/^manifests\/catalogue\/keywords\.json: keywords\.zh-CN: has 1 keyword\(s\) but en-US has 6/));
    expect(lines).toContain('manifests/catalogue/extent.json: extent.east: must be east of extent.west (114.5) [error]');
    expect(lines).toContain('manifests/catalogue/formats.json: distributionFormats: must list the download\'s formats (GEOJSON) [error]');
    expect(lines).toContain('manifests/catalogue/control.json: title.zh-HK: contains a control character that XML cannot carry [error]');
    expect(lines).toContain('manifests/catalogue/temperature.json: id: duplicate id "temperature" (already defined in manifests/catalogue/duplicate.json) [error]');
    expect(lines).toContain('manifests/catalogue/renamed.json: id: id "humidity" differs from the file name "renamed.json" [warning]');
  });

  it('changes its checksum when a file changes, and only then', () => {
    directory = mkdtempSync(join(tmpdir(), 'catalogue-'));
    write('temperature.json', temperature);
    const first = loadCatalogue(directory).checksum;
    expect(loadCatalogue(directory).checksum).toBe(first);
    write('temperature.json', { ...temperature, status: 'completed' });
    expect(loadCatalogue(directory).checksum).not.toBe(first);
  });

  it('reads a missing folder as an empty catalogue', () => {
    const catalogue = loadCatalogue(join(tmpdir(), 'no-such-catalogue-folder'));
    expect(catalogue.records).toEqual([]);
    expect(catalogue.problems).toEqual([]);
  });
});
