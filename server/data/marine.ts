/**
 * The marine water-quality layer: EPD's 76 marine monitoring stations, each with its latest dissolved oxygen
 * and 5-day BOD from EPD's 2015-2020 record (data/environment, see data/README.md).
 *
 * Which depth: EPD samples each station at the surface, middle and bottom of the water column and its annual
 * reports assess dissolved oxygen on the depth-averaged and bottom values. The record shipped here (as published
 * in ivanhykwong/Marine-Water-Quality-Time-Series-HK from DATA.GOV.HK) holds only the surface-water samples
 * (`Depth` = `Surface Water`, 1 m below the surface), so the layer shows surface values and says so
 * (`sampleDepth: 'surface'`). Rows at other depths are ignored, so a fuller EPD file can be dropped in unchanged.
 */
import {
  dissolvedOxygenColour,
  meetsDissolvedOxygenThreshold,
  type LocalisedText,
  type MarineFeatureCollection,
} from '../../core/contracts';
import { readDataJson, readDataText } from './files';

export const MARINE_FILES = {
  stations: 'environment/epd_marine_wq_stations_76.geojson',
  samples: 'environment/epd_marine_wq_2015-2020.csv',
  zoneNames: 'names/water_control_zone_names.json',
} as const;

/** The CSV columns the layer reads, by header name (EPD's files do not keep column order between releases). */
const COLUMNS = {
  zone: 'Water Control Zone',
  station: 'Station',
  date: 'Dates',
  depth: 'Depth',
  bod5: '5-day Biochemical Oxygen Demand mg_L',
  dissolvedOxygen: 'Dissolved Oxygen mg_L',
} as const;

/** EPD's name of the surface-water sample in the `Depth` column. */
export const SURFACE_DEPTH = 'Surface Water';

export interface MarineSample {
  station: string;
  waterControlZone: string;
  /** YYYY-MM-DD. */
  date: string;
  depth: string;
  /** mg/L; null when EPD wrote no number (e.g. a blank or a detection-limit text). */
  dissolvedOxygenMgL: number | null;
  bod5MgL: number | null;
}

function readingOrNull(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === '') return null;
  const value = Number(cell);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** Parses EPD's marine water-quality CSV (unquoted, comma-separated, one sample per row). */
export function parseMarineWaterQualityCsv(text: string): MarineSample[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines.shift() ?? '').split(',').map((cell) => cell.trim());
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([name, column]) => {
      const at = header.indexOf(column);
      if (at < 0) throw new Error(`Not an EPD marine water-quality CSV: no column '${column}'`);
      return [name, at];
    }),
  ) as Record<keyof typeof COLUMNS, number>;
  return lines.map((line) => {
    const cells = line.split(',');
    return {
      station: cells[index.station].trim(),
      waterControlZone: cells[index.zone].trim(),
      date: cells[index.date].trim(),
      depth: cells[index.depth].trim(),
      dissolvedOxygenMgL: readingOrNull(cells[index.dissolvedOxygen]),
      bod5MgL: readingOrNull(cells[index.bod5]),
    };
  });
}

/**
 * The latest surface-water sample with a dissolved-oxygen reading, per station. Dates are ISO, so the string
 * order is the date order.
 */
export function latestSurfaceSamples(samples: readonly MarineSample[]): Map<string, MarineSample> {
  const latest = new Map<string, MarineSample>();
  for (const sample of samples) {
    if (sample.depth !== SURFACE_DEPTH || sample.dissolvedOxygenMgL === null || !/^\d{4}-\d{2}-\d{2}$/.test(sample.date)) continue;
    const current = latest.get(sample.station);
    if (!current || sample.date > current.date) latest.set(sample.station, sample);
  }
  return latest;
}

interface StationFile {
  features: Array<{
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: { WaterContr: string; WaterStati: string; Depth: number | null };
  }>;
}

/**
 * The marine layer: one point per station of the station file that has a sample, sorted by station code.
 * Stations of the CSV that are not in the station file (typhoon-shelter stations) have no position and are left out.
 */
export function loadMarineFeed(dataDir: string): MarineFeatureCollection {
  const latest = latestSurfaceSamples(parseMarineWaterQualityCsv(readDataText(dataDir, MARINE_FILES.samples)));
  const zoneNames = readDataJson<{ names: Record<string, LocalisedText> }>(dataDir, MARINE_FILES.zoneNames).names;
  const features: MarineFeatureCollection['features'] = [];
  for (const station of readDataJson<StationFile>(dataDir, MARINE_FILES.stations).features) {
    const code = station.properties.WaterStati;
    const sample = latest.get(code);
    if (!sample || sample.dissolvedOxygenMgL === null) continue;
    const zone = zoneNames[station.properties.WaterContr];
    if (!zone) throw new Error(`Water control zone '${station.properties.WaterContr}' has no entry in data/${MARINE_FILES.zoneNames}`);
    const dissolvedOxygen = sample.dissolvedOxygenMgL;
    features.push({
      type: 'Feature',
      id: code,
      geometry: { type: 'Point', coordinates: [station.geometry.coordinates[0], station.geometry.coordinates[1]] },
      properties: {
        key: code,
        key_EN: `${code} (${zone['en-US']})`,
        key_TC: `${code}（${zone['zh-HK']}）`,
        key_SC: `${code}（${zone['zh-CN']}）`,
        _value_0: dissolvedOxygen,
        _value_1: dissolvedOxygenColour(dissolvedOxygen),
        _publish_date: `${sample.date}T00:00:00+08:00`,
        stationCode: code,
        waterControlZone_EN: zone['en-US'],
        waterControlZone_TC: zone['zh-HK'],
        waterControlZone_SC: zone['zh-CN'],
        sampleDate: sample.date,
        sampleDepth: 'surface',
        stationWaterDepthMeters: typeof station.properties.Depth === 'number' ? station.properties.Depth : null,
        dissolvedOxygenMgL: dissolvedOxygen,
        bod5MgL: sample.bod5MgL,
        meetsDissolvedOxygenThreshold: meetsDissolvedOxygenThreshold(dissolvedOxygen),
        sample: false,
      },
    });
  }
  features.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { type: 'FeatureCollection', sample: false, features };
}
