import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tideDaySchema, tideStationsSchema } from '../../core/contracts/tides';
import { ROOT_DIR } from '../app';
import {
  buildTideDay,
  extremesOf,
  hongKongDayStart,
  loadTideData,
  offlineCurveKind,
  parseHkoHighLowRows,
  parseHkoHourlyRows,
  parseQuarryBayYearly,
  parseTideStations,
  shippedTables,
  tideStationsCollection,
} from './tides';

const data = loadTideData(join(ROOT_DIR, 'data'));

describe('tide stations', () => {
  it('reads the 16 gauges with the department running each', () => {
    const collection = tideStationsSchema.parse(tideStationsCollection(data, offlineCurveKind));
    expect(collection.features).toHaveLength(16);
    const byCode = Object.fromEntries(collection.features.map((feature) => [feature.properties.code, feature.properties]));
    expect(byCode.QUB).toMatchObject({ key_EN: 'Quarry Bay', key_TC: '鰂魚涌', key_SC: '鲗鱼涌', operator: 'observatory', startYear: 1954, curve: null });
    expect(byCode.TPK).toMatchObject({ operator: 'observatory', curve: 'harmonic-fit' });
    expect(byCode.KCT.operator).toBe('marine');
    expect(byCode.TAO.operator).toBe('drainage');
    expect(byCode.CLK.operator).toBe('airport');
    expect(byCode.CMW.operator).toBe('unknown');
  });

  it('names the file and feature of a bad station', () => {
    const feature = (code: string) => ({ geometry: { type: 'Point', coordinates: [114, 22.3] }, properties: { code, dept_code: 'H' } });
    expect(() => parseTideStations({ features: [feature('XXX')] }, 'stations.geojson', {})).toThrow(/stations.geojson: feature 0: unknown station code "XXX"/);
    expect(() => parseTideStations({ features: [feature('QUB')] }, 'stations.geojson', {})).toThrow(/station CLK appears 0 times/);
    expect(() => parseTideStations({}, 'stations.geojson', {})).toThrow(/FeatureCollection/);
  });
});

describe('HKO tables', () => {
  it('reads hourly rows as 01:00 … 24:00 Hong Kong time', () => {
    const samples = parseHkoHourlyRows([['01', '05', ...Array.from({ length: 24 }, (_, i) => (i / 10).toFixed(2))]], 2026, 'test');
    expect(samples).toHaveLength(24);
    expect(samples[0]).toEqual({ epochMs: Date.UTC(2026, 0, 4, 17), heightM: 0 });
    expect(samples[23].epochMs).toBe(Date.UTC(2026, 0, 5, 16));
    expect(() => parseHkoHourlyRows([['01', '05', '1.0']], 2026, 'test')).toThrow(/test: row 1: expected month, day and 24 hourly heights/);
    expect(() => parseHkoHourlyRows([['13', '05', ...Array(24).fill('1')]], 2026, 'test')).toThrow(/not a month and day/);
    expect(() => parseHkoHourlyRows([['01', '05', 'x', ...Array(23).fill('1')]], 2026, 'test')).toThrow(/hour 1: "x" is not a tide height/);
  });

  it('classes high and low waters against their neighbours, with blank pairs skipped', () => {
    const events = parseHkoHighLowRows(
      [
        ['01', '07', '0557', '0.44', '1247', '1.69', '1726', '1.30', '', ''],
        ['01', '08', '0044', '2.42', '0636', '0.60'],
      ],
      2026,
      'test',
    );
    expect(events.map((event) => event.type)).toEqual(['low', 'high', 'low', 'high', 'low']);
    expect(events[0].epochMs).toBe(Date.UTC(2026, 0, 6, 21, 57));
    expect(() => parseHkoHighLowRows([['01', '07', '5:57', '0.44']], 2026, 'test')).toThrow(/"5:57" is not a time written HHmm/);
  });

  it('finds the extremes of a curve to the minute', () => {
    // A 12-hour sine peaking at 03:00 and troughing at 09:00 (Hong Kong time).
    const start = hongKongDayStart('2026-03-01');
    const curve = (t: number) => Math.sin(((t - start) / 3_600_000) * (Math.PI / 6));
    const events = extremesOf(curve, start, start + 86_400_000);
    expect(events.map((event) => [event.type, (event.epochMs - start) / 60_000])).toEqual([
      ['high', 180],
      ['low', 540],
      ['high', 900],
      ['low', 1260],
    ]);
  });

  it("reads Quarry Bay's latest yearly levels and refuses another file", () => {
    expect(data.quarryBayYearly.year).toBe(2024);
    expect(data.quarryBayYearly.meanSeaLevelM).toBeGreaterThan(1);
    expect(() => parseQuarryBayYearly('Year,Height\n2024,1', 'x.csv')).toThrow(/x.csv: expected the header/);
  });
});

describe('a station day', () => {
  const day = (code: Parameters<typeof buildTideDay>[1], date: string) => tideDaySchema.parse(buildTideDay(data, code, date, shippedTables(data, code), false));

  it("gives HKO's own predictions at Tai Po Kau on 1-10 January 2026", () => {
    const jan5 = day('TPK', '2026-01-05');
    expect(jan5.curve?.kind).toBe('hko-prediction');
    expect(jan5.curve?.points).toHaveLength(25);
    expect(jan5.curve?.points[0]).toEqual({ minutes: 0, heightM: 2.34 });
    expect(jan5.extremes).toEqual({
      kind: 'hko-prediction',
      items: [
        { type: 'low', time: '04:34', minutes: 274, heightM: 0.2 },
        { type: 'high', time: '11:20', minutes: 680, heightM: 1.61 },
        { type: 'low', time: '15:51', minutes: 951, heightM: 1.29 },
        { type: 'high', time: '23:14', minutes: 1394, heightM: 2.76 },
      ],
    });
  });

  it("gives the harmonic-fit curve with HKO's high and low waters on 11-16 January, and the fit alone after", () => {
    const jan14 = day('TPK', '2026-01-14');
    expect(jan14.curve?.kind).toBe('harmonic-fit');
    expect(jan14.curve?.points).toHaveLength(145);
    expect(jan14.extremes?.kind).toBe('hko-prediction');
    expect(jan14.extremes?.items.map((item) => item.time)).toEqual(['03:48', '18:36']);
    const later = day('TPK', '2026-11-26');
    expect(later.curve?.kind).toBe('harmonic-fit');
    expect(later.extremes?.kind).toBe('harmonic-fit');
    expect(later.extremes!.items.some((item) => item.type === 'high')).toBe(true);
    const heights = later.curve!.points.map((point) => point.heightM);
    expect(Math.min(...heights)).toBeGreaterThan(-0.5);
    expect(Math.max(...heights)).toBeLessThan(3.5);
  });

  it('gives no curve where nothing exists, and Quarry Bay its yearly levels', () => {
    const quarryBay = day('QUB', '2026-01-05');
    expect(quarryBay.curve).toBeNull();
    expect(quarryBay.extremes).toBeNull();
    expect(quarryBay.yearlyLevels?.year).toBe(2024);
    expect(day('KCT', '2026-01-05')).toMatchObject({ curve: null, extremes: null, yearlyLevels: null, operator: 'marine' });
  });
});
