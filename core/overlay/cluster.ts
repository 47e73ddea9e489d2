/**
 * The pure rules of marker clustering and depth-test control (SPEC §4, §9): when a layer clusters, the index
 * zoom that makes the cluster radius about `pixelRange` screen pixels at the camera's height, the cluster sum,
 * the fly-to height of a clicked cluster and when depth test is switched off. No Cesium here: the drawer feeds
 * these with camera figures.
 */
import type { OverlayManifest } from '../manifests/schemas';

/** SPEC §9 defaults (also the schema's). */
export const DEFAULT_PIXEL_RANGE = 75;
export const DEFAULT_MINIMUM_CLUSTER_SIZE = 3;
export const DEFAULT_FLY_TO_MAXIMUM_HEIGHT_METERS = 3230;

/** Equatorial circumference of the WGS84 ellipsoid, metres (web-mercator zoom 0 spans it). */
const EQUATOR_METERS = 40_075_016.686;
/** Width of one index tile, pixels: a cluster radius of `pixelRange` is measured against it. */
export const INDEX_TILE_PIXELS = 256;
/** Deepest index zoom: at HK's latitude about 0.6 m per pixel, i.e. a camera a few hundred metres up. */
export const INDEX_MAXIMUM_ZOOM = 18;

/**
 * What a drawn feature's billboard looks like, for the "single billboard kind" rule: the icon URL it resolves
 * to, or the built-in symbol's name. Colour and rotation do not make a different kind (a wind layer's arrows
 * are one kind whatever their colour and bearing); a feature drawn without a billboard (label only, or no
 * arrow for 'Calm') has no kind and does not count.
 */
export type BillboardKind = string;

/**
 * Clustering applies only when the manifest enables it, the device is not mobile (touch support) and every
 * drawn billboard of the layer is of one kind (SPEC §4). A layer with no billboard at all has nothing to cluster.
 */
export function clusteringApplies(manifest: Pick<OverlayManifest, 'cluster'>, kinds: Iterable<BillboardKind | null>, mobile: boolean): boolean {
  if (manifest.cluster?.enabled !== true || mobile) return false;
  return hasSingleBillboardKind(kinds);
}

/** True when the non-null kinds are all equal and there is at least one. */
export function hasSingleBillboardKind(kinds: Iterable<BillboardKind | null>): boolean {
  let only: BillboardKind | null = null;
  for (const kind of kinds) {
    if (kind === null) continue;
    if (only === null) only = kind;
    else if (kind !== only) return false;
  }
  return only !== null;
}

/** What the camera looks like to the clustering rules. */
export interface CameraFigures {
  /** Camera height above the ellipsoid, metres. */
  heightMeters: number;
  /** Latitude under the camera, degrees (mercator pixels shrink with its cosine). */
  latitudeDegrees: number;
  /** Drawing buffer height, CSS pixels. */
  viewportHeightPixels: number;
  /** Vertical field of view, radians. */
  fovyRadians: number;
}

/** Ground metres one screen pixel covers straight below a camera looking down. */
export function metersPerPixel(camera: CameraFigures): number {
  return (2 * Math.max(camera.heightMeters, 1) * Math.tan(camera.fovyRadians / 2)) / Math.max(camera.viewportHeightPixels, 1);
}

/**
 * The (fractional) web-mercator zoom at which one index pixel is as large as one screen pixel at the camera's
 * height, so that an index radius of `pixelRange` index pixels is about `pixelRange` screen pixels.
 */
export function zoomForCamera(camera: CameraFigures): number {
  const cosLatitude = Math.max(Math.cos((camera.latitudeDegrees * Math.PI) / 180), 1e-6);
  return Math.log2((EQUATOR_METERS * cosLatitude) / (INDEX_TILE_PIXELS * metersPerPixel(camera)));
}

/** The integer index zoom to query: the nearest one, within the index's range. */
export function indexZoomForCamera(camera: CameraFigures): number {
  return Math.min(INDEX_MAXIMUM_ZOOM + 1, Math.max(0, Math.round(zoomForCamera(camera))));
}

/** The camera height (looking down) at which {@link zoomForCamera} gives `zoom`; inverse of it. */
export function heightForZoom(zoom: number, camera: Omit<CameraFigures, 'heightMeters'>): number {
  const cosLatitude = Math.max(Math.cos((camera.latitudeDegrees * Math.PI) / 180), 1e-6);
  const metersPerPixelAtZoom = (EQUATOR_METERS * cosLatitude) / (INDEX_TILE_PIXELS * 2 ** zoom);
  return (metersPerPixelAtZoom * camera.viewportHeightPixels) / (2 * Math.tan(camera.fovyRadians / 2));
}

/**
 * Height to fly to when a cluster is clicked: just inside the zoom at which the cluster splits (its expansion
 * zoom; the half step keeps rounding from landing on the zoom above), never higher than the cap (3230 m) nor
 * than the camera already is — a click flies in, never out.
 */
export function clusterFlyToHeight(
  expansionZoom: number,
  camera: CameraFigures,
  maximumHeightMeters: number = DEFAULT_FLY_TO_MAXIMUM_HEIGHT_METERS,
): number {
  return Math.min(heightForZoom(expansionZoom + 0.5, camera), maximumHeightMeters, camera.heightMeters);
}

/** What a feature adds to its cluster's sum: its numeric value, or 1 when the value is not a number (SPEC §5). */
export function clusterSumContribution(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 1;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : 1;
  }
  return 1;
}

/** A cluster's label: the sum (or count), whole numbers as they are, others with one decimal. */
export function clusterLabel(total: number): string {
  return Number.isInteger(total) ? String(total) : total.toFixed(1);
}

/** Depth-test control of SPEC §4 as the drawer applies it at a camera height. */
export interface DepthTestState {
  /** Markers drawn through terrain (disableDepthTestDistance = infinity). */
  depthTestOff: boolean;
  /** Clusters hidden and every marker shown individually. */
  clustersHidden: boolean;
}

/**
 * Below the layer's `depthTestControl.distance` depth test is off (markers are not hidden by terrain) and, with
 * `hideCluster`, clusters are hidden; above it depth test is on and clustering resumes. A layer without the
 * control keeps depth test off at every height (markers always on top, this engine's default) and never hides
 * its clusters for it.
 */
export function depthTestState(manifest: Pick<OverlayManifest, 'depthTestControl'>, cameraHeightMeters: number): DepthTestState {
  const control = manifest.depthTestControl;
  if (control?.enabled !== true) return { depthTestOff: true, clustersHidden: false };
  const below = cameraHeightMeters < control.distance;
  return { depthTestOff: below, clustersHidden: below && control.hideCluster };
}
