import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  TRAFFIC_IMAGE_REFRESH_MS,
  marineEndpoint,
  riverEndpoint,
  trafficCamerasEndpoint,
  trafficImageEndpoint,
} from '../../core/contracts';
import { loadMarineFeed } from '../data/marine';
import { loadRiverFeed } from '../data/river';
import { buildTrafficCameraFeed, loadTrafficCameras } from '../data/traffic';
import { TrafficSnapshotRenderer } from '../data/trafficImage';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { getDemSampler } from '../terrain/dem';

/** The layers change only with the data files, but the viewer asks with a fresh timestamp anyway. */
const FEED_CACHE_CONTROL = 'public, max-age=300';

function sendGeoJson(reply: FastifyReply, body: string) {
  return reply.header('cache-control', FEED_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(body);
}

/**
 * GET /mapviewer/api/static/{marine,river,tdssimg} and the camera snapshots. The feeds are built once at start-up
 * from data/ (a bad data file stops the server with a message naming it); snapshots are rendered on demand from
 * the DEM shared with the terrain routes.
 */
export async function staticLayerRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const marine = JSON.stringify(loadMarineFeed(options.dataDir));
  const river = JSON.stringify(loadRiverFeed(options.dataDir));
  const cameras = loadTrafficCameras(options.dataDir);
  const cameraFeed = JSON.stringify(buildTrafficCameraFeed(cameras));
  const camerasById = new Map(cameras.map((camera) => [camera.id, camera]));
  let renderer: TrafficSnapshotRenderer | null = null;

  registerEndpoint(app, marineEndpoint, (_input, _request, reply) => sendGeoJson(reply, marine));
  registerEndpoint(app, riverEndpoint, (_input, _request, reply) => sendGeoJson(reply, river));
  registerEndpoint(app, trafficCamerasEndpoint, (_input, _request, reply) => sendGeoJson(reply, cameraFeed));
  registerEndpoint(app, trafficImageEndpoint, ({ params }, _request, reply) => {
    const camera = camerasById.get(params.cameraId);
    if (!camera) throw new HttpError(404, `No traffic camera has the id '${params.cameraId}'`, 'cameraId');
    if (!renderer) {
      try {
        renderer = new TrafficSnapshotRenderer(getDemSampler(options.dataDir));
      } catch (error) {
        app.log.error({ err: error }, 'DEM not available; traffic snapshots answer 503');
        throw new HttpError(503, 'Traffic snapshots are temporarily not available: the terrain they are drawn from could not be loaded');
      }
    }
    const now = Date.now();
    const secondsLeftInSlot = Math.max(1, Math.ceil((TRAFFIC_IMAGE_REFRESH_MS - (now % TRAFFIC_IMAGE_REFRESH_MS)) / 1000));
    return reply
      .header('cache-control', `public, max-age=${secondsLeftInSlot}`)
      .type('image/png')
      .send(renderer.snapshot(camera, now));
  });
}
