/**
 * Cycling (auxiliary) facilities. No cycle-track or cycle-parking data is shipped (data/README.md "Gaps"), so:
 *
 * - **Installed files.** The Transport Department's cycle parking and cycle track data, as GeoJSON in WGS84
 *   (the CSDI portal offers them so), dropped in as `data/cycling/cycle_parking.geojson` (Point features) and
 *   `data/cycling/cycle_tracks.geojson` (LineString or MultiLineString features), are served as they are. Read per
 *   feature: `name_EN`, `name_TC`, `name_SC` (optional; a numbered name otherwise) and, for parking, `spaces`
 *   (optional whole number). A file that cannot be read is reported with the file, the place in it and what is wrong
 *   (server log and the answer's `problem`), and the layer falls back as if the file were absent.
 * - **Otherwise** the parking layer is sample cycle parking generated beside the exits of the real MTR stations of
 *   the New Territories districts (data/mtr), seeded, with a sample number of spaces, every feature `sample: true`;
 *   the tracks layer is empty with source `none`: a drawn track would be a route nobody can ride.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { CyclingCollection, CyclingFeature, CyclingLayer } from '../../core/contracts/cycling';
import { loadMtrStations, type MtrStation } from './mtrStations';
import { between, randomInteger, seededRandom } from './seededRandom';

/** Where installed Transport Department files are read from, relative to the data folder. */
export const CYCLING_FILES: Readonly<Record<CyclingLayer, string>> = {
  parking: 'cycling/cycle_parking.geojson',
  tracks: 'cycling/cycle_tracks.geojson',
};

/** HAD district letters of the New Territories: Tsuen Wan, Tuen Mun, Yuen Long, North, Tai Po, Sai Kung, Sha Tin, Kwai Tsing, Islands. */
export const NEW_TERRITORIES_DISTRICTS: ReadonlySet<string> = new Set(['K', 'L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T']);

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);
const position = z.union([z.tuple([longitude, latitude]), z.tuple([longitude, latitude, z.number()])]);
const installedProperties = z.looseObject({
  name_EN: z.string().optional(),
  name_TC: z.string().optional(),
  name_SC: z.string().optional(),
  spaces: z.number().int().min(0).optional(),
});
const installedFileSchema: Record<CyclingLayer, z.ZodType<{ features: Array<{ geometry: CyclingFeature['geometry']; properties?: z.infer<typeof installedProperties> | null }> }>> = {
  parking: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(z.object({ geometry: z.object({ type: z.literal('Point'), coordinates: position }), properties: installedProperties.nullish() })),
  }),
  tracks: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.object({
        geometry: z.discriminatedUnion('type', [
          z.object({ type: z.literal('LineString'), coordinates: z.array(position).min(2) }),
          z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position).min(2)) }),
        ]),
        properties: installedProperties.nullish(),
      }),
    ),
  }),
};

const NUMBERED_NAME: Record<CyclingLayer, (n: number) => [string, string, string]> = {
  parking: (n) => [`Cycle park ${n}`, `單車停泊處 ${n}`, `单车停泊处 ${n}`],
  tracks: (n) => [`Cycle track ${n}`, `單車徑 ${n}`, `单车径 ${n}`],
};

/** Reads an installed file's text into the layer's features; throws an `Error` naming the place and the problem. */
export function parseInstalledCyclingFile(layer: CyclingLayer, text: string): CyclingFeature[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${(error as Error).message})`);
  }
  const parsed = installedFileSchema[layer].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  }
  return parsed.data.features.map((feature, index) => {
    const properties = feature.properties ?? {};
    const [en, tc, sc] = NUMBERED_NAME[layer](index + 1);
    return {
      type: 'Feature',
      id: `${layer}-${index + 1}`,
      geometry: feature.geometry,
      properties: {
        key: `${layer}-${index + 1}`,
        key_EN: properties.name_EN ?? en,
        key_TC: properties.name_TC ?? tc,
        key_SC: properties.name_SC ?? sc,
        spaces: properties.spaces ?? null,
        sample: false,
      },
    };
  });
}

/** Metres to degrees of latitude (and of longitude at Hong Kong's latitude). */
const METRES_PER_DEGREE_LATITUDE = 110_750;
const METRES_PER_DEGREE_LONGITUDE = 103_000;

/**
 * Sample cycle parking: one cycle park 25–60 m from one exit of every MTR station in the New Territories but the
 * Airport Express's own (the station's position when it has no exit in the data), with 20 to 200 spaces, all from
 * the seed.
 */
export function sampleCycleParking(stations: readonly MtrStation[], seed = 'cycle-parking'): CyclingFeature[] {
  const random = seededRandom(seed);
  return stations
    // Not the Airport Express's own stations (Airport, AsiaWorld-Expo): nobody cycles to a flight.
    .filter((station) => station.district && NEW_TERRITORIES_DISTRICTS.has(station.district.code) && station.lines.some((line) => line.code !== 'AEL'))
    .map((station): CyclingFeature => {
      const exit = station.exits.length > 0 ? station.exits[randomInteger(random, 0, station.exits.length - 1)] : null;
      const [longitude, latitude] = exit?.coordinates ?? [station.longitude, station.latitude];
      const distance = between(random, 25, 60);
      const bearing = between(random, 0, 2 * Math.PI);
      const id = `parking-sample-${station.code}`;
      const name = station.name;
      return {
        type: 'Feature',
        id,
        geometry: {
          type: 'Point',
          coordinates: [
            Number((longitude + (distance * Math.sin(bearing)) / METRES_PER_DEGREE_LONGITUDE).toFixed(6)),
            Number((latitude + (distance * Math.cos(bearing)) / METRES_PER_DEGREE_LATITUDE).toFixed(6)),
          ],
        },
        properties: {
          key: id,
          key_EN: `Cycle park by ${name['en-US']} station${exit ? ` exit ${exit.exit}` : ''} (sample)`,
          key_TC: `${name['zh-HK']}站${exit ? `${exit.exit}出口` : ''}旁單車停泊處（樣本）`,
          key_SC: `${name['zh-CN']}站${exit ? `${exit.exit}出口` : ''}旁单车停泊处（样本）`,
          spaces: randomInteger(random, 2, 20) * 10,
          station_EN: name['en-US'],
          station_TC: name['zh-HK'],
          station_SC: name['zh-CN'],
          sample: true,
        },
      };
    });
}

/**
 * The answer for `layer`: the installed file's features, else the fallback (sample parking, no tracks), with the
 * problem of an installed file that could not be read.
 */
export function loadCyclingLayer(dataDir: string, layer: CyclingLayer, stations: () => readonly MtrStation[]): CyclingCollection {
  const path = join(dataDir, CYCLING_FILES[layer]);
  let problem: string | undefined;
  if (existsSync(path)) {
    try {
      return { type: 'FeatureCollection', sample: false, source: 'td-file', features: parseInstalledCyclingFile(layer, readFileSync(path, 'utf8')) };
    } catch (error) {
      problem = `data/${CYCLING_FILES[layer]}: ${(error as Error).message}`;
      console.warn(`cycling: ${problem}; serving the ${layer === 'parking' ? 'sample cycle parking' : 'empty track layer'} instead`);
    }
  }
  const fallback: CyclingCollection =
    layer === 'parking'
      ? { type: 'FeatureCollection', sample: true, source: 'sample', features: sampleCycleParking(stations()) }
      : { type: 'FeatureCollection', sample: false, source: 'none', features: [] };
  return problem ? { ...fallback, problem } : fallback;
}

/** Both layers from the data folder; the MTR stations are read once, only when the sample is needed. */
export function loadCyclingLayers(dataDir: string): Record<CyclingLayer, CyclingCollection> {
  let stations: MtrStation[] | null = null;
  const readStations = () => (stations ??= loadMtrStations(dataDir));
  return { parking: loadCyclingLayer(dataDir, 'parking', readStations), tracks: loadCyclingLayer(dataDir, 'tracks', readStations) };
}
