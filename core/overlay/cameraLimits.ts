/**
 * Camera limits while an overlay is shown (manifest `cameraLimits`; SPEC §9 lot and GLA mode: height 500 m,
 * pitch -25°): the camera stays at or below the height and always looks at least that far down. The limits
 * are enforced three ways: Cesium's own zoom-out and tilt limits during a gesture, a clamp after every camera
 * move (moveEnd), and a flight down when the overlay is switched on above the height. The previous controller
 * limits come back when the last limiting overlay is hidden.
 */
import type { Viewer } from 'cesium';
import type { MapHost } from '../map/mapHost';

/** Manifest `cameraLimits`. */
export interface CameraLimits {
  /** Highest camera height, metres. */
  maximumHeightMeters?: number;
  /** Highest pitch, degrees (-25: at least 25° down). */
  maximumPitchDegrees?: number;
}

/** A camera pose in the units the limits use. */
export interface CameraPose {
  heightMeters: number;
  pitchDegrees: number;
}

/** The strictest of several overlays' limits (the lowest height and the lowest pitch). */
export function combineCameraLimits(all: readonly CameraLimits[]): CameraLimits {
  const heights = all.map((l) => l.maximumHeightMeters).filter((h): h is number => h !== undefined);
  const pitches = all.map((l) => l.maximumPitchDegrees).filter((p): p is number => p !== undefined);
  return {
    ...(heights.length > 0 ? { maximumHeightMeters: Math.min(...heights) } : {}),
    ...(pitches.length > 0 ? { maximumPitchDegrees: Math.min(...pitches) } : {}),
  };
}

/**
 * Slack before a pose counts as outside the limits (metres, degrees): a clamped camera reads back a hair off its
 * limit, and clamping that again would answer every moveEnd with another move.
 */
export const CAMERA_LIMIT_TOLERANCE = 0.01;

/** The pose within the limits, or null when the pose already is within them. */
export function clampCameraPose(pose: CameraPose, limits: CameraLimits): CameraPose | null {
  const { maximumHeightMeters: maxHeight, maximumPitchDegrees: maxPitch } = limits;
  const tooHigh = maxHeight !== undefined && pose.heightMeters > maxHeight + CAMERA_LIMIT_TOLERANCE;
  const tooLevel = maxPitch !== undefined && pose.pitchDegrees > maxPitch + CAMERA_LIMIT_TOLERANCE;
  if (!tooHigh && !tooLevel) return null;
  return { heightMeters: tooHigh ? maxHeight! : pose.heightMeters, pitchDegrees: tooLevel ? maxPitch! : pose.pitchDegrees };
}

/** Seconds of the flight down when a limiting overlay is switched on above its height. */
const FLY_DOWN_SECONDS = 1.5;
/** Seconds of the flight that frames an overlay's features when it is switched on. */
const FRAME_FLIGHT_SECONDS = 2;

/** Applies the limits of every shown overlay that has some; one per engine. */
export class CameraLimitController {
  private readonly owners = new Map<string, CameraLimits>();
  private saved: { maximumZoomDistance: number; maximumTiltAngle: number | undefined } | null = null;
  private removeMoveListener: (() => void) | null = null;

  constructor(private readonly host: MapHost) {}

  /** Limits of one overlay, or null when it no longer limits the camera (hidden). */
  set(ownerId: string, limits: CameraLimits | null): void {
    const had = this.owners.has(ownerId);
    if (limits && (limits.maximumHeightMeters !== undefined || limits.maximumPitchDegrees !== undefined)) this.owners.set(ownerId, limits);
    else if (had) this.owners.delete(ownerId);
    else return;
    this.apply(limits !== null && !had);
  }

  /** The limits now in force, or null. */
  active(): CameraLimits | null {
    return this.owners.size === 0 ? null : combineCameraLimits([...this.owners.values()]);
  }

  dispose(): void {
    this.owners.clear();
    this.apply(false);
  }

  /**
   * Flies to frame the group of `features` nearest the centre of the view, within the limits now in force
   * ({@link frameNearestGroup}); stays when one is in view already. Returns the view flown to, or null.
   */
  frame(features: readonly FramedFeature[], groupRadiusMeters: number): FramingView | null {
    const viewer = this.viewer();
    const Cesium = this.host.cesium();
    if (!viewer || !Cesium) return null;
    const camera = viewer.camera;
    const canvas = viewer.scene.canvas;
    const centre = camera.pickEllipsoid(new Cesium.Cartesian2(canvas.clientWidth / 2, canvas.clientHeight / 2));
    const at = centre ? Cesium.Cartographic.fromCartesian(centre) : camera.positionCartographic;
    const from = {
      longitude: Cesium.Math.toDegrees(at.longitude),
      latitude: Cesium.Math.toDegrees(at.latitude),
      heightMeters: camera.positionCartographic.height,
    };
    const view = frameNearestGroup(features, from, this.active() ?? {}, { groupRadiusMeters });
    if (!view) return null;
    camera.flyTo({
      destination: Cesium.Cartesian3.fromDegrees(view.longitude, view.latitude, view.heightMeters),
      orientation: { heading: Cesium.Math.toRadians(view.headingDegrees), pitch: Cesium.Math.toRadians(view.pitchDegrees), roll: 0 },
      duration: FRAME_FLIGHT_SECONDS,
    });
    viewer.scene.requestRender();
    return view;
  }

  private viewer(): Viewer | null {
    return this.host.viewer() as Viewer | null;
  }

  private apply(justSwitchedOn: boolean): void {
    const viewer = this.viewer();
    const Cesium = this.host.cesium();
    const limits = this.active();
    if (!viewer || !Cesium) return;
    const controller = viewer.scene.screenSpaceCameraController;
    if (!limits) {
      if (this.saved) {
        controller.maximumZoomDistance = this.saved.maximumZoomDistance;
        controller.maximumTiltAngle = this.saved.maximumTiltAngle;
        this.saved = null;
      }
      this.removeMoveListener?.();
      this.removeMoveListener = null;
      return;
    }
    this.saved ??= { maximumZoomDistance: controller.maximumZoomDistance, maximumTiltAngle: controller.maximumTiltAngle };
    controller.maximumZoomDistance = limits.maximumHeightMeters ?? this.saved.maximumZoomDistance;
    // Tilt is measured from straight down, so a pitch limit of -25° is a tilt limit of 65°.
    controller.maximumTiltAngle =
      limits.maximumPitchDegrees !== undefined ? Cesium.Math.toRadians(90 + limits.maximumPitchDegrees) : this.saved.maximumTiltAngle;
    // At move ends only: a correction mid-flight would cut short the flight that frames the layer's features.
    this.removeMoveListener ??= this.host.onCameraChanged((_state, change) => {
      if (change.moveEnded) this.clamp(false);
    });
    this.clamp(justSwitchedOn);
  }

  private clamp(fly: boolean): void {
    const viewer = this.viewer();
    const Cesium = this.host.cesium();
    const limits = this.active();
    if (!viewer || !Cesium || !limits) return;
    const camera = viewer.camera;
    const where = camera.positionCartographic;
    const pose = { heightMeters: where.height, pitchDegrees: Cesium.Math.toDegrees(camera.pitch) };
    const clamped = clampCameraPose(pose, limits);
    if (!clamped) return;
    // Flying down from high up, go over the place at the centre of the view (a tilted camera far up stands
    // kilometres away from what it looks at); a small correction stays where the camera is.
    const canvas = viewer.scene.canvas;
    const centre = fly ? camera.pickEllipsoid(new Cesium.Cartesian2(canvas.clientWidth / 2, canvas.clientHeight / 2)) : undefined;
    const over = centre ? Cesium.Cartographic.fromCartesian(centre) : where;
    const destination = Cesium.Cartesian3.fromRadians(over.longitude, over.latitude, clamped.heightMeters);
    const orientation = { heading: camera.heading, pitch: Cesium.Math.toRadians(clamped.pitchDegrees), roll: camera.roll };
    if (fly) camera.flyTo({ destination, orientation, duration: FLY_DOWN_SECONDS });
    else camera.setView({ destination, orientation });
    viewer.scene.requestRender();
  }
}

/** A place drawn by an overlay, as the framing sees it: its corners, degrees. */
export interface FramedFeature {
  /** Every vertex of the feature (a point is one), [longitude, latitude] in degrees. */
  coordinates: ReadonlyArray<readonly [number, number]>;
}

/** Where the camera goes to frame a group of features (degrees, metres). */
export interface FramingView {
  longitude: number;
  latitude: number;
  heightMeters: number;
  headingDegrees: number;
  pitchDegrees: number;
  /** How many features the view frames. */
  framed: number;
}

const EARTH_RADIUS_METERS = 6_371_000;

/** Metres between two places (equirectangular; exact enough over a few kilometres). */
function distanceMeters(a: readonly [number, number], b: readonly [number, number]): number {
  const latitude = (((a[1] + b[1]) / 2) * Math.PI) / 180;
  const dx = (((b[0] - a[0]) * Math.PI) / 180) * Math.cos(latitude) * EARTH_RADIUS_METERS;
  const dy = (((b[1] - a[1]) * Math.PI) / 180) * EARTH_RADIUS_METERS;
  return Math.hypot(dx, dy);
}

function centreOf(feature: FramedFeature): [number, number] {
  const count = feature.coordinates.length;
  return [feature.coordinates.reduce((sum, c) => sum + c[0], 0) / count, feature.coordinates.reduce((sum, c) => sum + c[1], 0) / count];
}

/** Pitch of the framing view when the limits allow it, degrees: a three-quarter view that reads both outlines and heights. */
export const FRAMING_PITCH_DEGREES = -45;
/** Half the vertical field of view the framing assumes, degrees (Cesium's default field of view is 60°). */
const HALF_FIELD_OF_VIEW_DEGREES = 30;

/**
 * The view that frames the group of features nearest to `from` (the place at the centre of the view): the
 * nearest feature and every feature whose centre lies within `groupRadiusMeters` of its centre. The camera looks
 * north at {@link FRAMING_PITCH_DEGREES} (or steeper when the limits ask for it) from as far as the group needs,
 * but never above the height limit. Null when there is nothing to frame, or when the nearest feature is already
 * within `inViewMeters` of `from` and the camera (`fromHeightMeters`) is within the height limit: the user is
 * already looking at it, so the camera stays.
 */
export function frameNearestGroup(
  features: readonly FramedFeature[],
  from: { longitude: number; latitude: number; heightMeters: number },
  limits: CameraLimits,
  options: { groupRadiusMeters: number; inViewMeters?: number },
): FramingView | null {
  const usable = features.filter((feature) => feature.coordinates.length > 0 && feature.coordinates.every((c) => Number.isFinite(c[0]) && Number.isFinite(c[1])));
  if (usable.length === 0) return null;
  const here: [number, number] = [from.longitude, from.latitude];
  const centres = usable.map(centreOf);
  let nearest = 0;
  for (let i = 1; i < centres.length; i++) if (distanceMeters(here, centres[i]) < distanceMeters(here, centres[nearest])) nearest = i;
  const withinHeight = limits.maximumHeightMeters === undefined || from.heightMeters <= limits.maximumHeightMeters + CAMERA_LIMIT_TOLERANCE;
  if (withinHeight && distanceMeters(here, centres[nearest]) <= (options.inViewMeters ?? 300)) return null;

  const group = usable.filter((_, i) => distanceMeters(centres[nearest], centres[i]) <= options.groupRadiusMeters);
  const corners = group.flatMap((feature) => feature.coordinates);
  const west = Math.min(...corners.map((c) => c[0]));
  const east = Math.max(...corners.map((c) => c[0]));
  const south = Math.min(...corners.map((c) => c[1]));
  const north = Math.max(...corners.map((c) => c[1]));
  const halfSpan = distanceMeters([west, south], [east, north]) / 2;

  const pitchDegrees = Math.min(FRAMING_PITCH_DEGREES, limits.maximumPitchDegrees ?? FRAMING_PITCH_DEGREES);
  const down = (-pitchDegrees * Math.PI) / 180;
  const needed = Math.max(halfSpan, 50) / Math.tan((HALF_FIELD_OF_VIEW_DEGREES * Math.PI) / 180);
  const allowed = limits.maximumHeightMeters === undefined ? needed : limits.maximumHeightMeters / Math.sin(down);
  const range = Math.min(needed, allowed);
  // The whole group fits: look at its middle. It does not (the height limit): look at the nearest feature, with
  // as much of its group around it as the limit allows, so the view never centres on the gap between features.
  const centre: [number, number] = needed <= allowed ? [(west + east) / 2, (south + north) / 2] : centres[nearest];
  const heightMeters = range * Math.sin(down);
  const backMeters = range * Math.cos(down);
  // Stand south of the centre, looking north at it.
  const latitude = centre[1] - (backMeters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  return { longitude: centre[0], latitude, heightMeters, headingDegrees: 0, pitchDegrees, framed: group.length };
}

/** The vertices of GeoJSON features (points, lines, polygons and their multi forms); others are skipped. */
export function framedFeaturesOf(geojson: unknown): FramedFeature[] {
  const features = (geojson as { features?: unknown })?.features;
  if (!Array.isArray(features)) return [];
  const vertices = (value: unknown): Array<[number, number]> => {
    if (!Array.isArray(value)) return [];
    if (value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number') return [[value[0], value[1]]];
    return value.flatMap(vertices);
  };
  return features
    .map((feature) => ({ coordinates: vertices((feature as { geometry?: { coordinates?: unknown } })?.geometry?.coordinates) }))
    .filter((feature) => feature.coordinates.length > 0);
}
