import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RAILWAY_LINE_CODES, railwayLinesResponseSchema } from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (query = '') => app().inject({ method: 'GET', url: `/mapviewer/api/static/railways${query}` });

/** The MTR's own list: each route id's stations in order (data/mtr/stopList.mtr.json). */
const stopList = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../data/mtr/stopList.mtr.json'), 'utf8')) as Record<
  string,
  { stop: string; routes: Array<{ ID: string; i: number }> }
>;
function route(id: string): string[] {
  const sequence: string[] = [];
  for (const stop of Object.values(stopList)) for (const entry of stop.routes) if (entry.ID === id) sequence[entry.i] = stop.stop;
  return sequence;
}

describe('GET /mapviewer/api/static/railways', () => {
  it('answers every line of SPEC §9 with its names and its stations in the order of the MTR list', async () => {
    const response = await get('?timestamp=1713667200000');
    expect(response.statusCode, response.body).toBe(200);
    const { lines } = railwayLinesResponseSchema.parse(response.json());
    expect(lines.map((line) => line.line)).toEqual([...RAILWAY_LINE_CODES]);
    const tsuenWan = lines.find((line) => line.line === 'TWL')!;
    expect(tsuenWan.name).toEqual({ 'en-US': 'Tsuen Wan Line', 'zh-HK': '荃灣綫', 'zh-CN': '荃湾线' });
    expect(tsuenWan.branches).toEqual([route('mtrTWLDT1')]);
    expect(tsuenWan.stations.map((station) => station.code)).toEqual(route('mtrTWLDT1'));
    expect(tsuenWan.stations[0]).toMatchObject({ code: 'TSW', name: { 'en-US': 'Tsuen Wan' } });
  });

  it('keeps both branches of a forked line once each, and every station of the line once', async () => {
    const { lines } = railwayLinesResponseSchema.parse((await get()).json());
    const eastRail = lines.find((line) => line.line === 'EAL')!;
    expect(eastRail.branches).toEqual([route('mtrEALDT1'), route('mtrEALLMC-DT1')]);
    expect(eastRail.stations.map((station) => station.code)).toEqual([...route('mtrEALDT1'), 'LMC']);
    const tseungKwanO = lines.find((line) => line.line === 'TKL')!;
    expect(tseungKwanO.branches).toEqual([route('mtrTKLDT1'), route('mtrTKLTKS-DT1')]);
    expect(new Set(tseungKwanO.stations.map((station) => station.code)).size).toBe(tseungKwanO.stations.length);
  });

  it('answers 400 naming an unknown parameter', async () => {
    const response = await get('?line=TWL');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('line');
  });
});
