import { describe, expect, it } from 'vitest';
import { matchesCqlTimeFilter, parseCqlTimeFilter } from '../../core/contracts/cql';
import { uavZoneWfsQuerySchema } from '../../core/contracts/geopin';
import { parseManifestColour } from '../../core/overlay/shapeDrawer';
import { describeZone, droneZonesUrl, formatHongKongTime, heightBand, zoneExtrusionMeters, zoneFillColour, zoneOutlineColour } from './zones';

const format = (id: string, values?: Record<string, string | number>) => (values ? `${id}(${Object.values(values).join(',')})` : id);

describe('drone-zone height bands (SPEC §9)', () => {
  it.each([
    [0, 'yellow'],
    [300, 'yellow'],
    [301, 'amber'],
    [600, 'amber'],
    [601, 'orange'],
    [900, 'orange'],
    [901, 'red'],
    [1200, 'red'],
    [1500, 'red'],
    [null, 'red'],
    ['n/a', 'red'],
    [-5, 'red'],
  ])('%s ft is %s', (feet, colour) => {
    expect(heightBand(feet).colour).toBe(colour);
  });

  it('fills at alpha 128 and outlines at alpha 32 of 255 in the band colour', () => {
    const fill = parseManifestColour(zoneFillColour({ HIGHEST_FLYING_HEIGHT: 450 }));
    const outline = parseManifestColour(zoneOutlineColour({ HIGHEST_FLYING_HEIGHT: 450 }));
    expect(fill.rgb).toEqual([255, 191, 0]);
    expect(outline.rgb).toEqual([255, 191, 0]);
    expect(Math.round(fill.alpha! * 255)).toBe(128);
    expect(Math.round(outline.alpha! * 255)).toBe(32);
    expect(parseManifestColour(zoneFillColour({ HIGHEST_FLYING_HEIGHT: 100 })).rgb).toEqual([255, 255, 0]);
    expect(parseManifestColour(zoneFillColour({ HIGHEST_FLYING_HEIGHT: 700 })).rgb).toEqual([255, 127, 0]);
    expect(parseManifestColour(zoneFillColour({})).rgb).toEqual([255, 0, 0]);
  });

  it('extrudes to the top of the band, feet / 3.28084', () => {
    expect(zoneExtrusionMeters({ HIGHEST_FLYING_HEIGHT: 0 })).toBeCloseTo(300 / 3.28084, 6);
    expect(zoneExtrusionMeters({ HIGHEST_FLYING_HEIGHT: 600 })).toBeCloseTo(182.88, 2);
    expect(zoneExtrusionMeters({ HIGHEST_FLYING_HEIGHT: 1000 })).toBeCloseTo(365.76, 2);
    expect(zoneExtrusionMeters({ HIGHEST_FLYING_HEIGHT: 2000 })).toBeCloseTo(609.6, 1);
    expect(zoneExtrusionMeters({})).toBeCloseTo(365.76, 2);
  });
});

describe('drone-zone address (SPEC §7: the 7-day window)', () => {
  // 26 Nov 2026 10:15 in Hong Kong; the window ends at the end of 3 Dec in Hong Kong (15:59:59.999Z).
  const now = Date.UTC(2026, 10, 26, 2, 15, 0);

  it('asks GeoJSON of the zone type with the CQL filter of the window', () => {
    const url = new URL(droneZonesUrl(now), 'http://localhost');
    expect(url.pathname).toBe('/mapviewer/geopin/pin/wfs');
    expect(url.searchParams.get('typename')).toBe('geopin:uav_zone');
    expect(url.searchParams.get('outputFormat')).toBe('application/json');
    expect(url.searchParams.get('CQL_FILTER')).toBe(
      "(START_TIME >= '2026-11-26T02:15:00.000Z' AND START_TIME <= '2026-12-03T15:59:59.999Z')" +
        " OR (END_TIME >= '2026-11-26T02:15:00.000Z' AND END_TIME <= '2026-12-03T15:59:59.999Z')" +
        " OR (START_TIME <= '2026-11-26T02:15:00.000Z' AND END_TIME >= '2026-12-03T15:59:59.999Z')",
    );
  });

  it('is a request the service accepts, and its filter keeps zones overlapping the window only', () => {
    const url = new URL(droneZonesUrl(now), 'http://localhost');
    expect(uavZoneWfsQuerySchema.safeParse(Object.fromEntries(url.searchParams)).success).toBe(true);
    const parsed = parseCqlTimeFilter(url.searchParams.get('CQL_FILTER')!);
    if (!parsed.ok) throw new Error(parsed.message);
    const day = 86_400_000;
    const zone = (start: number, end: number) => matchesCqlTimeFilter(parsed.filter, { START_TIME: start, END_TIME: end });
    expect(zone(now + day, now + 2 * day)).toBe(true);
    expect(zone(now - 30 * day, now + 30 * day)).toBe(true);
    expect(zone(now - 2 * day, now - day)).toBe(false);
    expect(zone(now + 8 * day, now + 9 * day)).toBe(false);
  });

  it('moves with the clock', () => {
    expect(droneZonesUrl(now + 60_000)).not.toBe(droneZonesUrl(now));
  });
});

describe('drone-zone popup', () => {
  it('writes times in 24-hour Hong Kong time in each language', () => {
    const sixPmHongKong = Date.UTC(2026, 10, 26, 10, 5);
    expect(formatHongKongTime(sixPmHongKong, 'en-US')).toBe('26 Nov 2026, 18:05');
    expect(formatHongKongTime(sixPmHongKong, 'zh-HK')).toContain('18:05');
    expect(formatHongKongTime(sixPmHongKong, 'zh-CN')).toContain('18:05');
    expect(formatHongKongTime(sixPmHongKong, 'zh-HK')).toContain('2026');
    // Midnight is 00, not 24.
    expect(formatHongKongTime(Date.UTC(2026, 10, 26, 16, 0), 'en-US')).toBe('27 Nov 2026, 00:00');
  });

  it('gives the buffer in km, the height in ft, start and end, and the sample note', () => {
    const rows = describeZone(
      { BUFFER_DISTANCE: 1200, HIGHEST_FLYING_HEIGHT: 600, START_TIME: Date.UTC(2026, 10, 25, 10, 0), END_TIME: Date.UTC(2026, 10, 25, 15, 30), sample: true },
      'en-US',
      format,
    );
    expect(rows).toEqual([
      { label: 'droneZones.popup.buffer', value: 'droneZones.popup.km(1.2)' },
      { label: 'droneZones.popup.height', value: 'droneZones.popup.feet(600)' },
      { label: 'droneZones.popup.start', value: '25 Nov 2026, 18:00' },
      { label: 'droneZones.popup.end', value: '25 Nov 2026, 23:30' },
      { label: 'droneZones.popup.data', value: 'droneZones.popup.sample' },
    ]);
  });

  it('leaves out what the feature lacks', () => {
    expect(describeZone({ BUFFER_DISTANCE: null, HIGHEST_FLYING_HEIGHT: 'x' }, 'en-US', format)).toEqual([]);
  });
});
