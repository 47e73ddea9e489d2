/**
 * The clustering benchmark's page (built by bench/cluster.ts into a temp folder, never into dist/). Cesium comes
 * from its prebuilt Build/Cesium/Cesium.js as the `Cesium` global, so this bundle holds only our drawer.
 *
 * `window.__clusterBench.run({ engine, count, moves, budgetMs })` draws `count` seeded random points over Hong Kong with
 * our MarkerDrawer (clustering on) or with Cesium Entities + EntityCluster (the same options), then makes the
 * same camera moves and returns per move the re-cluster time and the frame time (viewer.render() plus
 * gl.finish(), so SwiftShader's drawing is inside the figure). Moves stop early (after at least
 * {@link MINIMUM_MOVES}) once `budgetMs` has passed since the first, so the slow baseline stays bounded.
 */
import { overlayManifestSchema } from '../../core/manifests/schemas';
import { ClusterIndex } from '../../core/overlay/clusterIndex';
import { toKeyedFeatures, type OverlayFeatureCollection } from '../../core/overlay/features';
import { MarkerDrawer, manifestMarkerStyle } from '../../core/overlay/markerDrawer';
import { symbolImage } from '../../core/overlay/symbols';
import { mulberry32 } from '../../server/data/seededRandom';
import { Cesium, createBareViewer, glOf } from '../cesiumPageViewer';

/** SPEC §9 cluster settings, for both engines. */
const PIXEL_RANGE = 75;
const MINIMUM_CLUSTER_SIZE = 3;
/** Hong Kong (issue 4's benchmark area), degrees. */
const WEST = 113.83;
const EAST = 114.41;
const SOUTH = 22.15;
const NORTH = 22.56;
const POINT_RGB = [224, 60, 49] as const;
const POINT_PIXELS = 10;
/** Fewest moves made whatever the budget. */
const MINIMUM_MOVES = 3;

interface RunOptions {
  engine: 'ours' | 'entities';
  count: number;
  moves: number;
  /** Time for the moves, ms. */
  budgetMs: number;
}

function overBudget(made: number, since: number, budgetMs: number): boolean {
  return made >= MINIMUM_MOVES && performance.now() - since > budgetMs;
}

export interface MoveFigures {
  reclusterMs: number;
  frameMs: number;
  /** Re-clusters that ran during the move (the baseline's must be 1 for its figure to count). */
  reclusters: number;
  clusters: number;
}

export interface RunFigures {
  engine: 'ours' | 'entities';
  count: number;
  setupMs: number;
  /** Ours only: building the supercluster index alone. */
  indexBuildMs: number | null;
  moves: MoveFigures[];
}

function randomPoints(count: number): Array<[number, number]> {
  // Mulberry32, the sample-data generator: the same points in both runs.
  const random = mulberry32(20261121);
  return Array.from({ length: count }, () => [WEST + random() * (EAST - WEST), SOUTH + random() * (NORTH - SOUTH)]);
}

/** The camera path: zooms in from 60 km to 1.5 km and out again, panning across the territory. */
function cameraPath(moves: number): Array<{ longitude: number; latitude: number; height: number }> {
  const heights = [60_000, 40_000, 25_000, 15_000, 9_000, 5_000, 3_000, 1_500, 3_000, 6_000, 12_000, 25_000];
  return Array.from({ length: moves }, (_, index) => ({
    longitude: 114.12 + 0.08 * Math.sin(index * 0.9),
    latitude: 22.35 + 0.05 * Math.cos(index * 0.7),
    height: heights[index % heights.length],
  }));
}

function createViewer(): import('cesium').Viewer {
  const viewer = createBareViewer(document.getElementById('map')!);
  viewer.scene.globe.baseColor = Cesium.Color.fromCssColorString('#203040');
  return viewer;
}

function setCamera(viewer: import('cesium').Viewer, view: { longitude: number; latitude: number; height: number }): void {
  viewer.camera.setView({
    destination: Cesium.Cartesian3.fromDegrees(view.longitude, view.latitude, view.height),
    orientation: { heading: 0, pitch: -Cesium.Math.PI_OVER_TWO, roll: 0 },
  });
}

/** Renders until the globe's tiles are in (and `ready()`), at most `limitMs`. */
async function settle(viewer: import('cesium').Viewer, ready: () => boolean, limitMs: number): Promise<void> {
  const until = performance.now() + limitMs;
  do {
    viewer.render();
    await new Promise((resolve) => setTimeout(resolve, 10));
  } while ((!viewer.scene.globe.tilesLoaded || !ready()) && performance.now() < until);
  console.info(`progress: settled in ${(performance.now() - until + limitMs).toFixed(0)} ms`);
}

function timedRender(viewer: import('cesium').Viewer): number {
  const gl = glOf(viewer);
  const started = performance.now();
  viewer.render();
  gl.finish();
  return performance.now() - started;
}

async function runOurs(viewer: import('cesium').Viewer, points: Array<[number, number]>, { moves, budgetMs }: RunOptions): Promise<RunFigures> {
  const manifest = overlayManifestSchema.parse({
    id: 'bench',
    mode: 'GEOJSON',
    name: { 'en-US': 'Bench', 'zh-HK': 'Bench', 'zh-CN': 'Bench' },
    url: '/bench',
    display: { kind: 'point', colour: `rgb(${POINT_RGB.join(',')})`, pointSizePixels: POINT_PIXELS },
    cluster: { enabled: true, pixelRange: PIXEL_RANGE, minimumClusterSize: MINIMUM_CLUSTER_SIZE },
  });
  const collection: OverlayFeatureCollection = {
    type: 'FeatureCollection',
    features: points.map(([longitude, latitude]) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [longitude, latitude] },
      properties: {},
    })),
  };
  const path = cameraPath(moves);
  setCamera(viewer, path[0]);
  const setupStarted = performance.now();
  const drawer = new MarkerDrawer(Cesium, viewer.scene, manifest, manifestMarkerStyle(manifest), { mobile: false });
  drawer.apply(toKeyedFeatures('bench', collection));
  const setupMs = performance.now() - setupStarted;

  const indexStarted = performance.now();
  new ClusterIndex({ pixelRange: PIXEL_RANGE, minimumClusterSize: MINIMUM_CLUSTER_SIZE }).load(
    points.map(([longitude, latitude]) => ({ longitude, latitude, weight: 1 })),
  );
  const indexBuildMs = performance.now() - indexStarted;

  await settle(viewer, () => true, 8_000);
  const figures: MoveFigures[] = [];
  const movesStarted = performance.now();
  for (const view of path) {
    if (overBudget(figures.length, movesStarted, budgetMs)) break;
    setCamera(viewer, view);
    const started = performance.now();
    drawer.updateForCamera();
    const reclusterMs = performance.now() - started;
    figures.push({ reclusterMs, frameMs: timedRender(viewer), reclusters: 1, clusters: drawer.clusters });
  }
  drawer.destroy();
  return { engine: 'ours', count: points.length, setupMs, indexBuildMs, moves: figures };
}

interface EntityClusterInternals {
  _cluster: (amount?: number) => void;
  _removeEventListener: () => void;
  /** A cluster is drawn as a label with its count; emptied and refilled by each re-cluster. */
  _clusterLabelCollection?: { length: number };
}

async function runEntities(viewer: import('cesium').Viewer, points: Array<[number, number]>, { moves, budgetMs }: RunOptions): Promise<RunFigures> {
  const dataSource = viewer.dataSourceDisplay.defaultDataSource;
  const clustering = dataSource.clustering;
  clustering.pixelRange = PIXEL_RANGE;
  clustering.minimumClusterSize = MINIMUM_CLUSTER_SIZE;
  clustering.enabled = true;
  // Time EntityCluster's re-cluster: it runs from camera.changed (and from its update when dirty); wrap it.
  const internals = clustering as unknown as EntityClusterInternals;
  const original = internals._cluster;
  let reclusterMs = 0;
  let reclusters = 0;
  const timed = (amount?: number) => {
    const started = performance.now();
    original(amount);
    reclusterMs += performance.now() - started;
    reclusters += 1;
  };
  internals._removeEventListener();
  internals._cluster = timed;
  internals._removeEventListener = viewer.camera.changed.addEventListener(timed);
  // Every one of our moves must count as a change for the baseline (its default is half the view).
  viewer.camera.percentageChanged = 0.05;

  const image = symbolImage('circle', POINT_RGB, POINT_PIXELS, null);
  const path = cameraPath(moves);
  setCamera(viewer, path[0]);
  const setupStarted = performance.now();
  viewer.entities.suspendEvents();
  for (const [longitude, latitude] of points) {
    viewer.entities.add({
      position: Cesium.Cartesian3.fromDegrees(longitude, latitude),
      billboard: {
        image: image.canvas,
        // Not clamped to the ground, unlike ours: 100,000 clamped entity billboards take minutes to first draw on
        // SwiftShader. The baseline gets the cheaper setting, so the ratio errs in its favour.
        verticalOrigin: Cesium.VerticalOrigin.CENTER,
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
      },
    });
  }
  viewer.entities.resumeEvents();
  const setupMs = performance.now() - setupStarted;
  console.info(`progress: entities added in ${setupMs.toFixed(0)} ms, first clustered frame next`);
  await settle(viewer, () => viewer.dataSourceDisplay.ready, 10_000);

  const figures: MoveFigures[] = [];
  const movesStarted = performance.now();
  for (const view of path) {
    if (overBudget(figures.length, movesStarted, budgetMs)) break;
    reclusterMs = 0;
    reclusters = 0;
    setCamera(viewer, view);
    const frameMs = timedRender(viewer);
    console.info(`progress: move ${figures.length + 1}: frame ${frameMs.toFixed(0)} ms, re-cluster ${reclusterMs.toFixed(0)} ms`);
    figures.push({
      reclusterMs,
      // The frame without the re-cluster inside it, comparable with ours.
      frameMs: frameMs - reclusterMs,
      reclusters,
      clusters: internals._clusterLabelCollection?.length ?? 0,
    });
  }
  return { engine: 'entities', count: points.length, setupMs, indexBuildMs: null, moves: figures };
}

async function run(options: RunOptions): Promise<RunFigures> {
  const viewer = createViewer();
  const points = randomPoints(options.count);
  return options.engine === 'ours' ? runOurs(viewer, points, options) : runEntities(viewer, points, options);
}

(window as unknown as { __clusterBench: { run: typeof run } }).__clusterBench = { run };
