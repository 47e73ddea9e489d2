/**
 * The map mechanisms of the plugin API that only a real browser can prove (core/map/CONTEXT.md, issue 14): heights
 * sampled from the terrain tiles agree with the server's DEM, and the canvas can be recorded and snapshotted —
 * rendering continuously only while a stream is live.
 *
 * Both tests share one page, in order (a map start on SwiftShader costs ten seconds and more): the recording on
 * the start view, then the heights, which move the camera to the tower.
 */
import { expect, test, type Page } from '@playwright/test';
import { API, framesRendered, openMap, shareOnePage, waitForRedraw, waitForSettled } from './fixtures';

/** Places with very different ground: a summit, the harbour (sea, 0 m), hill slopes on Hong Kong Island and Kowloon. */
const PLACES: Array<[number, number]> = [
  [114.1244, 22.4107], // Tai Mo Shan summit
  [114.172, 22.29], // Victoria Harbour, mid-channel
  [114.1497, 22.2708], // Victoria Peak's north slope
  [114.187, 22.352], // Lion Rock
];
/**
 * The terrain tiles resample the DEM on a 65×65 grid per tile (server/terrain/heightmap.ts), finer than the DEM's
 * 1″ grid at the deepest level, so a height read back from them is the DEM's to within a few metres on a slope.
 */
const TOLERANCE_METERS = 3;

/** The Bank of China Tower, Central: roof about 310 mPD (LandsD iB1000), on ground about 10 m (as inspector.spec). */
const TOWER: [number, number] = [114.16157, 22.27928];

test.describe('one map page', () => {
  let page: Page;
  shareOnePage((started) => (page = started), openMap);

  test('a canvas stream records a WebM and keeps the map rendering only while it is live; a snapshot is a PNG of the canvas', async () => {
    await waitForSettled(page);
    const recording = await page.evaluate(async () => {
      const hook = window.__hkmap!;
      const stream = hook.captureStream(30)!;
      const startFrames = hook.framesRendered();
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
      recorder.start(200);
      // Recording with nothing moving on the map: only continuous rendering draws frames (a few a second on software
      // WebGL; the first may be lost while the encoder starts). Until the recording holds video, at most 20 s.
      const started = performance.now();
      const recorded = () => chunks.reduce((total, chunk) => total + chunk.size, 0);
      while (recorded() < 1000 && performance.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 100));
      recorder.stop();
      await stopped;
      const framesWhileLive = hook.framesRendered() - startFrames;
      for (const track of stream.getTracks()) track.stop();
      const webm = new Blob(chunks, { type: 'video/webm' });
      const header = new Uint8Array(await webm.slice(0, 4).arrayBuffer());
      return { bytes: webm.size, header: [...header], framesWhileLive };
    });
    test.info().annotations.push({ type: 'recording', description: JSON.stringify(recording) });
    expect(recording.bytes).toBeGreaterThan(1000);
    // The EBML magic number every WebM file starts with.
    expect(recording.header).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(recording.framesWhileLive, 'frames drawn while recording an idle map').toBeGreaterThanOrEqual(3);

    // The stream's tracks ended: the map goes back to drawing only on change.
    await waitForSettled(page);

    const snapshot = await page.evaluate(async () => {
      const blob = await window.__hkmap!.captureImage();
      const bytes = new Uint8Array(await blob.arrayBuffer());
      const view = new DataView(bytes.buffer);
      const canvas = document.querySelector('.map-view__canvas canvas') as HTMLCanvasElement;
      // PNG: 8-byte signature, then the IHDR chunk whose data starts with width and height (big-endian).
      return { type: blob.type, signature: [...bytes.slice(1, 4)], width: view.getUint32(16), height: view.getUint32(20), canvas: [canvas.width, canvas.height] };
    });
    expect(snapshot.type).toBe('image/png');
    expect(String.fromCharCode(...snapshot.signature)).toBe('PNG');
    expect([snapshot.width, snapshot.height]).toEqual(snapshot.canvas);
  });

  test('sampleHeights gives the heights of the DEM the server holds, and with models the roof of a 3D building', async () => {
    const response = await page.request.post(`${API}/getZ/dtm`, { data: PLACES });
    expect(response.ok()).toBe(true);
    const dem = ((await response.json()) as { data: Array<number | null> }).data;
    const map = await page.evaluate((places) => window.__hkmap!.sampleHeights(places), PLACES);
    test.info().annotations.push({ type: 'heights', description: JSON.stringify({ dem, map }) });
    expect(dem[0]!).toBeGreaterThan(900);
    expect(map).toHaveLength(PLACES.length);
    PLACES.forEach((place, index) => {
      expect(map[index], `height at ${place.join(', ')}`).not.toBeNull();
      expect(Math.abs(map[index]! - dem[index]!), `map ${map[index]} m vs DEM ${dem[index]} m at ${place.join(', ')}`).toBeLessThanOrEqual(TOLERANCE_METERS);
    });

    // The buildings' 3D Tiles count only once loaded: look at the tower first.
    const before = await framesRendered(page);
    await page.evaluate(([longitude, latitude]) => window.__hkmap!.setView({ longitude: longitude - 0.003, latitude, heightMeters: 1200, pitchDegrees: -90 }), TOWER);
    await waitForRedraw(page, before);
    const [ground, roof] = await page.evaluate(async (tower) => {
      const hook = window.__hkmap!;
      return [(await hook.sampleHeights([tower]))[0], (await hook.sampleHeights([tower], { includeModels: true }))[0]];
    }, TOWER);
    expect(ground!).toBeLessThan(40);
    expect(roof!).toBeGreaterThan(290);
    expect(roof!).toBeLessThan(330);
  });
});
