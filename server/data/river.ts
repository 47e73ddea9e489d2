/**
 * The river water-quality layer, as SAMPLE data: no real river monitoring stations or readings are shipped (see
 * data/README.md). The stations (data/environment/river_stations_sample.json) sit on real rivers; their dissolved
 * oxygen and BOD5 are generated here, seeded per station, so the layer can be drawn and tested until a real EPD
 * river feed is plugged in.
 *
 * How the values are made: one seeded draw `load` in [0, 1) per station stands for how polluted the water is;
 * dissolved oxygen falls with it (from about 9.8 mg/L down to 2.7 mg/L) and BOD5 rises with its square (from
 * about 0.2 up to 9.5 mg/L), each with a little independent noise, as the two move against each other in real
 * rivers. A few stations therefore fall below the 4 mg/L threshold. Values are rounded to 0.1 mg/L, as EPD
 * reports them.
 */
import { z } from 'zod';
import {
  dissolvedOxygenColour,
  localisedTextSchema,
  meetsDissolvedOxygenThreshold,
  type RiverFeatureCollection,
} from '../../core/contracts';
import { between, seededRandom } from './seededRandom';
import { readValidatedDataJson } from './validatedDataFile';

export const RIVER_FILES = { stations: 'environment/river_stations_sample.json' } as const;

const riverStationFileSchema = z.object({
  seed: z.string().min(1),
  stations: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
        river: localisedTextSchema,
        place: localisedTextSchema,
        longitude: z.number().min(113.8).max(114.5),
        latitude: z.number().min(22.1).max(22.6),
      }),
    )
    .min(1)
    .refine((stations) => new Set(stations.map((station) => station.id)).size === stations.length, 'station ids must be unique'),
});
export type RiverStation = z.infer<typeof riverStationFileSchema>['stations'][number];

const roundToTenth = (value: number) => Math.round(value * 10) / 10;

/** The generated readings of one station: the same station id and seed always give the same values. */
export function sampleRiverReadings(seed: string, stationId: string): { dissolvedOxygenMgL: number; bod5MgL: number } {
  const random = seededRandom(`${seed}:${stationId}`);
  const load = random();
  const dissolvedOxygenMgL = roundToTenth(Math.max(0, 9.5 - 6.5 * load + between(random, -0.3, 0.3)));
  const bod5MgL = roundToTenth(Math.max(0.1, 0.5 + 8.5 * load * load + between(random, -0.3, 0.5)));
  return { dissolvedOxygenMgL, bod5MgL };
}

/** Builds the river layer from the station list and its seed; every feature is marked sample. */
export function buildRiverFeed(seed: string, stations: readonly RiverStation[]): RiverFeatureCollection {
  const features: RiverFeatureCollection['features'] = stations.map((station) => {
    const { dissolvedOxygenMgL, bod5MgL } = sampleRiverReadings(seed, station.id);
    return {
      type: 'Feature',
      id: station.id,
      geometry: { type: 'Point', coordinates: [station.longitude, station.latitude] },
      properties: {
        key: station.id,
        key_EN: `${station.river['en-US']} (${station.place['en-US']})`,
        key_TC: `${station.river['zh-HK']}（${station.place['zh-HK']}）`,
        key_SC: `${station.river['zh-CN']}（${station.place['zh-CN']}）`,
        river_EN: station.river['en-US'],
        river_TC: station.river['zh-HK'],
        river_SC: station.river['zh-CN'],
        _value_0: dissolvedOxygenMgL,
        _value_1: dissolvedOxygenColour(dissolvedOxygenMgL),
        dissolvedOxygenMgL,
        bod5MgL,
        meetsDissolvedOxygenThreshold: meetsDissolvedOxygenThreshold(dissolvedOxygenMgL),
        sample: true,
      },
    };
  });
  return { type: 'FeatureCollection', sample: true, features };
}

export function loadRiverStations(dataDir: string): z.infer<typeof riverStationFileSchema> {
  return readValidatedDataJson(dataDir, RIVER_FILES.stations, riverStationFileSchema);
}

export function loadRiverFeed(dataDir: string): RiverFeatureCollection {
  const { seed, stations } = loadRiverStations(dataDir);
  return buildRiverFeed(seed, stations);
}
