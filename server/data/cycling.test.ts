import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyclingCollectionSchema } from '../../core/contracts/cycling';
import { CYCLING_FILES, loadCyclingLayer, NEW_TERRITORIES_DISTRICTS, parseInstalledCyclingFile, sampleCycleParking } from './cycling';
import type { MtrStation } from './mtrStations';
import { loadMtrStations } from './mtrStations';
import { ROOT_DIR } from '../app';

/** A small Transport Department style file: two cycle parks, one without a name. */
const PARKING_FIXTURE = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', geometry: { type: 'Point', coordinates: [114.1881, 22.3825] }, properties: { name_EN: 'Sha Tin Park', name_TC: '沙田公園', name_SC: '沙田公园', spaces: 120, OBJECTID: 7 } },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [114.171, 22.447] }, properties: null },
  ],
};
const TRACK_FIXTURE = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[114.19, 22.38], [114.2, 22.39]] }, properties: { name_EN: 'Tolo Harbour track' } }],
};

const made: string[] = [];
function dataDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cycling-'));
  made.push(dir);
  mkdirSync(join(dir, 'cycling'));
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const noStations = (): MtrStation[] => [];

describe('installed Transport Department files', () => {
  it('serves an installed parking file as it is, names and spaces read, a numbered name where none is given', () => {
    const dir = dataDirWith({ [CYCLING_FILES.parking]: JSON.stringify(PARKING_FIXTURE) });
    const layer = cyclingCollectionSchema.parse(loadCyclingLayer(dir, 'parking', noStations));
    expect(layer).toMatchObject({ sample: false, source: 'td-file' });
    expect(layer.features.map((feature) => [feature.properties.key_EN, feature.properties.key_TC, feature.properties.spaces, feature.properties.sample])).toEqual([
      ['Sha Tin Park', '沙田公園', 120, false],
      ['Cycle park 2', '單車停泊處 2', null, false],
    ]);
  });

  it('serves an installed track file', () => {
    const dir = dataDirWith({ [CYCLING_FILES.tracks]: JSON.stringify(TRACK_FIXTURE) });
    const layer = loadCyclingLayer(dir, 'tracks', noStations);
    expect(layer).toMatchObject({ source: 'td-file', features: [{ geometry: { type: 'LineString' }, properties: { key_EN: 'Tolo Harbour track' } }] });
  });

  it('names the file, the place and the problem of a bad file, and falls back', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const wrongGeometry = { ...PARKING_FIXTURE, features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[114, 22], [114.1, 22.1]] }, properties: {} }] };
    const dir = dataDirWith({ [CYCLING_FILES.parking]: JSON.stringify(wrongGeometry), [CYCLING_FILES.tracks]: '{ not json' });
    const parking = loadCyclingLayer(dir, 'parking', noStations);
    expect(parking).toMatchObject({ source: 'sample', sample: true });
    expect(parking.problem).toMatch(/^data\/cycling\/cycle_parking\.geojson: features\.0\.geometry\.type: /);
    const tracks = loadCyclingLayer(dir, 'tracks', noStations);
    expect(tracks).toMatchObject({ source: 'none', features: [] });
    expect(tracks.problem).toMatch(/^data\/cycling\/cycle_tracks\.geojson: not JSON/);
    expect(() => parseInstalledCyclingFile('parking', JSON.stringify({ type: 'FeatureCollection', features: [{ geometry: { type: 'Point', coordinates: [200, 22] } }] }))).toThrow(
      /features\.0\.geometry\.coordinates/,
    );
  });
});

describe('sample cycle parking (no file installed)', () => {
  const stations = loadMtrStations(join(ROOT_DIR, 'data'));

  it('places one cycle park within 60 m of an exit of every MTR station in the New Territories, none elsewhere', () => {
    const parking = sampleCycleParking(stations);
    const inNewTerritories = stations.filter(
      (station) => station.district && NEW_TERRITORIES_DISTRICTS.has(station.district.code) && station.lines.some((line) => line.code !== 'AEL'),
    );
    expect(parking).toHaveLength(inNewTerritories.length);
    expect(parking.length).toBeGreaterThan(30);
    for (const park of parking) {
      const station = stations.find((candidate) => park.id === `parking-sample-${candidate.code}`)!;
      const anchors = station.exits.length > 0 ? station.exits.map((exit) => exit.coordinates) : [[station.longitude, station.latitude]];
      const [longitude, latitude] = park.geometry.coordinates as [number, number];
      const nearest = Math.min(...anchors.map(([x, y]) => Math.hypot((longitude - x) * 103_000, (latitude - y) * 110_750)));
      expect(nearest).toBeLessThan(61);
      expect(park.properties).toMatchObject({ sample: true, station_EN: station.name['en-US'] });
      expect(park.properties.key_EN).toMatch(/\(sample\)$/);
    }
    expect(parking.some((park) => park.properties.station_EN === 'Tai Wai')).toBe(true);
    expect(parking.some((park) => park.properties.station_EN === 'Central')).toBe(false);
    expect(parking.some((park) => park.properties.station_EN === 'Airport')).toBe(false);
  });

  it('is the same on every start (seeded)', () => {
    expect(sampleCycleParking(stations)).toEqual(sampleCycleParking(stations));
  });
});
