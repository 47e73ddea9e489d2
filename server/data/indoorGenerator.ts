/**
 * SAMPLE indoor floor plans of the MTR stations (GET static/indoor and static/indoorwall). No real indoor plans
 * are available offline, so this generator draws a plausible, schematic plan for each real station, so the indoor
 * layer, its floor list and its walls can be built and tested until real plans are plugged in.
 *
 * What it draws, per station (parameters in data/indoor/mtr_indoor_sample_parameters.json):
 *  - a concourse (floor level 0) below the street: a rectangle along the station's first line, with a paid area
 *    inside it;
 *  - one platform level per line below it (levels -1, -2, ... in the order of the SPEC's line codes): an island
 *    platform between two trackways, as long as the line's trains, laid along the line's direction from the
 *    previous to the next station (so plans follow the real lines), with platform screen doors on both edges;
 *  - walls: the outline of each level, and the screen doors, as LineStrings with a base and top height.
 * Every station is modelled as underground and every line gets its own level; elevated stations and
 * same-level interchanges are not distinguished. The plan is moved a few metres from the station point and its
 * sizes vary a little, from a generator seeded with the parameter seed and the station code: the same seed and
 * stations always give the same plans (a test checks it), and one station's plan does not depend on the others.
 */
import { z } from 'zod';
import {
  RAILWAY_LINE_CODES,
  type IndoorPolygonCollection,
  type IndoorPolygonProperties,
  type IndoorWallCollection,
  type IndoorWallProperties,
} from '../../core/contracts';
import { offsetLonLat } from './localFrame';
import { stationVenue, type MtrLineAtStation, type MtrStation } from './mtrStations';
import { between, seededRandom } from './seededRandom';
import { readValidatedDataJson } from './validatedDataFile';

export const INDOOR_FILES = { parameters: 'indoor/mtr_indoor_sample_parameters.json' } as const;

const metres = z.number().positive();
export const indoorGeneratorParametersSchema = z.object({
  seed: z.string().min(1),
  platformLengthMeters: z.record(z.enum(RAILWAY_LINE_CODES), metres),
  platformWidthMeters: metres,
  trackwayWidthMeters: metres,
  concourseWidthMeters: metres,
  concourseLengthFraction: z.number().gt(0).lte(1),
  paidAreaFraction: z.number().gt(0).lt(1),
  jitterFraction: z.number().min(0).lt(0.5),
  planOffsetMeters: z.number().min(0),
  concourseFloorMeters: z.number(),
  levelSpacingMeters: metres,
  concourseCeilingMeters: metres,
  platformCeilingMeters: metres,
  slabThicknessMeters: metres,
  trackwayDropMeters: metres,
  platformScreenDoorHeightMeters: metres,
});
export type IndoorGeneratorParameters = z.infer<typeof indoorGeneratorParametersSchema>;

export function loadIndoorGeneratorParameters(dataDir: string): IndoorGeneratorParameters {
  return readValidatedDataJson(dataDir, INDOOR_FILES.parameters, indoorGeneratorParametersSchema);
}

export interface IndoorModel {
  polygons: IndoorPolygonCollection;
  walls: IndoorWallCollection;
}

type LonLat = [number, number];

/** The paid area is a slab this much proud of the concourse floor, so it shows on top of it. */
const PAID_AREA_RAISE_METERS = 0.05;

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Plan coordinates of one station: metres `along` its axis and `across` it (to the right), from the plan centre.
 */
function planFrame(longitude: number, latitude: number, axisDegrees: number) {
  const axis = (axisDegrees * Math.PI) / 180;
  const point = (along: number, across: number): LonLat => {
    const [lon, lat] = offsetLonLat(
      longitude,
      latitude,
      along * Math.sin(axis) + across * Math.cos(axis),
      along * Math.cos(axis) - across * Math.sin(axis),
    );
    return [round6(lon), round6(lat)];
  };
  /** A closed rectangle, counter-clockwise as GeoJSON wants outer rings. */
  const rectangle = (centreAlong: number, centreAcross: number, length: number, width: number): LonLat[] => {
    const corners: Array<[number, number]> = [
      [-1, -1],
      [-1, 1],
      [1, 1],
      [1, -1],
      [-1, -1],
    ];
    return corners.map(([a, c]) => point(centreAlong + (a * length) / 2, centreAcross + (c * width) / 2));
  };
  return { point, rectangle };
}

/** The plan of one station: its polygons and walls. */
function stationPlan(station: MtrStation, parameters: IndoorGeneratorParameters) {
  const random = seededRandom(`${parameters.seed}:${station.code}`);
  const jitter = () => 1 + between(random, -parameters.jitterFraction, parameters.jitterFraction);
  const offsetDirection = random() * 2 * Math.PI;
  const offsetDistance = random() * parameters.planOffsetMeters;
  const [centreLongitude, centreLatitude] = offsetLonLat(
    station.longitude,
    station.latitude,
    offsetDistance * Math.sin(offsetDirection),
    offsetDistance * Math.cos(offsetDirection),
  );
  const venue = stationVenue(station);
  const polygons: IndoorPolygonCollection['features'] = [];
  const walls: IndoorWallCollection['features'] = [];
  type FloorFields = Pick<IndoorPolygonProperties, 'floorId' | 'floorName_EN' | 'floorName_TC' | 'floorName_SC' | 'floorLevel' | 'line'>;
  const addPolygon = (floor: FloorFields, space: IndoorPolygonProperties['space'], suffix: string, ring: LonLat[], base: number, top: number) => {
    const key = `${floor.floorId}-${suffix}`;
    polygons.push({
      type: 'Feature',
      id: key,
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { key, ...venue, venueType: 'metro-station', ...floor, space, _base_height: round2(base), _height: round2(top), sample: true },
    });
  };
  const addWall = (floor: FloorFields, wallType: IndoorWallProperties['wallType'], suffix: string, line: LonLat[], base: number, top: number) => {
    const key = `${floor.floorId}-${suffix}`;
    walls.push({
      type: 'Feature',
      id: key,
      geometry: { type: 'LineString', coordinates: line },
      properties: { key, Venue_ID: venue.Venue_ID, venueType: 'metro-station', ...floor, wallType, _base_height: round2(base), _height: round2(top), sample: true },
    });
  };

  // Concourse, along the first line.
  const firstLine = station.lines[0];
  const concourse = planFrame(centreLongitude, centreLatitude, firstLine.axisDegrees);
  const concourseLength = parameters.platformLengthMeters[firstLine.code] * parameters.concourseLengthFraction * jitter();
  const concourseWidth = parameters.concourseWidthMeters * jitter();
  const paidLength = concourseLength * parameters.paidAreaFraction;
  const paidShift = between(random, -1, 1) * ((concourseLength - paidLength) / 2);
  const concourseFloor: FloorFields = {
    floorId: `${station.code}-C`,
    floorName_EN: 'Concourse',
    floorName_TC: '大堂',
    floorName_SC: '大堂',
    floorLevel: 0,
    line: null,
  };
  const concourseLevel = parameters.concourseFloorMeters;
  const concourseOutline = concourse.rectangle(0, 0, concourseLength, concourseWidth);
  addPolygon(concourseFloor, 'concourse', 'concourse', concourseOutline, concourseLevel - parameters.slabThicknessMeters, concourseLevel);
  addPolygon(
    concourseFloor,
    'paid-area',
    'paid-area',
    concourse.rectangle(paidShift, 0, paidLength, concourseWidth * parameters.paidAreaFraction),
    concourseLevel - parameters.slabThicknessMeters,
    concourseLevel + PAID_AREA_RAISE_METERS,
  );
  addWall(concourseFloor, 'outer-wall', 'outer-wall', concourseOutline, concourseLevel, concourseLevel + parameters.concourseCeilingMeters);

  // One platform level per line, each along its own line.
  station.lines.forEach((line: MtrLineAtStation, index) => {
    const level = index + 1;
    const frame = planFrame(centreLongitude, centreLatitude, line.axisDegrees);
    const length = parameters.platformLengthMeters[line.code] * jitter();
    const platformWidth = parameters.platformWidthMeters;
    const trackway = parameters.trackwayWidthMeters;
    const floor: FloorFields = {
      floorId: `${station.code}-P${level}`,
      floorName_EN: `${line.name['en-US']} platforms`,
      floorName_TC: `${line.name['zh-HK']}月台`,
      floorName_SC: `${line.name['zh-CN']}月台`,
      floorLevel: -level,
      line: line.code,
    };
    const platformLevel = concourseLevel - parameters.levelSpacingMeters * level;
    const trackLevel = platformLevel - parameters.trackwayDropMeters;
    addPolygon(floor, 'platform', 'platform', frame.rectangle(0, 0, length, platformWidth), platformLevel - parameters.slabThicknessMeters, platformLevel);
    for (const side of [-1, 1]) {
      const across = side * (platformWidth / 2 + trackway / 2);
      addPolygon(floor, 'trackway', `trackway-${side < 0 ? 1 : 2}`, frame.rectangle(0, across, length, trackway), trackLevel - parameters.slabThicknessMeters, trackLevel);
    }
    addWall(floor, 'outer-wall', 'outer-wall', frame.rectangle(0, 0, length, platformWidth + 2 * trackway), trackLevel, platformLevel + parameters.platformCeilingMeters);
    for (const side of [-1, 1]) {
      const across = (side * platformWidth) / 2;
      addWall(
        floor,
        'platform-screen-door',
        `screen-doors-${side < 0 ? 1 : 2}`,
        [frame.point(-length / 2, across), frame.point(length / 2, across)],
        platformLevel,
        platformLevel + parameters.platformScreenDoorHeightMeters,
      );
    }
  });
  return { polygons, walls };
}

/** The sample plans of all stations: the same stations and parameters always give the same model. */
export function generateIndoorModel(stations: readonly MtrStation[], parameters: IndoorGeneratorParameters): IndoorModel {
  const plans = stations.map((station) => stationPlan(station, parameters));
  return {
    polygons: { type: 'FeatureCollection', sample: true, features: plans.flatMap((plan) => plan.polygons) },
    walls: { type: 'FeatureCollection', sample: true, features: plans.flatMap((plan) => plan.walls) },
  };
}
