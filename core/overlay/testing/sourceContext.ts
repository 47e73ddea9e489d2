import type { OverlayManifest } from '../../manifests/schemas';
import type { SourceContext } from '../sources/types';
import { createDeferredSceneClock } from '../../map/sceneClock';
import { asCesium, type FakeCesium } from './fakeCesium';

/**
 * A source context over the fake Cesium for source tests: textured mode, English, no fetches, and `calls`
 * recording `drawn` and `failed <n>`. `overrides` replace single members (the resolved URL, a changing mode).
 */
export function fakeSourceContext(
  fake: FakeCesium,
  manifest: OverlayManifest,
  overrides: Partial<SourceContext> = {},
): SourceContext & { calls: string[] } {
  const calls: string[] = [];
  // A clock no map drives: it holds the time a test sets.
  const clock = createDeferredSceneClock();
  return {
    calls,
    manifest,
    cesium: () => asCesium(fake),
    viewer: () => fake.viewer as never,
    requestRender: () => {},
    language: () => 'en-US',
    textured: () => true,
    heightReference: () => 'absolute',
    terrainKind: () => 'adaptive',
    lite: () => false,
    tilesetAppearance: () => null,
    hiddenByTerrain: () => calls.push('hidden by terrain'),
    resolveUrl: () => (typeof manifest.url === 'string' ? manifest.url : ''),
    fetchJson: async () => ({}),
    featureStyle: () => ({ colour: () => [255, 0, 0], label: () => null }),
    drawn: () => calls.push('drawn'),
    failed: (_error, failures) => calls.push(`failed ${failures}`),
    refreshState: () => {},
    featuresChanged: () => {},
    clock: () => clock,
    ...overrides,
  };
}
