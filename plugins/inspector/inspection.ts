/**
 * What the inspector shows for a picked point and the camera (SPEC §1 "inspector"), as plain strings so the
 * Copy buttons copy exactly what is shown. Numbers use a dot and no grouping in every language: they are
 * coordinates to paste elsewhere.
 *
 * Heights: the portal's terrain (and the buildings standing on it) carry the DEM's heights above the Hong Kong
 * Principal Datum placed directly on the WGS84 ellipsoid (no geoid model ships with the portal), so the height
 * of a picked point in the scene is its height above HKPD; the "ellipsoidal height" row is that same scene
 * height, which differs from a true WGS84 ellipsoidal height by the local geoid separation.
 */
import { toHk1980 } from '../../core/contracts/hk1980';
import { gridReferenceAt } from '../../core/contracts/utmGrid';
import type { CameraState, MapPickResult } from '../../core/plugin/types';

export interface InspectedPoint {
  longitude: number;
  latitude: number;
  heightMeters: number;
  surface: NonNullable<MapPickResult['surface']>;
}

/** One value of the inspector: a message id for its label and the text shown (and copied). */
export interface InspectorRow {
  id: string;
  label: string;
  value: string;
}

const fixed = (value: number, digits: number) => (Object.is(value, -0) ? 0 : value).toFixed(digits);

/** The rows for the clicked point. */
export function pointRows(point: InspectedPoint): InspectorRow[] {
  const [easting, northing] = toHk1980([point.longitude, point.latitude]);
  return [
    { id: 'longitude', label: 'inspector.point.longitude', value: fixed(point.longitude, 7) },
    { id: 'latitude', label: 'inspector.point.latitude', value: fixed(point.latitude, 7) },
    { id: 'ellipsoidalHeight', label: 'inspector.point.ellipsoidalHeight', value: fixed(point.heightMeters, 2) },
    { id: 'easting', label: 'inspector.point.easting', value: fixed(easting, 2) },
    { id: 'northing', label: 'inspector.point.northing', value: fixed(northing, 2) },
    { id: 'heightAboveHkpd', label: 'inspector.point.heightAboveHkpd', value: fixed(point.heightMeters, 2) },
    { id: 'utm', label: 'inspector.point.utm', value: gridReferenceAt(point.longitude, point.latitude) },
  ];
}

/** Heading in 0–360 degrees (Cesium may give 360 - ε or a negative zero). */
export function normaliseHeading(degrees: number): number {
  const heading = ((degrees % 360) + 360) % 360;
  return heading >= 359.95 ? 0 : heading;
}

/** The rows for the camera. */
export function cameraRows(camera: CameraState): InspectorRow[] {
  return [
    { id: 'cameraLongitude', label: 'inspector.camera.longitude', value: fixed(camera.longitude, 7) },
    { id: 'cameraLatitude', label: 'inspector.camera.latitude', value: fixed(camera.latitude, 7) },
    { id: 'cameraHeight', label: 'inspector.camera.height', value: fixed(camera.heightMeters, 1) },
    { id: 'heading', label: 'inspector.camera.heading', value: fixed(normaliseHeading(camera.headingDegrees), 1) },
    { id: 'pitch', label: 'inspector.camera.pitch', value: fixed(camera.pitchDegrees, 1) },
  ];
}
