/**
 * The heritage cross-section's line (SPEC §2 layer drawer "heritage cross-section"): a straight line of a given
 * length centred on a declared monument's site, in one of four directions, built on the one measurement geometry
 * (geodesics, core/contracts/geodesy.ts via plugins/measurement/api.ts).
 */
import { geodesicDirect, type LonLat } from '../measurement/api';

/** The directions offered, by the azimuth of the line's end (degrees clockwise from north); the start is opposite. */
export const HERITAGE_DIRECTIONS = [
  { id: 'south-north', azimuthDegrees: 0 },
  { id: 'southwest-northeast', azimuthDegrees: 45 },
  { id: 'west-east', azimuthDegrees: 90 },
  { id: 'northwest-southeast', azimuthDegrees: 135 },
] as const;
export type HeritageDirection = (typeof HERITAGE_DIRECTIONS)[number]['id'];

/** Long enough to show the monument's setting (the street, the slope behind), short enough to read each building. */
export const HERITAGE_LINE_METRES = 600;

/** The two ends of a line of `lengthMetres` through `centre`, running towards `azimuthDegrees`. */
export function lineThrough(centre: LonLat, azimuthDegrees: number, lengthMetres = HERITAGE_LINE_METRES): [LonLat, LonLat] {
  const half = lengthMetres / 2;
  const start = geodesicDirect(centre, (azimuthDegrees + 180) % 360, half);
  const end = geodesicDirect(centre, azimuthDegrees, half);
  return [
    { longitude: start.longitude, latitude: start.latitude },
    { longitude: end.longitude, latitude: end.latitude },
  ];
}

export function directionAzimuth(direction: HeritageDirection): number {
  return HERITAGE_DIRECTIONS.find((each) => each.id === direction)?.azimuthDegrees ?? 0;
}
