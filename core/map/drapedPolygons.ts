/**
 * How ground polygons ({@link GraphicPolygon}) are batched into Cesium ground primitives, by what they drape over
 * (`drapeOver`): polygons on the terrain only share one primitive whatever their colours; polygons that colour the
 * terrain and the 3D models (a classification of both) are batched one primitive per fill colour, because a
 * classification of 3D Tiles takes one colour for all its instances. Plain code, no Cesium: temporaryGraphics.ts
 * draws each batch.
 */
import type { GraphicPolygon } from '../plugin/types';

/** What a batch classifies: the terrain only, or the terrain and the 3D Tiles together (Cesium `ClassificationType`). */
export type DrapeClassification = 'terrain' | 'both';

export interface DrapedBatch {
  classification: DrapeClassification;
  polygons: GraphicPolygon[];
}

/**
 * The batches `polygons` are drawn in: first every terrain-only polygon (one batch, when there is one), then one
 * batch per fill colour of the polygons draped over terrain and models, in the order the colours first appear.
 */
export function drapedBatches(polygons: ReadonlyArray<GraphicPolygon>): DrapedBatch[] {
  const terrainOnly: GraphicPolygon[] = [];
  const byColour = new Map<string, GraphicPolygon[]>();
  for (const polygon of polygons) {
    if ((polygon.drapeOver ?? 'terrain') === 'terrain') {
      terrainOnly.push(polygon);
      continue;
    }
    const batch = byColour.get(polygon.fillColour);
    if (batch) batch.push(polygon);
    else byColour.set(polygon.fillColour, [polygon]);
  }
  const batches: DrapedBatch[] = terrainOnly.length ? [{ classification: 'terrain', polygons: terrainOnly }] : [];
  for (const batch of byColour.values()) batches.push({ classification: 'both', polygons: batch });
  return batches;
}
