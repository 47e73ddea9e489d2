/**
 * GET static/railways: the MTR heavy-rail lines from the MTR's line and station list (data/mtr/stopList.mtr.json,
 * route ids such as `mtrEALLMC-DT1` with each station's index along the route), station names and positions from
 * the station loader. Each route and its reverse run the same track, so one direction is kept; a route that is a
 * stretch of a longer one of the same line adds nothing and is dropped.
 */
import { RAILWAY_LINE_CODES, type RailwayLine, type RailwayLineCode, type RailwayLinesResponse } from '../../core/contracts';
import { lineOfRoute, loadMtrRouteSequences, loadMtrStations, MTR_STATION_FILES } from './mtrStations';

/** Who the line and station list comes from (data/README.md). */
export const RAILWAY_LINES_ATTRIBUTION = 'MTR Corporation; Lands Department (DATA.GOV.HK)';

/** Whether `part` appears in `whole` as consecutive stations, in either direction. */
function isStretchOf(part: readonly string[], whole: readonly string[]): boolean {
  const inOrder = (sequence: readonly string[]) => {
    const text = `|${whole.join('|')}|`;
    return text.includes(`|${sequence.join('|')}|`);
  };
  return inOrder(part) || inOrder([...part].reverse());
}

export function buildRailwayLines(dataDir: string): RailwayLinesResponse {
  const stations = new Map(loadMtrStations(dataDir).map((station) => [station.code, station]));
  const routes = loadMtrRouteSequences(dataDir);
  const branchesByLine = new Map<RailwayLineCode, string[][]>();
  // Longest routes first, so a shorter one is checked against the ones kept; ties in route-id order (DT before UT).
  const ordered = [...routes].sort(([a, first], [b, second]) => second.length - first.length || (a < b ? -1 : 1));
  for (const [routeId, sequence] of ordered) {
    const line = lineOfRoute(routeId);
    if (sequence.length < 2 || sequence.some((code) => !code || !stations.has(code))) {
      throw new Error(`data/${MTR_STATION_FILES.stations}: route ${routeId} has a gap or an unknown station`);
    }
    const kept = branchesByLine.get(line) ?? [];
    if (!kept.some((branch) => isStretchOf(sequence, branch))) kept.push(sequence);
    branchesByLine.set(line, kept);
  }
  const lines: RailwayLine[] = [];
  for (const code of RAILWAY_LINE_CODES) {
    const branches = branchesByLine.get(code);
    if (!branches) continue;
    const seen = new Set<string>();
    const lineStations: RailwayLine['stations'] = [];
    for (const branch of branches) {
      for (const stationCode of branch) {
        if (seen.has(stationCode)) continue;
        seen.add(stationCode);
        const station = stations.get(stationCode)!;
        lineStations.push({ code: station.code as RailwayLine['stations'][number]['code'], name: station.name, position: [station.longitude, station.latitude] });
      }
    }
    const name = stations.get(branches[0][0])!.lines.find((line) => line.code === code)!.name;
    lines.push({ line: code, name, stations: lineStations, branches: branches as RailwayLine['branches'] });
  }
  return { lines, attribution: RAILWAY_LINES_ATTRIBUTION, sample: false };
}
