/**
 * The traffic camera layer, as SAMPLE data: the Transport Department's camera list is not shipped, so the
 * cameras of data/traffic/traffic_cameras_sample.json (hand-placed on real roads) stand in, and their snapshots
 * are rendered by this service (server/data/trafficImage.ts).
 */
import { z } from 'zod';
import {
  localisedTextSchema,
  trafficImageParamsSchema,
  trafficImagePath,
  type TrafficCameraFeatureCollection,
} from '../../core/contracts';
import { readValidatedDataJson } from './validatedDataFile';

export const TRAFFIC_FILES = { cameras: 'traffic/traffic_cameras_sample.json' } as const;

const trafficCameraFileSchema = z.object({
  cameras: z
    .array(
      z.object({
        /** Lower-case words joined by hyphens: the snapshot's file name, so it must pass the image path's check. */
        id: trafficImageParamsSchema.shape.cameraId,
        road: localisedTextSchema,
        place: localisedTextSchema,
        longitude: z.number().min(113.8).max(114.5),
        latitude: z.number().min(22.1).max(22.6),
        /** Direction the camera looks, degrees clockwise from north. */
        headingDegrees: z.number().min(0).lt(360),
        /** Height of the camera above the ground or sea below it, metres. */
        eyeHeightMeters: z.number().positive(),
      }),
    )
    .min(1)
    .refine((cameras) => new Set(cameras.map((camera) => camera.id)).size === cameras.length, 'camera ids must be unique'),
});
export type TrafficCamera = z.infer<typeof trafficCameraFileSchema>['cameras'][number];

/** Reads and checks the camera list (ids usable in the image path and unique, headings in [0, 360)). */
export function loadTrafficCameras(dataDir: string): TrafficCamera[] {
  return readValidatedDataJson(dataDir, TRAFFIC_FILES.cameras, trafficCameraFileSchema).cameras;
}

/** The camera layer: one point per camera, every one marked sample, each pointing at its snapshot on this service. */
export function buildTrafficCameraFeed(cameras: readonly TrafficCamera[]): TrafficCameraFeatureCollection {
  return {
    type: 'FeatureCollection',
    sample: true,
    features: cameras.map((camera) => {
      const image = trafficImagePath(camera.id);
      return {
        type: 'Feature',
        id: camera.id,
        geometry: { type: 'Point', coordinates: [camera.longitude, camera.latitude] },
        properties: {
          key: camera.id,
          key_EN: `${camera.road['en-US']} (${camera.place['en-US']})`,
          key_TC: `${camera.road['zh-HK']}（${camera.place['zh-HK']}）`,
          key_SC: `${camera.road['zh-CN']}（${camera.place['zh-CN']}）`,
          description_EN: camera.road['en-US'],
          description_TC: camera.road['zh-HK'],
          description_SC: camera.road['zh-CN'],
          url_EN: image,
          url_TC: image,
          url_SC: image,
          _camSnapped: camera.headingDegrees,
          sample: true,
        },
      };
    }),
  };
}
