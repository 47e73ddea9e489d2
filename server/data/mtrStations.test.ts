import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indoorStationCollectionSchema } from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { buildIndoorStationFeed, loadMtrStations } from './mtrStations';

const dataDir = join(ROOT_DIR, 'data');

describe('MTR stations as indoor venues', () => {
  const stations = loadMtrStations(dataDir);
  const feed = indoorStationCollectionSchema.parse(buildIndoorStationFeed(stations));
  const byCode = new Map(feed.features.map((feature) => [feature.properties.key, feature.properties]));

  it('has the 97 real stations with venue ids, trilingual names, lines and districts', () => {
    expect(feed.sample).toBe(false);
    expect(feed.features).toHaveLength(97);
    expect(new Set(feed.features.map((feature) => feature.properties.Venue_ID)).size).toBe(97);
    for (const { properties } of feed.features) {
      expect(properties.lines.length, properties.key).toBeGreaterThan(0);
      expect(properties.districtCode, properties.key).toMatch(/^[A-T]$/);
    }
    expect(byCode.get('ADM')).toMatchObject({
      Venue_ID: 'MTR-ADM',
      Venue_Eng_name: 'Admiralty Station',
      Venue_Chi_name: '金鐘站',
      Venue_SC_name: '金钟站',
      Eng_name: 'Admiralty',
      Chi_name: '金鐘',
      MTR_Eng_name: 'Admiralty',
      district_EN: 'Central and Western',
    });
    expect(byCode.get('ADM')!.lines.map((line) => line.code)).toEqual(['EAL', 'SIL', 'TWL', 'ISL']);
    expect(byCode.get('WHA')!.Eng_name).toBe('Whampoa');
    expect(byCode.get('LAK')!.Chi_name).toBe('荔景');
    expect(byCode.get('TSY')!.lines.map((line) => line.name_TC)).toEqual(['機場快綫', '東涌綫']);
  });

  it('lists each station’s real exits (582 in all, none at the four stations the exit list lacks)', () => {
    expect(feed.features.reduce((sum, feature) => sum + feature.properties.exits.length, 0)).toBe(582);
    expect(['LAK', 'LCK', 'LMC', 'LOW'].map((code) => byCode.get(code)!.exits.length)).toEqual([0, 0, 0, 0]);
    expect(byCode.get('WHA')!.exits.length).toBeGreaterThan(0);
    expect(byCode.get('AWE')!.exits[0]).toEqual({ exit: 'A', coordinates: [113.943704, 22.322249], barrierFree: false });
  });

  it('orients each line from the previous to the next station', () => {
    const admiralty = stations.find((station) => station.code === 'ADM')!;
    // On the Island Line Admiralty lies between Central (west) and Wan Chai (east): an east-west axis.
    const islandLine = admiralty.lines.find((line) => line.code === 'ISL')!;
    expect(islandLine.axisDegrees % 180).toBeGreaterThan(80);
    expect(islandLine.axisDegrees % 180).toBeLessThan(120);
  });
});
