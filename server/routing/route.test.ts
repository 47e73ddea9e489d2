import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERCHANGE_PENALTY_METRES, MTR_STATION_CODES, mtrRouteResponseSchema, type MtrStationCode } from '../../core/contracts';
import { readDataJson } from '../data/files';
import { greatCircleMetres, loadMtrNetwork } from './network';
import { findMtrRoute } from './route';

const dataDir = join(import.meta.dirname, '..', '..', 'data');
const network = loadMtrNetwork(dataDir);

interface StopListEntry {
  stop: string;
  lat: number;
  long: number;
  routes: Array<{ ID: string; i: number }>;
}
const stopList = readDataJson<Record<string, StopListEntry>>(dataDir, 'mtr/stopList.mtr.json');

/**
 * The cheapest cost (riding metres plus the penalty per change) between every pair of stations, by
 * Floyd–Warshall over (station, line) states built here straight from the stop list: an oracle independent of
 * the network loader and of Dijkstra.
 */
function allPairsCosts(): (from: string, to: string) => number {
  const sequences = new Map<string, string[]>();
  for (const entry of Object.values(stopList)) {
    for (const { ID, i } of entry.routes) {
      const sequence = sequences.get(ID) ?? [];
      sequence[i] = entry.stop;
      sequences.set(ID, sequence);
    }
  }
  const states: string[] = [];
  const index = new Map<string, number>();
  const stateOf = (station: string, line: string) => {
    const key = `${station}@${line}`;
    if (!index.has(key)) {
      index.set(key, states.length);
      states.push(key);
    }
    return index.get(key)!;
  };
  const edges: Array<[number, number, number]> = [];
  const position = (code: string): [number, number] => [stopList[code].long, stopList[code].lat];
  for (const [routeId, sequence] of sequences) {
    const line = routeId.slice(3, 6);
    for (let i = 1; i < sequence.length; i += 1) {
      const metres = greatCircleMetres(position(sequence[i - 1]), position(sequence[i]));
      edges.push([stateOf(sequence[i - 1], line), stateOf(sequence[i], line), metres], [stateOf(sequence[i], line), stateOf(sequence[i - 1], line), metres]);
    }
  }
  const byStation = new Map<string, number[]>();
  states.forEach((key, state) => byStation.set(key.split('@')[0], [...(byStation.get(key.split('@')[0]) ?? []), state]));
  for (const group of byStation.values()) for (const a of group) for (const b of group) if (a !== b) edges.push([a, b, INTERCHANGE_PENALTY_METRES]);
  const n = states.length;
  const cost = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : Infinity)));
  for (const [a, b, metres] of edges) cost[a][b] = Math.min(cost[a][b], metres);
  for (let k = 0; k < n; k += 1) for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) if (cost[i][k] + cost[k][j] < cost[i][j]) cost[i][j] = cost[i][k] + cost[k][j];
  return (from, to) => Math.min(...byStation.get(from)!.flatMap((a) => byStation.get(to)!.map((b) => cost[a][b])));
}

describe('MTR network', () => {
  it('has the 97 stations of the contract, each linked to at least one neighbour', () => {
    expect([...network.stations.keys()].sort()).toEqual([...MTR_STATION_CODES]);
    expect(Object.keys(stopList).sort()).toEqual([...MTR_STATION_CODES]);
    for (const code of MTR_STATION_CODES) expect(network.links.get(code)!.length, code).toBeGreaterThan(0);
  });

  it('measures links as great-circle distances (Admiralty–Central about 1 km)', () => {
    const link = network.links.get('ADM')!.find((candidate) => candidate.to === 'CEN' && candidate.line === 'TWL')!;
    expect(link.metres).toBeGreaterThan(700);
    expect(link.metres).toBeLessThan(1300);
    expect(greatCircleMetres([114, 22], [114, 23])).toBeCloseTo(111_195, -1);
  });
});

describe('findMtrRoute', () => {
  it('rides the Tsuen Wan Line from Admiralty to Tsim Sha Tsui, the next station', () => {
    const route = mtrRouteResponseSchema.parse(findMtrRoute(network, 'ADM', 'TST'));
    expect(route.stations.map((station) => station.code)).toEqual(['ADM', 'TST']);
    expect(route.legs).toEqual([expect.objectContaining({ line: 'TWL', from: 'ADM', to: 'TST', stops: 1 })]);
    expect(route.legs[0].instruction).toBe('Tsuen Wan Line from Admiralty to Tsim Sha Tsui (1 stop)');
    expect(route.interchanges).toEqual([]);
    expect(route.distanceMetres).toBeCloseTo(greatCircleMetres(network.stations.get('ADM')!.position, network.stations.get('TST')!.position), 0);
    expect(route.geometry.coordinates).toEqual(route.stations.map((station) => station.position));
  });

  it('changes line where the lines meet: Hong Kong → Diamond Hill via Nam Cheong, Tsuen Wan → LOHAS Park via Prince Edward and Tiu Keng Leng', () => {
    const hokDih = findMtrRoute(network, 'HOK', 'DIH')!;
    expect(hokDih.legs.map((leg) => [leg.line, leg.from, leg.to])).toEqual([
      ['TCL', 'HOK', 'NAC'],
      ['TML', 'NAC', 'DIH'],
    ]);
    expect(hokDih.interchanges).toEqual([expect.objectContaining({ station: 'NAC', fromLine: 'TCL', toLine: 'TML' })]);

    const tswLhp = findMtrRoute(network, 'TSW', 'LHP', 'zh-HK')!;
    expect(tswLhp.interchanges.map((change) => [change.station, change.fromLine, change.toLine])).toEqual([
      ['PRE', 'TWL', 'KTL'],
      ['TIK', 'KTL', 'TKL'],
    ]);
    expect(tswLhp.summary).toMatch(/^荃灣至康城：23\.\d 公里，23 個站，於太子、調景嶺轉綫$/);
    // Stops add up, each leg starts where the previous one ended, and every ride is a real link of its line.
    expect(tswLhp.legs.reduce((sum, leg) => sum + leg.stops, 0)).toBe(tswLhp.stations.length - 1);
    tswLhp.legs.slice(1).forEach((leg, index) => expect(leg.from).toBe(tswLhp.legs[index].to));
    tswLhp.stations.slice(1).forEach((station, index) => {
      const before = tswLhp.stations[index];
      expect(network.links.get(before.code)!.some((link) => link.to === station.code && link.line === before.line), `${before.code}→${station.code}`).toBe(true);
    });
  });

  it('finds the cheapest trip between every pair (checked against Floyd–Warshall), the same length both ways', () => {
    const oracle = allPairsCosts();
    for (const from of MTR_STATION_CODES) {
      for (const to of MTR_STATION_CODES) {
        if (from >= to) continue;
        const there = findMtrRoute(network, from, to)!;
        const back = findMtrRoute(network, to as MtrStationCode, from)!;
        const cost = there.distanceMetres + there.interchanges.length * INTERCHANGE_PENALTY_METRES;
        expect(cost, `${from}→${to}`).toBeCloseTo(oracle(from, to), 0);
        expect(back.distanceMetres + back.interchanges.length * INTERCHANGE_PENALTY_METRES, `${to}→${from}`).toBeCloseTo(cost, 0);
        expect(back.distanceMetres, `${to}→${from}`).toBeCloseTo(there.distanceMetres, 0);
      }
    }
  }, 60_000);

  it('weighs changes against distance: without a penalty the trip may change more', () => {
    const withPenalty = findMtrRoute(network, 'LOW', 'DIS')!;
    const without = findMtrRoute(network, 'LOW', 'DIS', 'en-US', 0)!;
    expect(without.distanceMetres).toBeLessThanOrEqual(withPenalty.distanceMetres);
    expect(without.interchangePenaltyMetres).toBe(0);
  });

  it('answers null when the destination cannot be reached', () => {
    const island = { ...network, links: new Map([...network.links].map(([code, links]) => [code, links.filter((link) => link.line !== 'DRL')])) };
    expect(findMtrRoute(island, 'ADM', 'DIS')).toBeNull();
  });
});
