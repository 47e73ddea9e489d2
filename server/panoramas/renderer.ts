/**
 * The renderer of the sample panoramas (issue 18): equirectangular images and depth maps drawn from the map's own
 * 3D scene — the DEM's terrain, the building store's footprints extruded as the 3D Tiles extrude them and the
 * relief base map's street plan (scene.ts) — after the convention of core/contracts/equirectangular.ts, ray cast
 * column by column (renderCaster.ts), every image marked as rendered, not photographed (renderLabel.ts).
 * See server/panoramas/CONTEXT.md, "The renderer".
 */
import jpeg from 'jpeg-js';
import { encodeDepthMap, type PanoramaPose } from '../../core/contracts/equirectangular';
import type { BuildingStore } from '../buildings/store';
import { getDemSampler, type DemSampler } from '../terrain/dem';
import { getStreetVectors } from '../terrain/vectors';
import { burnRenderedNotice } from './renderLabel';
import { colourDrawing, depthDrawing, drawInSlices } from './renderPanorama';
import { buildPanoramaScene, type PanoramaScene } from './scene';

export interface PanoramaRendererSources {
  /** The data folder (data/): the DEM and the street plan's sources. */
  dataDir: string;
  /** The building store the 3D Tiles are made from. */
  buildings: BuildingStore;
}

export interface PanoramaRenderer {
  /** Changes whenever the drawing changes, so cached files of an older look are never served (a cache folder name). */
  readonly version: string;
  /** A JPEG of `width` × `width / 2` pixels (width a multiple of 2, 256–8192), marked as rendered, not photographed. */
  image(pose: PanoramaPose, width: number): Promise<Uint8Array>;
  /** A depth map of `width` × `height` (`height = width / 2`) in core/contracts/equirectangular.ts's DEPTH_ENCODING. */
  depth(pose: PanoramaPose, width: number): Promise<Uint8Array>;
  /** The ground's height under a place, metres (the terrain's height system), null outside the DEM. */
  groundHeight(longitude: number, latitude: number): number | null;
}

/** Bump when the look or the geometry of the rendered panoramas changes: it names their cache folder. */
export const PANORAMA_RENDERER_VERSION = 'render-5';
export const MIN_PANORAMA_WIDTH = 256;
export const MAX_PANORAMA_WIDTH = 8192;
/** JPEG quality of the rendered images (jpeg-js, 1–100). */
const JPEG_QUALITY = 82;
/** Scenes kept for the image and depth requests of the same pose (the oldest goes first). */
const SCENES_KEPT = 4;

/** Throws a RangeError naming what is wrong with a requested width. */
export function checkPanoramaWidth(width: number): void {
  if (!Number.isInteger(width) || width % 2 !== 0 || width < MIN_PANORAMA_WIDTH || width > MAX_PANORAMA_WIDTH) {
    throw new RangeError(`A panorama's width is an even whole number of pixels from ${MIN_PANORAMA_WIDTH} to ${MAX_PANORAMA_WIDTH}, not ${width}`);
  }
}

/** Throws a RangeError naming what is wrong with a pose (not finite, or a place the DEM does not cover). */
export function checkPanoramaPose(pose: PanoramaPose, dem: DemSampler): void {
  for (const field of ['longitude', 'latitude', 'heightMeters', 'headingDegrees'] as const) {
    if (typeof pose[field] !== 'number' || !Number.isFinite(pose[field])) throw new RangeError(`A panorama pose's ${field} is a finite number, not ${String(pose[field])}`);
  }
  if (dem.heightAt(pose.longitude, pose.latitude) === null) {
    throw new RangeError(`The terrain (DEM) does not cover the panorama position ${pose.longitude}, ${pose.latitude}`);
  }
}

export function createPanoramaRenderer(sources: PanoramaRendererSources): PanoramaRenderer {
  let dem: DemSampler | null = null;
  // Loaded on first use (about a second each): a server that never renders a panorama never reads them here.
  const demSampler = () => (dem ??= getDemSampler(sources.dataDir));
  // An image and its depth map are asked for separately: keep the last few scenes.
  const scenes = new Map<string, Promise<PanoramaScene>>();
  const sceneOf = async (pose: PanoramaPose): Promise<PanoramaScene> => {
    checkPanoramaPose(pose, demSampler());
    // The store's version is in the key: a changed store draws its new buildings.
    const storeVersion = await sources.buildings.version();
    const key = [storeVersion, pose.longitude, pose.latitude, pose.heightMeters, pose.headingDegrees].join(',');
    let scene = scenes.get(key);
    if (!scene) {
      scene = buildPanoramaScene({ dem: demSampler(), vectors: () => getStreetVectors(sources.dataDir), buildings: sources.buildings }, pose);
      // A failed scene is not kept: the next request tries again.
      scene.catch(() => scenes.delete(key));
      scenes.set(key, scene);
      if (scenes.size > SCENES_KEPT) scenes.delete(scenes.keys().next().value as string);
    }
    return scene;
  };

  return {
    version: PANORAMA_RENDERER_VERSION,
    async image(pose, width) {
      checkPanoramaWidth(width);
      const scene = await sceneOf(pose);
      const rgba = await drawInSlices(colourDrawing(scene, width));
      burnRenderedNotice(rgba, width);
      return new Uint8Array(jpeg.encode({ data: rgba, width, height: width / 2 }, JPEG_QUALITY).data);
    },
    async depth(pose, width) {
      checkPanoramaWidth(width);
      const scene = await sceneOf(pose);
      return encodeDepthMap(await drawInSlices(depthDrawing(scene, width)), width, width / 2);
    },
    groundHeight: (longitude, latitude) => demSampler().heightAt(longitude, latitude),
  };
}
