import type { OverlayFeature } from './features';
import { planReconcile, type KeyedFeature, type ReconcilePlan } from './reconcile';

/** What every drawer keeps per drawn feature: the feature and the signature it was drawn with. */
export interface DrawnFeature {
  signature: string;
  feature: OverlayFeature;
}

/**
 * The bookkeeping the marker and shape drawers share: the drawn features by id, the read accessors over them and
 * the reconcile plan of the drawn signatures against the next batch. Each drawer applies the plan its own way.
 */
export abstract class FeatureDrawer<Drawn extends DrawnFeature> {
  protected readonly drawn = new Map<string, Drawn>();

  /** Number of drawn features. */
  get size(): number {
    return this.drawn.size;
  }

  ids(): string[] {
    return [...this.drawn.keys()];
  }

  has(id: string): boolean {
    return this.drawn.has(id);
  }

  feature(id: string): OverlayFeature | undefined {
    return this.drawn.get(id)?.feature;
  }

  /** Diffs the drawn features' signatures against `next`. */
  protected planAgainst(next: ReadonlyArray<KeyedFeature<OverlayFeature>>): ReconcilePlan<OverlayFeature> {
    const current = new Map<string, string>();
    for (const [id, drawn] of this.drawn) current.set(id, drawn.signature);
    return planReconcile(current, next);
  }
}
