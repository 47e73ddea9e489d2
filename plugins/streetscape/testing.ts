/** Test support: panorama summaries along a short street in Kwun Tong. Not imported by app code. */
import { geodesicDirect } from '../../core/contracts/geodesy';
import type { PanoramaIndex, PanoramaSummary } from '../../core/contracts/panoramas';

const ORIGIN = { longitude: 114.2245, latitude: 22.3113 };
const text = (value: string) => ({ 'en-US': value, 'zh-HK': value, 'zh-CN': value });

/** `count` panoramas 18 m apart heading 60° (north-east) along "Test Road", linked previous/next. */
export function streetOfPanoramas(count = 4, setId = 'kwun-tong-rendered'): PanoramaSummary[] {
  const ids = Array.from({ length: count }, (_, index) => `${setId}/test-road-${String(index + 1).padStart(2, '0')}`);
  return ids.map((id, index) => {
    const place = geodesicDirect(ORIGIN, 60, index * 18);
    return {
      id,
      setId,
      longitude: place.longitude,
      latitude: place.latitude,
      heightMeters: 12.5,
      headingDegrees: 60,
      capturedAt: '2026-11-20',
      source: 'rendered',
      sample: true,
      street: { id: 'test-road', name: text('Test Road'), order: index },
      images: [2048, 1024, 4096].map((width) => ({ width, height: width / 2, url: `/mapviewer/api/panoramas/files/${setId}/${id.split('/')[1]}/${width}.jpg` })),
      depth: null,
      previousId: ids[index - 1] ?? null,
      nextId: ids[index + 1] ?? null,
    } satisfies PanoramaSummary;
  });
}

export function indexOf(panoramas: PanoramaSummary[]): PanoramaIndex {
  return {
    sets: [{ id: 'kwun-tong-rendered', name: text('Kwun Tong (rendered sample)'), source: 'rendered', sample: true, attribution: text('Rendered from the 3D map'), panoramaCount: panoramas.length }],
    panoramas,
    skipped: [],
  };
}
