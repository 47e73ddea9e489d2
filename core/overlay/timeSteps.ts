/**
 * Time-aware overlays (manifest `time`, core/manifests/overlayTime.ts): of a recorded series, the features drawn at
 * the scene clock's time — for each place (`groupProperty`) its latest observation at or before that time. A place
 * with no observation yet is not drawn; an observation whose time cannot be read is never drawn. Pure, for the
 * feature source (core/overlay/sources/featureSource.ts) and its tests.
 */
import type { OverlayTime } from '../manifests/overlayTime';
import type { OverlayFeatureCollection } from './features';

type Feature = OverlayFeatureCollection['features'][number];

/** Milliseconds of a feature's observation time, NaN when it has none or cannot be read. */
function observedAt(feature: Feature, property: string): number {
  const value = feature.properties?.[property];
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/**
 * The step of `data` drawn at `atMs` (epoch milliseconds): one feature per place, its latest observation at or
 * before `atMs`, in the order the places first appear; `key` names the observations chosen, so a caller redraws
 * only when the step changes.
 */
export function timeStepAt(data: OverlayFeatureCollection, time: Pick<OverlayTime, 'property' | 'groupProperty'>, atMs: number): { features: Feature[]; key: string } {
  const latest = new Map<string, { feature: Feature; at: number }>();
  const order: string[] = [];
  for (const feature of data.features) {
    const at = observedAt(feature, time.property);
    if (!(at <= atMs)) continue;
    const place = String(feature.properties?.[time.groupProperty] ?? '');
    const kept = latest.get(place);
    if (!kept) order.push(place);
    if (!kept || at > kept.at) latest.set(place, { feature, at });
  }
  const chosen = order.map((place) => latest.get(place)!);
  return { features: chosen.map((entry) => entry.feature), key: chosen.map((entry, index) => `${order[index]}@${entry.at}`).join(',') };
}
