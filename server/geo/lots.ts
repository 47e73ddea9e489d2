/**
 * SAMPLE land sale lots for the lot-boundary tiles and GET /mapviewer/api/lots. No open lot boundaries exist, so
 * plausible parcels are generated, deterministically, on real land around six new-town and urban MTR stations
 * (positions from data/mtr/stopList.mtr.json; names and lot-number prefixes in data/names/land_lot_names.json).
 *
 * How: for each area a PRNG seeded with {@link LOT_SAMPLE_SEED} and the station code draws candidate rectangles
 * (40 to 110 m a side) within {@link AREA_RADIUS_METRES} of the station, aligned to an area-wide street bearing.
 * A candidate is kept when its corners and centre are on land and low ground (DEM height between
 * {@link MIN_GROUND_METRES} and {@link MAX_GROUND_METRES}: not sea, not hillside), all in the station's district
 * (data/districts), and clear of the lots already kept. Use, lot number and tender quarter are drawn from the same
 * PRNG; the site area is computed from the polygon. Every lot is marked `sample: true`.
 */
import type { LandLotFeature, LocalisedText } from '../../core/contracts';
import type { DistrictIndex } from '../data/districts';
import { readDataJson } from '../data/files';
import { seededRandom } from '../data/seededRandom';
import type { DemSampler } from '../terrain/dem';
import { localPlane, ringAreaSquareMetres, roundCoordinate, type LonLat } from './local-metres';

export const LOT_SAMPLE_SEED = 'hk3d-land-lots-v1';
export const LOT_NAMES_FILE = 'names/land_lot_names.json';
export const MTR_STATIONS_FILE = 'mtr/stopList.mtr.json';
/** Land sale programme year of the sample tender forecasts (April 2026 to March 2027). */
export const LOT_SAMPLE_FINANCIAL_YEAR = '2026-27';

const AREA_RADIUS_METRES = 900;
const LOTS_PER_AREA = 10;
const CANDIDATES_PER_AREA = 600;
const MIN_SIDE_METRES = 40;
const MAX_SIDE_METRES = 110;
/** Clear space kept between lots, metres. */
const LOT_SPACING_METRES = 15;
const MIN_GROUND_METRES = 1;
const MAX_GROUND_METRES = 60;

/** Shares of each use among the generated lots (roughly a land sale programme's mix). */
const USE_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['residential', 0.55],
  ['commercial', 0.15],
  ['hotel', 0.08],
  ['industrial', 0.1],
  ['government-institution-community', 0.12],
];

interface LotNames {
  areas: Record<string, { lotPrefix: string; location: LocalisedText }>;
  uses: Record<string, LocalisedText>;
}

interface Station {
  lat: number;
  long: number;
}

export interface LandLot {
  feature: LandLotFeature;
  ring: Array<[number, number]>;
  bbox: [number, number, number, number];
}

function pickUse(random: () => number): string {
  let draw = random();
  for (const [use, weight] of USE_WEIGHTS) {
    draw -= weight;
    if (draw < 0) return use;
  }
  return USE_WEIGHTS[0][0];
}

/** Generates the sample lots (about 60, in under 100 ms). */
export function generateLandLots(dataDir: string, dem: DemSampler, districts: DistrictIndex): LandLot[] {
  const names = readDataJson<LotNames>(dataDir, LOT_NAMES_FILE);
  const stations = readDataJson<Record<string, Station>>(dataDir, MTR_STATIONS_FILE);
  const lots: LandLot[] = [];

  for (const [stationCode, area] of Object.entries(names.areas)) {
    const station = stations[stationCode];
    if (!station) throw new Error(`Lot area ${stationCode} is not a station of data/${MTR_STATIONS_FILE}`);
    const centre: LonLat = [station.long, station.lat];
    const district = districts.districtAt(centre[0], centre[1]);
    if (!district) throw new Error(`Lot area ${stationCode} lies outside the 18 districts`);
    const random = seededRandom(`${LOT_SAMPLE_SEED}:${stationCode}`);
    const plane = localPlane(centre);
    const streetBearing = random() * Math.PI;
    const kept: Array<{ x: number; y: number; radius: number }> = [];
    const usedNumbers = new Set<number>();

    for (let attempt = 0; attempt < CANDIDATES_PER_AREA && kept.length < LOTS_PER_AREA; attempt += 1) {
      const distance = AREA_RADIUS_METRES * Math.sqrt(random());
      const direction = random() * 2 * Math.PI;
      const x = distance * Math.cos(direction);
      const y = distance * Math.sin(direction);
      const width = MIN_SIDE_METRES + random() * (MAX_SIDE_METRES - MIN_SIDE_METRES);
      const depth = MIN_SIDE_METRES + random() * (MAX_SIDE_METRES - MIN_SIDE_METRES);
      const bearing = streetBearing + (random() - 0.5) * 0.1;
      const radius = Math.hypot(width, depth) / 2;
      if (kept.some((other) => Math.hypot(other.x - x, other.y - y) < other.radius + radius + LOT_SPACING_METRES)) continue;

      const cos = Math.cos(bearing);
      const sin = Math.sin(bearing);
      const corners = [
        [-width / 2, -depth / 2],
        [width / 2, -depth / 2],
        [width / 2, depth / 2],
        [-width / 2, depth / 2],
      ].map(([u, v]) => plane.toLonLat([x + u * cos - v * sin, y + u * sin + v * cos]));
      const onLowLand = [...corners, plane.toLonLat([x, y])].every(([lon, lat]) => {
        const height = dem.heightAt(lon, lat);
        return height !== null && height >= MIN_GROUND_METRES && height <= MAX_GROUND_METRES && districts.districtAt(lon, lat)?.code === district.code;
      });
      if (!onLowLand) continue;

      let lotNumber = 600 + Math.floor(random() * 1000);
      while (usedNumbers.has(lotNumber)) lotNumber += 1;
      usedNumbers.add(lotNumber);
      kept.push({ x, y, radius });

      const ring = corners.map(([lon, lat]): [number, number] => [roundCoordinate(lon), roundCoordinate(lat)]);
      ring.push([ring[0][0], ring[0][1]]);
      const use = pickUse(random);
      const useName = names.uses[use];
      if (!useName) throw new Error(`Lot use '${use}' has no names in data/${LOT_NAMES_FILE}`);
      const lonValues = ring.map((point) => point[0]);
      const latValues = ring.map((point) => point[1]);
      lots.push({
        ring,
        bbox: [Math.min(...lonValues), Math.min(...latValues), Math.max(...lonValues), Math.max(...latValues)],
        feature: {
          type: 'Feature',
          id: `lot.${area.lotPrefix}-${lotNumber}`,
          geometry: { type: 'Polygon', coordinates: [ring] },
          properties: {
            lotNumber: `${area.lotPrefix} ${lotNumber}`,
            use: useName,
            location: area.location,
            siteAreaSquareMetres: Math.round(ringAreaSquareMetres(ring)),
            tenderForecast: { financialYear: LOT_SAMPLE_FINANCIAL_YEAR, quarter: 1 + Math.floor(random() * 4) },
            districtCode: district.code,
            sample: true,
          },
        },
      });
    }
  }
  return lots;
}
