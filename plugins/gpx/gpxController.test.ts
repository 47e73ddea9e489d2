// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIntl } from 'react-intl';
import { MESSAGES } from '../../app/i18n/testMessages';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { GeoBounds, GraphicLabel, GraphicPoint, GroundPolyline } from '../../core/plugin/types';
import { createGpxController, TRACK_COLOUR } from './gpxController';
import { GPX_MAX_BYTES } from './gpxParser';

const wilsonText = readFileSync(resolve(import.meta.dirname, '../../tests/fixtures/gpx/Wilson-Trail-Hong-Kong-track.gpx'), 'utf8');

const intl = createIntl({ locale: 'en-US', messages: MESSAGES['en-US'] });

function setUp(options: { heights?: (positions: ReadonlyArray<readonly [number, number]>) => Promise<Array<number | null>> } = {}) {
  const drawn = { lines: [] as GroundPolyline[], points: [] as GraphicPoint[], labels: [] as GraphicLabel[] };
  const flights: GeoBounds[] = [];
  const sampled: Array<ReadonlyArray<readonly [number, number]>> = [];
  const map = createNoopMapFacade({
    temporaryGraphics: () => ({
      addPoints: (points) => (drawn.points.push(...points), () => {}),
      addGroundPolylines: (lines) => (drawn.lines.push(...lines), () => {}),
      addGroundPolygons: () => () => {},
      addPolylines: () => () => {},
      addLabels: (labels) => (drawn.labels.push(...labels), () => {}),
      addPolygons: () => () => {},
      clear: () => {
        drawn.lines = [];
        drawn.points = [];
        drawn.labels = [];
      },
    }),
    flyToBounds: (bounds) => void flights.push(bounds),
    sampleHeights: (positions) => {
      sampled.push(positions);
      return options.heights ? options.heights(positions) : Promise.resolve(positions.map(() => null));
    },
  });
  const messages: string[] = [];
  const events: string[] = [];
  const controller = createGpxController({
    map,
    i18n: { language: () => 'en-US', format: (id, values) => intl.formatMessage({ id }, values) },
    notices: { show: (notice) => (messages.push(typeof notice.message === 'function' ? notice.message() : notice.message), () => {}) },
    analytics: { emit: (event) => void events.push(event.name) },
  });
  return { controller, drawn, flights, sampled, messages, events };
}

let dispose: (() => void) | null = null;
afterEach(() => dispose?.());

describe('GPX controller', () => {
  it('draws a real trail, fits the camera to it and reports its figures from the file’s elevations', async () => {
    const { controller, drawn, flights, sampled, events } = setUp();
    dispose = controller.dispose;
    await controller.open(new File([wilsonText], 'Wilson-Trail-Hong-Kong-track.gpx'));
    expect(drawn.lines).toHaveLength(1);
    expect(drawn.lines[0]).toMatchObject({ colour: TRACK_COLOUR });
    expect(drawn.lines[0].positions).toHaveLength(941);
    expect(drawn.points).toHaveLength(3);
    expect(drawn.labels.map((label) => label.text)).toEqual(['Section2-end', 'Section1', 'Section2']);
    expect(drawn.labels[1]).toMatchObject({ longitude: 114.208451, latitude: 22.223588, heightMeters: 91 });
    expect(flights).toHaveLength(1);
    expect(flights[0].west).toBeLessThan(flights[0].east);
    expect(flights[0].south).toBeCloseTo(22.223543, 6);
    // Every point has an elevation: nothing to sample.
    expect(sampled).toEqual([]);
    const shown = controller.getState().shown!;
    expect(shown.figures.elevationSource).toBe('file');
    expect(shown.figures.lengthMeters).toBeGreaterThan(6000);
    expect(events).toEqual(['gpx::on']);
    controller.clear();
    expect(drawn.lines).toEqual([]);
    expect(controller.getState()).toEqual({ status: 'idle', shown: null });
    expect(events).toEqual(['gpx::on', 'gpx::off']);
  });

  it('samples the terrain when the file has no elevations, for the profile and the waypoints’ labels', async () => {
    const { controller, drawn, sampled } = setUp({ heights: async (positions) => positions.map((_, index) => 100 + index * 10) });
    dispose = controller.dispose;
    const text = `<gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="22.35" lon="114.12"><name>Camp</name></wpt>
      <rte><rtept lat="22.3" lon="114.1"/><rtept lat="22.301" lon="114.101"/><rtept lat="22.302" lon="114.102"/></rte></gpx>`;
    await controller.open(new File([text], 'walk.gpx'));
    expect(sampled).toEqual([[[114.1, 22.3], [114.101, 22.301], [114.102, 22.302], [114.12, 22.35]]]);
    const shown = controller.getState().shown!;
    expect(shown.sampling).toBe(false);
    expect(shown.figures).toMatchObject({ elevationSource: 'terrain', ascentMeters: 20, descentMeters: 0 });
    expect(shown.figures.profile.map((point) => point.elevationMeters)).toEqual([100, 110, 120]);
    expect(drawn.labels).toEqual([expect.objectContaining({ text: 'Camp', heightMeters: 130 })]);
  });

  it('a bad file says what is wrong and leaves the map and the shown file as they were', async () => {
    const { controller, drawn, flights, messages } = setUp();
    dispose = controller.dispose;
    await controller.open(new File([wilsonText], 'wilson.gpx'));
    const before = controller.getState();
    await controller.open(new File(['<gpx><trk><trkseg><trkpt lat="x" lon="114"/></trkseg></trk></gpx>'], 'broken.gpx'));
    await controller.open(new File(['not xml at all <'], 'garbage.gpx'));
    await controller.open(new File([''], 'empty.gpx'));
    await controller.open(new File(['x'], 'track.kml'));
    const huge = new File(['x'], 'huge.gpx');
    Object.defineProperty(huge, 'size', { value: GPX_MAX_BYTES + 1 });
    await controller.open(huge);
    expect(messages).toEqual([
      '“broken.gpx” was not opened: track point 1 has the latitude “x”, which is not a valid coordinate.',
      expect.stringMatching(/^“garbage\.gpx” was not opened: it is not well-formed XML \(.+\)\.$/),
      '“empty.gpx” was not opened: it holds no track, route or waypoint.',
      '“track.kml” was not opened: only GPX files (name ending in .gpx) can be opened here.',
      '“huge.gpx” was not opened: it is 10.1 MB, and GPX files up to 10.0 MB can be opened.',
    ]);
    expect(controller.getState()).toBe(before);
    expect(drawn.lines[0].positions).toHaveLength(941);
    expect(flights).toHaveLength(1);
  });

  it('accepts one GPX file dropped on the map, and says so when several are dropped', async () => {
    const { controller, drawn, messages } = setUp();
    dispose = controller.dispose;
    const element = document.createElement('div');
    const stop = controller.acceptDrops(element);
    const drop = (files: File[]) => {
      const event = new Event('drop', { cancelable: true }) as DragEvent;
      Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files } });
      element.dispatchEvent(event);
      return event;
    };
    const over = new Event('dragover', { cancelable: true });
    Object.defineProperty(over, 'dataTransfer', { value: { types: ['Files'], dropEffect: 'none' } });
    element.dispatchEvent(over);
    expect(over.defaultPrevented).toBe(true);
    expect(drop([new File(['a'], 'a.gpx'), new File(['b'], 'b.gpx')]).defaultPrevented).toBe(true);
    expect(messages).toEqual(['2 files were dropped: drop one GPX file at a time.']);
    drop([new File([wilsonText], 'wilson.gpx')]);
    await vi.waitFor(() => expect(controller.getState().status).toBe('shown'));
    expect(drawn.lines).toHaveLength(1);
    stop();
    controller.clear();
    drop([new File([wilsonText], 'wilson.gpx')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(controller.getState().status).toBe('idle');
  });
});
