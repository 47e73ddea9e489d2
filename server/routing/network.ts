/**
 * The MTR heavy-rail network as a graph: the 97 stations (names and positions from the station loader) and, per
 * line, the links between consecutive stations along each of the line's routes in data/mtr/stopList.mtr.json
 * (the MTR's line and station list: each route id such as `mtrTWLDT1` with the station's index along it).
 * Branches (East Rail to Lo Wu and to Lok Ma Chau, Tseung Kwan O to LOHAS Park) come from their own routes.
 * A link's length is the great-circle distance between the two stations: the lines are schematics, not the
 * track alignment.
 */
import type { LocalisedText, RailwayLineCode } from '../../core/contracts';
import { lineOfRoute, loadMtrRouteSequences, loadMtrStations, MTR_STATION_FILES } from '../data/mtrStations';

export interface NetworkStation {
  code: string;
  name: LocalisedText;
  position: [number, number];
  lines: RailwayLineCode[];
}

export interface NetworkLink {
  to: string;
  line: RailwayLineCode;
  metres: number;
}

export interface MtrNetwork {
  stations: ReadonlyMap<string, NetworkStation>;
  lineNames: ReadonlyMap<RailwayLineCode, LocalisedText>;
  /** Links from each station, in both directions. */
  links: ReadonlyMap<string, readonly NetworkLink[]>;
}

const EARTH_RADIUS_METRES = 6_371_008.8;

/** Great-circle (haversine) distance between two lon/lat points on the mean Earth sphere. */
export function greatCircleMetres(a: readonly [number, number], b: readonly [number, number]): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b[1] - a[1]);
  const dLon = toRadians(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a[1])) * Math.cos(toRadians(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}


export function loadMtrNetwork(dataDir: string): MtrNetwork {
  const stations = new Map<string, NetworkStation>();
  const lineNames = new Map<RailwayLineCode, LocalisedText>();
  for (const station of loadMtrStations(dataDir)) {
    stations.set(station.code, {
      code: station.code,
      name: station.name,
      position: [station.longitude, station.latitude],
      lines: station.lines.map((line) => line.code),
    });
    for (const line of station.lines) lineNames.set(line.code, line.name);
  }

  const routes = loadMtrRouteSequences(dataDir);

  const links = new Map<string, NetworkLink[]>([...stations.keys()].map((code) => [code, []]));
  const seen = new Set<string>();
  const addLink = (from: string, to: string, line: RailwayLineCode) => {
    const key = `${from}>${to}@${line}`;
    if (seen.has(key)) return;
    seen.add(key);
    links.get(from)!.push({ to, line, metres: greatCircleMetres(stations.get(from)!.position, stations.get(to)!.position) });
  };
  for (const [routeId, sequence] of [...routes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const line = lineOfRoute(routeId);
    for (let index = 1; index < sequence.length; index += 1) {
      const [previous, next] = [sequence[index - 1], sequence[index]];
      if (!previous || !next || !stations.has(previous) || !stations.has(next)) {
        throw new Error(`data/${MTR_STATION_FILES.stations}: route ${routeId} has a gap or an unknown station at position ${index}`);
      }
      addLink(previous, next, line);
      addLink(next, previous, line);
    }
  }
  return { stations, lineNames, links };
}
