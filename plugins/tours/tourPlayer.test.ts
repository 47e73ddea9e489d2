import { describe, expect, it } from 'vitest';
import type { TourManifest } from '../../core/manifests/schemas';
import { tourManifestSchema } from '../../core/manifests/schemas';
import { createRegistry } from '../../core/plugin/registry';
import type { AnalyticsEvent, CameraView, OverlayContribution } from '../../core/plugin/types';
import { createAppStore } from '../../core/store/appStore';
import { parseTourParam, tourAddress } from './tourAddress';
import { createTourPlayer } from './tourPlayer';

const text = (en: string) => ({ 'en-US': en, 'zh-HK': en, 'zh-CN': en });
const view = (longitude: number) => ({ longitude, latitude: 22.3, heightMeters: 1000, headingDegrees: 0, pitchDegrees: -30, rollDegrees: 0 });
const tour = (id: string, stops: Array<{ overlays: string[]; longitude: number }>): TourManifest =>
  tourManifestSchema.parse({
    id,
    name: text(id),
    stops: stops.map((stop, index) => ({ title: text(`${id} ${index}`), text: text('…'), view: view(stop.longitude), overlays: stop.overlays, flightSeconds: 2 })),
  });

function makePlayer(loadResult: () => Promise<TourManifest[]>) {
  const store = createAppStore();
  const overlays = createRegistry<OverlayContribution>('overlays');
  for (const id of ['temperature', 'wind', 'buildings']) overlays.registerAs('core', { id, manifest: { id } as OverlayContribution['manifest'] });
  const flights: Array<{ view: CameraView; durationSeconds?: number }> = [];
  const events: Array<Omit<AnalyticsEvent, 'at' | 'lang'>> = [];
  const player = createTourPlayer({
    map: { setView: (next, options) => void flights.push({ view: next, durationSeconds: options?.durationSeconds }) },
    store,
    overlays,
    analytics: { emit: (event) => void events.push(event) },
    load: async () => ({ tours: await loadResult(), problems: [] }),
    report: () => {},
  });
  const shown = () => Object.entries(store.getState().overlays).filter(([, flags]) => flags.shown).map(([id]) => id).sort();
  return { player, store, flights, events, shown };
}

const harbour = tour('harbour', [{ overlays: ['buildings'], longitude: 114.1 }, { overlays: ['temperature', 'not-in-this-variant'], longitude: 114.2 }, { overlays: [], longitude: 114.3 }]);
const weather = tour('weather', [{ overlays: ['wind'], longitude: 114.4 }]);

describe('tour player', () => {
  it("flies stop to stop, shows each stop's layers and steps back", async () => {
    const { player, flights, shown, events } = makePlayer(async () => [harbour, weather]);
    expect(await player.start('harbour')).toBe(true);
    expect(flights.at(-1)).toEqual({ view: harbour.stops[0].view, durationSeconds: 2 });
    expect(shown()).toEqual(['buildings']);
    player.next();
    expect(player.getState().playing?.stopIndex).toBe(1);
    // A layer this variant does not have is skipped; the previous stop's layer goes back off.
    expect(shown()).toEqual(['temperature']);
    player.next();
    player.next();
    expect(player.getState().playing?.stopIndex).toBe(2);
    expect(shown()).toEqual([]);
    player.back();
    expect(flights.map((flight) => flight.view.longitude)).toEqual([114.1, 114.2, 114.3, 114.2]);
    expect(events).toEqual([{ name: 'tour::on', id: 'harbour' }]);
  });

  it('puts the layers back as they were when the tour stops', async () => {
    const { player, store, shown, events } = makePlayer(async () => [harbour]);
    store.getState().setOverlayShown('buildings', true);
    store.getState().setOverlayShown('wind', true);
    await player.start('harbour');
    player.next();
    expect(shown()).toEqual(['buildings', 'temperature', 'wind']);
    player.stop();
    expect(shown()).toEqual(['buildings', 'wind']);
    expect(player.getState().playing).toBeNull();
    expect(events.at(-1)).toEqual({ name: 'tour::off', id: 'harbour' });
  });

  it('starting one tour clears the other (SPEC §4)', async () => {
    const { player, shown } = makePlayer(async () => [harbour, weather]);
    await player.start('harbour');
    player.next();
    await player.start('weather');
    expect(player.getState().playing?.tour.id).toBe('weather');
    expect(shown()).toEqual(['wind']);
    expect(await player.start('no-such-tour')).toBe(false);
    expect(player.getState().playing?.tour.id).toBe('weather');
  });

  it('says when the tours cannot be loaded and loads again on Retry', async () => {
    let attempts = 0;
    const { player } = makePlayer(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return [harbour];
    });
    await player.load();
    expect(player.getState().catalogue.status).toBe('failed');
    await player.load();
    expect(player.getState().catalogue).toEqual({ status: 'ready', tours: [harbour] });
  });
});

describe('the tour in a share link', () => {
  it('reads and writes tour=<id>:<stop number>, refusing anything else', () => {
    expect(parseTourParam('harbour:2')).toEqual({ tourId: 'harbour', stopIndex: 1 });
    expect(parseTourParam('harbour')).toEqual({ tourId: 'harbour', stopIndex: 0 });
    for (const text of ['', 'harbour:0', 'harbour:-1', 'harbour:2:3', 'Harbour', 'harbour:1e2', '../x']) expect(parseTourParam(text), text).toBeNull();
  });

  it('opens the player at the stop the link names, and names the stop that plays', async () => {
    const { player, store, flights } = makePlayer(async () => [harbour, weather]);
    const problems: string[] = [];
    const address = tourAddress(player, store, (message) => void problems.push(message));
    expect(address.read()).toBeUndefined();
    expect(address.schema.safeParse('harbour:9x').success).toBe(false);
    address.apply('harbour:2');
    await expect.poll(() => player.getState().playing?.stopIndex).toBe(1);
    expect(store.getState().tours).toBe(true);
    expect(flights.at(-1)?.view.longitude).toBe(114.2);
    expect(address.read()).toBe('harbour:2');
    // A stop the tour does not have starts it at the first; a tour this map does not have is reported.
    address.apply('weather:5');
    await expect.poll(() => player.getState().playing?.tour.id).toBe('weather');
    expect(player.getState().playing?.stopIndex).toBe(0);
    address.apply('stargazing');
    await expect.poll(() => problems).toEqual(['the address names the tour "stargazing", which this map does not have']);
  });
});
