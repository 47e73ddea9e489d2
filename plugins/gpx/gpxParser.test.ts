// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGpxFile, GPX_MAX_BYTES, parseGpx } from './gpxParser';

const wilson = readFileSync(resolve(import.meta.dirname, '../../tests/fixtures/gpx/Wilson-Trail-Hong-Kong-track.gpx'), 'utf8');
const gpx11 = (body: string) => `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;

describe('GPX parser', () => {
  it('reads a real trail file: its track with every point and elevation, and its waypoints', () => {
    const result = parseGpx(wilson);
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
    const { lines, waypoints } = result.gpx;
    // The counts and ends read straight from the text, independently of the DOM.
    const trackPoints = [...wilson.matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)">\s*<ele>([-\d.]+)<\/ele>/g)];
    expect(trackPoints).toHaveLength(941);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'track', name: '衛奕信徑 Wilson Trail HK' });
    expect(lines[0].points).toHaveLength(941);
    expect(lines[0].points[0]).toEqual({ latitude: Number(trackPoints[0][1]), longitude: Number(trackPoints[0][2]), elevationMeters: Number(trackPoints[0][3]) });
    const last = trackPoints[trackPoints.length - 1];
    expect(lines[0].points[940]).toEqual({ latitude: Number(last[1]), longitude: Number(last[2]), elevationMeters: Number(last[3]) });
    expect(waypoints.map((waypoint) => waypoint.name)).toEqual(['Section2-end', 'Section1', 'Section2']);
    expect(waypoints[1]).toEqual({ name: 'Section1', latitude: 22.223588, longitude: 114.208451, elevationMeters: 91 });
  });

  it('reads GPX 1.0 and files without a namespace, routes, several segments and points without elevation', () => {
    const result = parseGpx(`<gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><name>Walk</name>
      <trk><name>A</name><trkseg><trkpt lat="22.3" lon="114.1"/><trkpt lat="22.31" lon="114.11"/></trkseg><trkseg></trkseg><trkseg><trkpt lat="22.32" lon="114.12"><ele>5</ele></trkpt></trkseg></trk>
      <rte><name> Route </name><rtept lat="22.2" lon="114.2"/><rtept lat="22.21" lon="114.21"/></rte></gpx>`);
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
    expect(result.gpx.name).toBe('Walk');
    expect(result.gpx.lines.map((line) => [line.kind, line.name, line.points.length])).toEqual([
      ['track', 'A', 2],
      ['track', 'A', 1],
      ['route', 'Route', 2],
    ]);
    expect(result.gpx.lines[0].points[0].elevationMeters).toBeNull();
    const bare = parseGpx('<gpx><wpt lat="22.3" lon="114.2"><name>Peak</name></wpt></gpx>');
    expect(bare.ok && bare.gpx.waypoints).toEqual([{ name: 'Peak', latitude: 22.3, longitude: 114.2, elevationMeters: null }]);
  });

  it('refuses an empty file and a GPX with nothing to draw', () => {
    expect(parseGpx('')).toEqual({ ok: false, problem: { code: 'empty' } });
    expect(parseGpx('   \n')).toEqual({ ok: false, problem: { code: 'empty' } });
    expect(parseGpx(gpx11('<metadata><name>x</name></metadata><trk><trkseg/></trk><rte/>'))).toEqual({ ok: false, problem: { code: 'empty' } });
  });

  it('refuses a huge file before parsing it, and checks the file name and size before reading', () => {
    const huge = gpx11('<wpt lat="22.3" lon="114.2"/>'.repeat(Math.ceil(GPX_MAX_BYTES / 28) + 1));
    expect(huge.length).toBeGreaterThan(GPX_MAX_BYTES);
    const started = performance.now();
    expect(parseGpx(huge)).toEqual({ ok: false, problem: { code: 'too-large', bytes: huge.length, limitBytes: GPX_MAX_BYTES } });
    expect(performance.now() - started).toBeLessThan(50);
    expect(checkGpxFile({ name: 'day.GPX', size: GPX_MAX_BYTES })).toBeNull();
    expect(checkGpxFile({ name: 'day.gpx', size: GPX_MAX_BYTES + 1 })).toEqual({ code: 'too-large', bytes: GPX_MAX_BYTES + 1, limitBytes: GPX_MAX_BYTES });
    expect(checkGpxFile({ name: 'route.kml', size: 10 })).toEqual({ code: 'not-gpx-name', fileName: 'route.kml' });
  });

  it('refuses malformed XML, another XML document, and names a bad point', () => {
    const truncated = parseGpx(wilson.slice(0, 5000));
    expect(truncated.ok).toBe(false);
    expect(!truncated.ok && truncated.problem.code).toBe('not-xml');
    expect(parseGpx('<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>')).toEqual({ ok: false, problem: { code: 'not-gpx', rootName: 'kml' } });
    expect(parseGpx(gpx11('<trk><trkseg><trkpt lat="22.3" lon="114.1"/><trkpt lat="95" lon="114.1"/></trkseg></trk>'))).toEqual({
      ok: false,
      problem: { code: 'bad-coordinate', element: 'trkpt', position: 2, attribute: 'lat', value: '95' },
    });
    expect(parseGpx(gpx11('<wpt lat="22.3"/>'))).toEqual({ ok: false, problem: { code: 'bad-coordinate', element: 'wpt', position: 1, attribute: 'lon', value: null } });
    expect(parseGpx(gpx11('<rte><rtept lat="22.3" lon=""/></rte>'))).toEqual({ ok: false, problem: { code: 'bad-coordinate', element: 'rtept', position: 1, attribute: 'lon', value: '' } });
    expect(parseGpx(gpx11('<wpt lat="22.3" lon="114"><ele>high</ele></wpt>'))).toEqual({ ok: false, problem: { code: 'bad-elevation', element: 'wpt', position: 1, value: 'high' } });
  });
});
