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
    this.removeMoveListener ??= this.host.onCameraChanged(() => this.clamp(false));
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
