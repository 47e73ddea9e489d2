import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  TRAFFIC_IMAGE_HEIGHT,
  TRAFFIC_IMAGE_REFRESH_MS,
  TRAFFIC_IMAGE_WIDTH,
  trafficCameraFeatureCollectionSchema,
  trafficImageParamsSchema,
} from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { getDemSampler } from '../terrain/dem';
import { buildTrafficCameraFeed, loadTrafficCameras } from './traffic';
import { TrafficSnapshotRenderer, hongKongTimeText, refreshSlot } from './trafficImage';

const dataDir = join(ROOT_DIR, 'data');
const cameras = loadTrafficCameras(dataDir);

describe('traffic camera layer (sample)', () => {
  const feed = trafficCameraFeatureCollectionSchema.parse(buildTrafficCameraFeed(cameras));

  it('has 20 to 40 sample cameras on real roads, named in three languages, with ids the image path accepts', () => {
    expect(feed.sample).toBe(true);
    expect(feed.features.length).toBeGreaterThanOrEqual(20);
    expect(feed.features.length).toBeLessThanOrEqual(40);
    const roads = new Set(feed.features.map((feature) => feature.properties.description_EN));
    for (const road of ['Tuen Mun Road', 'Tolo Highway', 'Lion Rock Tunnel', 'Cross-Harbour Tunnel', 'Tsing Ma Bridge']) expect(roads).toContain(road);
    for (const { id, properties } of feed.features) {
      expect(properties.sample).toBe(true);
      expect(properties.key_TC).toMatch(/\p{Script=Han}/u);
      expect(properties.url_EN).toBe(`/mapviewer/api/static/tdssimg/images/${id}.png`);
      expect([properties.url_TC, properties.url_SC]).toEqual([properties.url_EN, properties.url_EN]);
      expect(trafficImageParamsSchema.safeParse({ cameraId: id }).success).toBe(true);
    }
  });
});

describe('traffic camera file', () => {
  it('stops the server with the file and field named when a camera is malformed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hk3d-traffic-'));
    try {
      mkdirSync(join(dir, 'traffic'));
      const broken = { cameras: [{ ...cameras[0], headingDegrees: 360 }] };
      writeFileSync(join(dir, 'traffic', 'traffic_cameras_sample.json'), JSON.stringify(broken));
      expect(() => loadTrafficCameras(dir)).toThrow(/^data\/traffic\/traffic_cameras_sample\.json: cameras\.0\.headingDegrees: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('traffic snapshots', () => {
  const renderer = new TrafficSnapshotRenderer(getDemSampler(dataDir));
  const camera = cameras.find((candidate) => candidate.id === 'tsing-ma-bridge-ma-wan-channel')!;
  const slotStart = 1_713_667_230_000; // 2024-04-21 10:40:30 HKT, a slot boundary
  const decode = (png: Buffer) => PNG.sync.read(png);

  it('renders a PNG of the stated size: a landscape drawn from the DEM, with the SAMPLE mark', () => {
    const image = decode(renderer.snapshot(camera, slotStart));
    expect([image.width, image.height]).toEqual([TRAFFIC_IMAGE_WIDTH, TRAFFIC_IMAGE_HEIGHT]);
    const pixel = (x: number, y: number) => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)];
    const colours = new Set<string>();
    for (let y = 30; y < TRAFFIC_IMAGE_HEIGHT - 25; y += 8) for (let x = 0; x < TRAFFIC_IMAGE_WIDTH; x += 8) colours.add(pixel(x, y).join(','));
    // A rendered landscape, not a flat fill: hundreds of distinct colours.
    expect(colours.size).toBeGreaterThan(100);
    // The red SAMPLE mark in the top-left corner.
    expect(pixel(6, 6)).toEqual([200, 24, 32]);
  });

  it('is the same within a refresh slot, changes with the next one, and differs between cameras', () => {
    const fresh = new TrafficSnapshotRenderer(getDemSampler(dataDir));
    const first = renderer.snapshot(camera, slotStart + 1_000);
    expect(fresh.snapshot(camera, slotStart + 29_999).equals(first)).toBe(true);
    expect(fresh.snapshot(camera, slotStart + TRAFFIC_IMAGE_REFRESH_MS).equals(first)).toBe(false);
    expect(fresh.snapshot(cameras[0], slotStart).equals(first)).toBe(false);
  });

  it('writes the slot start in Hong Kong time', () => {
    expect(refreshSlot(slotStart + 29_999)).toBe(refreshSlot(slotStart));
    expect(hongKongTimeText(slotStart)).toBe('2024-04-21 10:40:30 HKT');
  });
});
