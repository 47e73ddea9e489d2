/**
 * The buildings benchmark's page (bundled by bench/buildings.ts into a temp folder, never into dist/). Cesium is
 * the `Cesium` global of its prebuilt Build/Cesium/Cesium.js, so this bundle holds only the scripted runs.
 *
 * `window.__buildingsBench.run(options)` draws one set of buildings with one engine on a plain globe (no terrain,
 * no imagery: only the buildings cost), then:
 * - time to first complete frame: from the moment the data is handed to Cesium (the tileset URL, or the entities
 *   added) until a frame is drawn with everything in view loaded (tileset `tilesLoaded`; entities: the data
 *   source display's update answering true, i.e. every extruded polygon's geometry built and drawn);
 * - frame time over a scripted flight (a 45° orbit of the covered area, then a pass low over it): each frame is
 *   `viewer.render()` plus a one-pixel `readPixels`, which waits for SwiftShader to finish drawing.
 * The flight stops early (after at least {@link MINIMUM_FRAMES}) once `flightBudgetMs` has passed.
 */

import { Cesium, createBareViewer, glOf } from '../cesiumPageViewer';

/** Fewest flight frames measured whatever the budget. */
const MINIMUM_FRAMES = 5;
const BUILDING_COLOUR = '#e8c39e';

/** One building for the entities run: outer ring as flat [longitude, latitude, ...] degrees, heights in metres. */
export interface BenchBuilding {
  ring: number[];
  baseMetres: number;
  topMetres: number;
}

export interface BenchRunOptions {
  engine: 'tiles' | 'entities';
  /** tiles: the tileset.json URL. */
  tilesetUrl?: string;
  /** tiles: Cesium's maximum screen-space error, pixels. */
  maximumScreenSpaceError?: number;
  /** entities: a JSON array of {@link BenchBuilding}. */
  buildingsUrl?: string;
  /** The flight's centre and the radius of its orbit, degrees and metres. */
  centre: { longitude: number; latitude: number };
  orbitRadiusMetres: number;
  frames: number;
  firstFrameTimeoutMs: number;
  flightBudgetMs: number;
}

export interface BenchRunFigures {
  engine: 'tiles' | 'entities';
  /** Buildings handed to Cesium (entities run) or null (tiles: the tileset decides what it loads). */
  buildings: number | null;
  /** ms, or null when not complete within `firstFrameTimeoutMs`. */
  firstCompleteFrameMs: number | null;
  /** Frames rendered before the first complete one. */
  framesToComplete: number;
  frameMs: number[];
}

function createViewer(): import('cesium').Viewer {
  const viewer = createBareViewer(document.getElementById('map')!, { msaaSamples: 1 });
  viewer.scene.globe.baseColor = Cesium.Color.fromCssColorString('#d3d3d3');
  viewer.scene.globe.showGroundAtmosphere = false;
  viewer.scene.fog.enabled = false;
  return viewer;
}

/** Camera views of the flight: an orbit at 45° around the centre, then a low pass across it. */
function flight(options: BenchRunOptions): Array<{ destination: import('cesium').Cartesian3; heading: number; pitch: number }> {
  const { centre, orbitRadiusMetres, frames } = options;
  const metresPerDegreeLatitude = 110_574;
  const metresPerDegreeLongitude = 111_320 * Math.cos((centre.latitude * Math.PI) / 180);
  const orbitFrames = Math.ceil(frames * 0.7);
  const views = [];
  for (let k = 0; k < frames; k += 1) {
    if (k < orbitFrames) {
      const heading = (2 * Math.PI * k) / orbitFrames;
      // The camera stands back from the centre, looking at it 45° down.
      const height = orbitRadiusMetres;
      const east = -Math.sin(heading) * orbitRadiusMetres;
      const north = -Math.cos(heading) * orbitRadiusMetres;
      views.push({
        destination: Cesium.Cartesian3.fromDegrees(centre.longitude + east / metresPerDegreeLongitude, centre.latitude + north / metresPerDegreeLatitude, height),
        heading,
        pitch: -Math.PI / 4,
      });
    } else {
      const share = (k - orbitFrames) / Math.max(1, frames - orbitFrames - 1);
      const across = (share - 0.5) * 2 * orbitRadiusMetres;
      views.push({
        destination: Cesium.Cartesian3.fromDegrees(centre.longitude + across / metresPerDegreeLongitude, centre.latitude - orbitRadiusMetres / 3 / metresPerDegreeLatitude, 250),
        heading: Math.PI / 8,
        pitch: -Math.PI / 9,
      });
    }
  }
  return views;
}

function timedRender(viewer: import('cesium').Viewer): number {
  const gl = glOf(viewer);
  const pixel = new Uint8Array(4);
  const started = performance.now();
  viewer.render();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  return performance.now() - started;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run(options: BenchRunOptions): Promise<BenchRunFigures> {
  const viewer = createViewer();
  const views = flight(options);
  const setView = (view: (typeof views)[number]) =>
    viewer.camera.setView({ destination: view.destination, orientation: { heading: view.heading, pitch: view.pitch, roll: 0 } });
  setView(views[0]);
  // The globe alone first, so neither engine's figure includes the empty globe's start-up.
  const globeUntil = performance.now() + 10_000;
  do {
    viewer.render();
    await nextTask();
  } while (!viewer.scene.globe.tilesLoaded && performance.now() < globeUntil);

  let buildings: number | null = null;
  let complete: () => boolean;
  let started: number;
  if (options.engine === 'tiles') {
    started = performance.now();
    const tileset = viewer.scene.primitives.add(
      await Cesium.Cesium3DTileset.fromUrl(options.tilesetUrl!, { maximumScreenSpaceError: options.maximumScreenSpaceError }),
    );
    tileset.style = new Cesium.Cesium3DTileStyle({ color: `color('${BUILDING_COLOUR}')` });
    complete = () => tileset.tilesLoaded;
  } else {
    const list = (await (await fetch(options.buildingsUrl!)).json()) as BenchBuilding[];
    buildings = list.length;
    const material = Cesium.Color.fromCssColorString(BUILDING_COLOUR);
    started = performance.now();
    const entities = viewer.entities;
    entities.suspendEvents();
    for (const building of list) {
      entities.add({
        polygon: {
          hierarchy: new Cesium.PolygonHierarchy(Cesium.Cartesian3.fromDegreesArray(building.ring)),
          height: building.baseMetres,
          extrudedHeight: building.topMetres,
          material,
        },
      });
    }
    entities.resumeEvents();
    // `dataSourceDisplay.ready` stays true once the empty display was ready; what each update answers is what
    // says every entity's geometry is built, so the page keeps the last answer.
    const display = viewer.dataSourceDisplay;
    const update = display.update.bind(display);
    let updated = false;
    display.update = (time) => (updated = update(time));
    complete = () => updated;
  }
  console.info(`progress: ${options.engine} handed to Cesium`);
  let firstCompleteFrameMs: number | null = null;
  let framesToComplete = 0;
  const until = started + options.firstFrameTimeoutMs;
  while (performance.now() < until) {
    viewer.render();
    framesToComplete += 1;
    // The frame just drawn had everything: entities report ready after the update that drew them; tiles after
    // the frame whose requests all came back.
    if (complete()) {
      firstCompleteFrameMs = performance.now() - started;
      break;
    }
    await nextTask();
  }
  console.info(`progress: first complete frame ${firstCompleteFrameMs === null ? 'not reached' : `${firstCompleteFrameMs.toFixed(0)} ms`}`);

  const frameMs: number[] = [];
  const flightStarted = performance.now();
  for (const view of views) {
    if (frameMs.length >= MINIMUM_FRAMES && performance.now() - flightStarted > options.flightBudgetMs) break;
    setView(view);
    frameMs.push(timedRender(viewer));
    await nextTask();
  }
  viewer.destroy();
  return { engine: options.engine, buildings, firstCompleteFrameMs, framesToComplete, frameMs };
}

(window as unknown as { __buildingsBench: { run: typeof run } }).__buildingsBench = { run };
