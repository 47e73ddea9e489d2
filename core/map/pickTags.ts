/**
 * Which overlay a scene primitive belongs to, so picking can say what was hit without core knowing any layer:
 * the overlay engine tags what it adds (e.g. a 3DTILES overlay's tileset) and the map's picking reads the tag.
 */
const layerIds = new WeakMap<object, string>();

/** Records that `primitive` draws the overlay `layerId`. */
export function setPickLayerId(primitive: object, layerId: string): void {
  layerIds.set(primitive, layerId);
}

/** The overlay id `primitive` was tagged with, or undefined. */
export function pickLayerId(primitive: unknown): string | undefined {
  return typeof primitive === 'object' && primitive !== null ? layerIds.get(primitive) : undefined;
}
