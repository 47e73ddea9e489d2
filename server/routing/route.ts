/**
 * Shortest MTR trips: Dijkstra over (station, line) states. Riding to the next station on the same line costs
 * the link's length; changing line at a station costs INTERCHANGE_PENALTY_METRES (the contract documents it), so
 * the search weighs distance against changes. Ties go to the state found first (links in route-id order), which
 * keeps answers stable. The answer's `distanceMetres` is the riding distance alone.
 */
import {
  INTERCHANGE_PENALTY_METRES,
  type Language,
  type LocalisedText,
  type MtrRouteResponse,
  type MtrStationCode,
  type RailwayLineCode,
} from '../../core/contracts';
import type { MtrNetwork } from './network';

export const MTR_ROUTE_ATTRIBUTION = 'MTR Corporation; Lands Department (DATA.GOV.HK)';

interface State {
  station: string;
  line: RailwayLineCode;
}

const keyOf = (state: State) => `${state.station}@${state.line}`;
const round1 = (value: number) => Math.round(value * 10) / 10;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The cheapest sequence of states from any line at `from` to any line at `to`; null when none reaches it. */
function cheapestStates(network: MtrNetwork, from: string, to: string, penaltyMetres: number): State[] | null {
  const cost = new Map<string, number>();
  const previous = new Map<string, State | null>();
  const states = new Map<string, State>();
  const done = new Set<string>();
  const reach = (state: State, value: number, before: State | null) => {
    const key = keyOf(state);
    if (done.has(key) || value >= (cost.get(key) ?? Infinity)) return;
    cost.set(key, value);
    previous.set(key, before);
    states.set(key, state);
  };
  for (const line of network.stations.get(from)!.lines) reach({ station: from, line }, 0, null);

  // A linear scan for the cheapest open state: the graph has about 130 states, so no heap is needed.
  for (;;) {
    let current: State | undefined;
    let currentCost = Infinity;
    for (const [key, value] of cost) {
      if (!done.has(key) && value < currentCost) {
        current = states.get(key);
        currentCost = value;
      }
    }
    if (!current) return null;
    done.add(keyOf(current));
    if (current.station === to) {
      const path: State[] = [];
      for (let state: State | null = current; state; state = previous.get(keyOf(state)) ?? null) path.unshift(state);
      return path;
    }
    for (const link of network.links.get(current.station) ?? []) {
      if (link.line === current.line) reach({ station: link.to, line: link.line }, currentCost + link.metres, current);
    }
    for (const line of network.stations.get(current.station)!.lines) {
      if (line !== current.line) reach({ station: current.station, line }, currentCost + penaltyMetres, current);
    }
  }
}

const STOP_WORDS: Record<Language, (stops: number) => string> = {
  'en-US': (stops) => `${stops} ${stops === 1 ? 'stop' : 'stops'}`,
  'zh-HK': (stops) => `${stops} 個站`,
  'zh-CN': (stops) => `${stops} 个站`,
};

function instruction(lang: Language, line: LocalisedText, from: LocalisedText, to: LocalisedText, stops: number): string {
  if (lang === 'en-US') return `${line[lang]} from ${from[lang]} to ${to[lang]} (${STOP_WORDS[lang](stops)})`;
  return `乘${line[lang]}由${from[lang]}往${to[lang]}（${STOP_WORDS[lang](stops)}）`;
}

function summary(lang: Language, from: LocalisedText, to: LocalisedText, metres: number, stops: number, changes: LocalisedText[]): string {
  const kilometres = (metres / 1000).toFixed(1);
  if (lang === 'en-US') {
    const change = changes.length === 0 ? 'no change' : `change at ${changes.map((name) => name[lang]).join(', ')}`;
    return `${from[lang]} to ${to[lang]}: ${kilometres} km, ${STOP_WORDS[lang](stops)}, ${change}`;
  }
  const names = changes.map((name) => name[lang]).join('、');
  const change =
    lang === 'zh-HK' ? (changes.length === 0 ? '毋須轉綫' : `於${names}轉綫`) : changes.length === 0 ? '无须转线' : `于${names}转线`;
  return `${from[lang]}至${to[lang]}：${kilometres} 公里，${STOP_WORDS[lang](stops)}，${change}`;
}

/** The shortest trip from one station to another (codes known to the network), or null when none exists. */
export function findMtrRoute(
  network: MtrNetwork,
  from: MtrStationCode,
  to: MtrStationCode,
  lang: Language = 'en-US',
  penaltyMetres: number = INTERCHANGE_PENALTY_METRES,
): MtrRouteResponse | null {
  const path = cheapestStates(network, from, to, penaltyMetres);
  if (!path) return null;
  const station = (code: string) => network.stations.get(code)!;
  const lineName = (line: RailwayLineCode) => network.lineNames.get(line)!;

  // Split the states into rides (same line, next station) and changes (same station, other line).
  const legs: MtrRouteResponse['legs'] = [];
  const interchanges: MtrRouteResponse['interchanges'] = [];
  const stations: MtrRouteResponse['stations'] = [];
  let distance = 0;
  for (let index = 0; index < path.length; index += 1) {
    const state = path[index];
    const next = path[index + 1];
    if (next && next.station === state.station) {
      interchanges.push({ station: state.station as MtrStationCode, name: station(state.station).name, fromLine: state.line, toLine: next.line });
      continue;
    }
    stations.push({
      code: state.station as MtrStationCode,
      name: station(state.station).name,
      line: next ? next.line : state.line,
      position: station(state.station).position.map(round6) as [number, number],
    });
    if (!next) break;
    const metres = network.links.get(state.station)!.find((link) => link.to === next.station && link.line === next.line)!.metres;
    distance += metres;
    const leg = legs[legs.length - 1];
    if (leg && leg.line === next.line && leg.to === state.station) {
      leg.to = next.station as MtrStationCode;
      leg.stops += 1;
      leg.distanceMetres += metres;
    } else {
      legs.push({ line: next.line, lineName: lineName(next.line), from: state.station as MtrStationCode, to: next.station as MtrStationCode, stops: 1, distanceMetres: metres, instruction: '' });
    }
  }
  for (const leg of legs) {
    leg.distanceMetres = round1(leg.distanceMetres);
    leg.instruction = instruction(lang, leg.lineName, station(leg.from).name, station(leg.to).name, leg.stops);
  }
  return {
    from,
    to,
    lang,
    distanceMetres: round1(distance),
    interchangePenaltyMetres: penaltyMetres,
    stations,
    legs,
    interchanges,
    geometry: { type: 'LineString', coordinates: stations.map((entry) => entry.position) },
    summary: summary(lang, station(from).name, station(to).name, distance, stations.length - 1, interchanges.map((change) => change.name)),
    attribution: MTR_ROUTE_ATTRIBUTION,
  };
}
