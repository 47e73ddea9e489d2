/**
 * The 97 real MTR heavy-rail stations as indoor venues: names (through the place loader, which fixes the
 * sources' slips), lines and their order along each line (from the route indexes in mtr/stopList.mtr.json),
 * district (point in the HAD district polygons) and exits (mtr/mtr_exits_derived.geojson).
 */
import {
  RAILWAY_LINE_CODES,
  railwayLineCodeSchema,
  type IndoorStationCollection,
  type LocalisedText,
  type RailwayLineCode,
} from '../../core/contracts';
import { loadDistrictIndex, type District } from './districts';
import { readDataJson } from './files';
import { bearingDegrees } from './localFrame';
import { loadPlaces } from './places';

export const MTR_STATION_FILES = {
  stations: 'mtr/stopList.mtr.json',
  exits: 'mtr/mtr_exits_derived.geojson',
  lineNames: 'names/mtr_line_names.json',
} as const;

export interface MtrLineAtStation {
  code: RailwayLineCode;
  name: LocalisedText;
  /**
   * Direction of the line through the station, degrees clockwise from north: from the previous station to the
   * next one along the line (from or to the station itself at a terminus).
   */
  axisDegrees: number;
}

export interface MtrStation {
  code: string;
  name: LocalisedText;
  longitude: number;
  latitude: number;
  /** In the order of RAILWAY_LINE_CODES. */
  lines: MtrLineAtStation[];
  district: District | null;
  exits: Array<{ exit: string; coordinates: [number, number]; barrierFree: boolean }>;
}

interface StopListEntry {
  stop: string;
  lat: number;
  long: number;
  /** Route ids like `mtrISLDT1` (line ISL, bound DT, service 1) and the station's index along that route. */
  routes: Array<{ ID: string; i: number }>;
}
interface ExitFile {
  features: Array<{
    geometry: { coordinates: [number, number] };
    properties: { station_en: string; exit: string; barrier_free: boolean };
  }>;
}

/** Each route's station codes in order along it (route id → codes; a gap in the data leaves a hole). */
export function loadMtrRouteSequences(dataDir: string): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  for (const stop of Object.values(readDataJson<Record<string, StopListEntry>>(dataDir, MTR_STATION_FILES.stations))) {
    for (const { ID, i } of stop.routes) {
      const sequence = routes.get(ID) ?? [];
      sequence[i] = stop.stop;
      routes.set(ID, sequence);
    }
  }
  return routes;
}

/** The line of a route id such as `mtrEALLMC-DT1`: the three letters after `mtr`. */
export function lineOfRoute(routeId: string): RailwayLineCode {
  const parsed = railwayLineCodeSchema.safeParse(/^mtr([A-Z]{3})/.exec(routeId)?.[1]);
  if (!parsed.success) throw new Error(`data/${MTR_STATION_FILES.stations}: route '${routeId}' names no known line`);
  return parsed.data;
}

export function loadMtrStations(dataDir: string): MtrStation[] {
  const stops = readDataJson<Record<string, StopListEntry>>(dataDir, MTR_STATION_FILES.stations);
  const lineNames = readDataJson<{ names: Record<string, LocalisedText> }>(dataDir, MTR_STATION_FILES.lineNames).names;
  const names = new Map(
    loadPlaces(dataDir)
      .filter((place) => place.kind === 'mtr-station')
      .map((place) => [place.id.slice('mtr-station:'.length), place.name]),
  );

  // Each route's stations in order, to find a station's neighbours along its lines.
  const routes = new Map<string, string[]>();
  for (const stop of Object.values(stops)) {
    for (const { ID, i } of stop.routes) {
      const sequence = routes.get(ID) ?? [];
      sequence[i] = stop.stop;
      routes.set(ID, sequence);
    }
  }
  const position = (code: string): [number, number] => [stops[code].long, stops[code].lat];

  const exitsByName = new Map<string, MtrStation['exits']>();
  for (const feature of readDataJson<ExitFile>(dataDir, MTR_STATION_FILES.exits).features) {
    const list = exitsByName.get(feature.properties.station_en) ?? [];
    list.push({ exit: feature.properties.exit, coordinates: feature.geometry.coordinates, barrierFree: feature.properties.barrier_free });
    exitsByName.set(feature.properties.station_en, list);
  }

  const districts = loadDistrictIndex(dataDir);

  return Object.values(stops)
    .map((stop): MtrStation => {
      const name = names.get(stop.stop);
      if (!name) throw new Error(`MTR station ${stop.stop} has no names from the place loader`);
      const lines: MtrLineAtStation[] = [];
      const routeIds = stop.routes.map((route) => route.ID).sort();
      for (const code of RAILWAY_LINE_CODES) {
        const routeId = routeIds.find((id) => lineOfRoute(id) === code);
        if (!routeId) continue;
        const sequence = routes.get(routeId)!;
        const index = sequence.indexOf(stop.stop);
        const previous = sequence[index - 1] ?? stop.stop;
        const next = sequence[index + 1] ?? stop.stop;
        const lineName = lineNames[code];
        if (!lineName) throw new Error(`Line ${code} has no entry in data/${MTR_STATION_FILES.lineNames}`);
        lines.push({ code, name: lineName, axisDegrees: bearingDegrees(position(previous), position(next)) });
      }
      if (lines.length === 0) throw new Error(`MTR station ${stop.stop} is on no line`);
      return {
        code: stop.stop,
        name,
        longitude: stop.long,
        latitude: stop.lat,
        lines,
        district: districts.districtAt(stop.long, stop.lat),
        exits: (exitsByName.get(name['en-US']) ?? []).sort((a, b) => a.exit.localeCompare(b.exit, 'en', { numeric: true })),
      };
    })
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The venue id and names of a station, shared by the station points and the indoor plans. */
export function stationVenue(station: MtrStation) {
  return {
    Venue_ID: `MTR-${station.code}`,
    Venue_Eng_name: `${station.name['en-US']} Station`,
    Venue_Chi_name: `${station.name['zh-HK']}站`,
    Venue_SC_name: `${station.name['zh-CN']}站`,
  };
}

/** GET static/indoormtrpt: one venue point per station (real data). */
export function buildIndoorStationFeed(stations: readonly MtrStation[]): IndoorStationCollection {
  return {
    type: 'FeatureCollection',
    sample: false,
    features: stations.map((station) => ({
      type: 'Feature',
      id: stationVenue(station).Venue_ID,
      geometry: { type: 'Point', coordinates: [round6(station.longitude), round6(station.latitude)] },
      properties: {
        key: station.code,
        key_EN: station.name['en-US'],
        key_TC: station.name['zh-HK'],
        key_SC: station.name['zh-CN'],
        ...stationVenue(station),
        Eng_name: station.name['en-US'],
        Chi_name: station.name['zh-HK'],
        MTR_Eng_name: station.name['en-US'],
        venueType: 'metro-station',
        lines: station.lines.map((line) => ({ code: line.code, name_EN: line.name['en-US'], name_TC: line.name['zh-HK'], name_SC: line.name['zh-CN'] })),
        districtCode: station.district?.code ?? null,
        district_EN: station.district?.name['en-US'] ?? null,
        district_TC: station.district?.name['zh-HK'] ?? null,
        district_SC: station.district?.name['zh-CN'] ?? null,
        exits: station.exits.map((exit) => ({ ...exit, coordinates: [round6(exit.coordinates[0]), round6(exit.coordinates[1])] as [number, number] })),
        sample: false,
      },
    })),
  };
}
