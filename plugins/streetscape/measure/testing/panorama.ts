/** A panorama summary for tests (imported by tests only): the box scene's camera, with a 1024 × 512 depth map. */
import type { PanoramaSummary } from '../../../../core/contracts/panoramas';
import { SCENE_POSE } from './boxScene';

export function scenePanorama(id = 'box-scene/one', withDepth = true): PanoramaSummary {
  return {
    id,
    setId: 'box-scene',
    ...SCENE_POSE,
    capturedAt: '2026-01-01',
    source: 'rendered',
    sample: true,
    street: null,
    images: [{ width: 2048, height: 1024, url: `/mapviewer/api/panoramas/files/box-scene/${id}/2048.jpg` }],
    depth: withDepth ? { url: `/mapviewer/api/panoramas/files/box-scene/${id}/depth.bin`, width: 1024, height: 512, encoding: 'uint16-centimetres' } : null,
    previousId: null,
    nextId: null,
  };
}
