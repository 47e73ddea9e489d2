import { describe, expect, it } from 'vitest';
import { formatBox, mapAddressFor, parseBox, parseMapAddress, viewOverBox, BOX_VIEW_HEIGHT_LIMITS } from './mapAddress';

const HK = { west: 113.82, south: 22.15, east: 114.43, north: 22.56 };

describe('map address', () => {
  it('reads layers and a box, and writes them back', () => {
    const address = mapAddressFor(['temperature', 'aqhi'], HK);
    expect(address).toBe('/map?layers=temperature%2Caqhi&bbox=113.82%2C22.15%2C114.43%2C22.56');
    expect(parseMapAddress(address.slice('/map'.length))).toEqual({ layers: ['temperature', 'aqhi'], bbox: HK });
    expect(mapAddressFor([], null)).toBe('/map');
  });

  it('leaves out malformed parts', () => {
    expect(parseMapAddress('?layers=temperature,,<script>,temperature&bbox=1,2,3')).toEqual({ layers: ['temperature'], bbox: null });
    expect(parseBox('114.2,22.3,114.1,22.4')).toBeNull(); // west east swapped
    expect(parseBox('114.1,22.3,114.2,NaN')).toBeNull();
    expect(parseBox('114.1,22.3,114.2,95')).toBeNull();
    expect(parseBox('114.1,,114.2,22.4')).toBeNull();
    expect(parseBox(formatBox(HK))).toEqual(HK);
  });

  it('looks straight down on the box centre from a height at which the box fits', () => {
    const view = viewOverBox(HK, 1280 / 800);
    expect(view.longitude).toBeCloseTo((HK.west + HK.east) / 2, 9);
    expect(view.latitude).toBeCloseTo((HK.south + HK.north) / 2, 9);
    expect(view.pitchDegrees).toBe(-90);
    // Wide window: the 60° spans the width; 63 km of box + margins needs about 63 km * 1.2 / (2 tan 30°).
    const widthMeters = (HK.east - HK.west) * (Math.PI / 180) * 6_371_000 * Math.cos(((HK.south + HK.north) / 2) * (Math.PI / 180));
    expect(view.heightMeters).toBeGreaterThan(widthMeters / (2 * Math.tan(Math.PI / 6)));
    // A portrait phone sees less across, so it starts higher.
    expect(viewOverBox(HK, 390 / 844).heightMeters).toBeGreaterThan(view.heightMeters);
    // A single street is not shown from 10 m; the territory is not shown from space.
    expect(viewOverBox({ west: 114.17, south: 22.29, east: 114.1701, north: 22.2901 }, 1).heightMeters).toBe(BOX_VIEW_HEIGHT_LIMITS.min);
    expect(viewOverBox({ west: 100, south: 10, east: 130, north: 40 }, 1).heightMeters).toBe(BOX_VIEW_HEIGHT_LIMITS.max);
  });
});
