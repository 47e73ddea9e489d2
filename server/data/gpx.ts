/** The waypoints of a GPX 1.1 file (`<wpt lat lon><ele/><name/></wpt>`), enough for the trail files in data/trails. */

export interface GpxWaypoint {
  longitude: number;
  latitude: number;
  /** The `<name>` text, entities decoded and trimmed; '' when absent. */
  name: string;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return XML_ENTITIES[entity.toLowerCase()];
  });
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
    const name = decodeXml(/<name>([\s\S]*?)<\/name>/.exec(body)?.[1] ?? '').trim();
    waypoints.push({ longitude, latitude, name });
  }
  return waypoints;
}
