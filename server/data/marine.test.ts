import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISSOLVED_OXYGEN_COLOURS, marineFeatureCollectionSchema } from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { latestSurfaceSamples, loadMarineFeed, parseMarineWaterQualityCsv } from './marine';

const dataDir = join(ROOT_DIR, 'data');

describe('EPD marine water-quality CSV', () => {
  it('reads the columns by name, whatever their order, and keeps unusable readings as null', () => {
    const csv =
      '\uFEFFStation,Dissolved Oxygen mg_L,Dates,Depth,Water Control Zone,5-day Biochemical Oxygen Demand mg_L\r\n' +
      'TM2,7.4,2020-11-13,Surface Water,Tolo Harbour and Channel,2.7\r\n' +
      'TM2,,2020-12-01,Surface Water,Tolo Harbour and Channel,<0.1\r\n';
    expect(parseMarineWaterQualityCsv(csv)).toEqual([
      { station: 'TM2', waterControlZone: 'Tolo Harbour and Channel', date: '2020-11-13', depth: 'Surface Water', dissolvedOxygenMgL: 7.4, bod5MgL: 2.7 },
      { station: 'TM2', waterControlZone: 'Tolo Harbour and Channel', date: '2020-12-01', depth: 'Surface Water', dissolvedOxygenMgL: null, bod5MgL: null },
    ]);
    expect(() => parseMarineWaterQualityCsv('Station,Dates\nTM2,2020-01-01')).toThrow(/no column 'Water Control Zone'/);
  });

  it('takes the latest surface sample that has a dissolved-oxygen reading', () => {
    const sample = (date: string, depth: string, dissolvedOxygenMgL: number | null) => ({
      station: 'X1', waterControlZone: 'Southern', date, depth, dissolvedOxygenMgL, bod5MgL: 1,
    });
    const latest = latestSurfaceSamples([
      sample('2020-01-01', 'Surface Water', 6),
      sample('2020-03-01', 'Bottom Water', 3),
      sample('2020-04-01', 'Surface Water', null),
      sample('2020-02-01', 'Surface Water', 5),
    ]);
    expect(latest.get('X1')).toMatchObject({ date: '2020-02-01', dissolvedOxygenMgL: 5 });
  });
});

describe('marine layer from data/', () => {
  const feed = marineFeatureCollectionSchema.parse(loadMarineFeed(dataDir));
  const byCode = new Map(feed.features.map((feature) => [feature.id, feature]));

  it('has the 76 EPD stations, real data, sorted by code, with trilingual zones', () => {
    expect(feed.sample).toBe(false);
    expect(feed.features).toHaveLength(76);
    const codes = feed.features.map((feature) => feature.id);
    expect([...codes].sort()).toEqual(codes);
    for (const feature of feed.features) {
      expect(feature.properties.waterControlZone_TC, feature.id).toMatch(/\p{Script=Han}/u);
      expect(feature.properties.sampleDepth).toBe('surface');
    }
    expect(byCode.get('TM2')!.properties).toMatchObject({ waterControlZone_EN: 'Tolo Harbour and Channel', waterControlZone_TC: '吐露港及赤門', waterControlZone_SC: '吐露港及赤门' });
  });

  it('shows the latest real sample of each station (spot checks against the CSV)', () => {
    // Values read from environment/epd_marine_wq_2015-2020.csv: the last row of each station.
    expect(byCode.get('TM2')!.properties).toMatchObject({ sampleDate: '2020-11-13', dissolvedOxygenMgL: 7.4, bod5MgL: 2.7, _value_0: 7.4 });
    expect(byCode.get('DM1')!.properties).toMatchObject({ sampleDate: '2020-11-16', dissolvedOxygenMgL: 5.7, bod5MgL: 1.1, stationWaterDepthMeters: 2 });
    expect(byCode.get('VM1')!.properties).toMatchObject({ sampleDate: '2020-12-03', dissolvedOxygenMgL: 6.2, bod5MgL: 1.2, waterControlZone_EN: 'Victoria Harbour' });
    expect(byCode.get('DM1')!.geometry.coordinates).toEqual([114.01073, 22.49615]);
    expect(byCode.get('TM2')!.properties._publish_date).toBe('2020-11-13T00:00:00+08:00');
  });

  it('colours by the 4 mg/L dissolved-oxygen threshold', () => {
    for (const feature of feed.features) {
      const meets = feature.properties.dissolvedOxygenMgL >= 4;
      expect(feature.properties.meetsDissolvedOxygenThreshold).toBe(meets);
      expect(feature.properties._value_1).toBe(meets ? DISSOLVED_OXYGEN_COLOURS.atOrAboveThreshold : DISSOLVED_OXYGEN_COLOURS.belowThreshold);
    }
  });
});
