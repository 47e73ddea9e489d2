/** The waypoints of a GPX 1.1 file (`<wpt lat lon><ele/><name/></wpt>`), enough for the trail files in data/trails. */
import { decodeXmlEntities } from './xmlEntities';

export interface GpxWaypoint {
  longitude: number;
  latitude: number;
  /** The `<name>` text, entities decoded and trimmed; '' when absent. */
  name: string;
}

/** Parses the waypoints; `source` names the file in errors. */
export function parseGpxWaypoints(xml: string, source: string): GpxWaypoint[] {
  const waypoints: GpxWaypoint[] = [];
  for (const match of xml.matchAll(/<wpt\b([^>]*)>([\s\S]*?)<\/wpt>/g)) {
    const [, attributes, body] = match;
    const latitude = Number(/\blat="([^"]*)"/.exec(attributes)?.[1]);
    const longitude = Number(/\blon="([^"]*)"/.exec(attributes)?.[1]);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) {
      throw new Error(`${source}: waypoint without a numeric lat and lon: <wpt${attributes}>`);
    }
    const name = decodeXmlEntities(/<name>([\s\S]*?)<\/name>/.exec(body)?.[1] ?? '').trim();
    waypoints.push({ longitude, latitude, name });
  }
  return waypoints;
}
