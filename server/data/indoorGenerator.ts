/**
 * SAMPLE indoor floor plans of the MTR stations (GET static/indoor and static/indoorwall). No real indoor plans
 * are available offline, so this generator draws a plausible, schematic plan for each real station, so the indoor
 * layer, its floor list and its walls can be built and tested until real plans are plugged in.
 *
 * What it draws, per station (parameters in data/indoor/mtr_indoor_sample_parameters.json):
 *  - a street level (floor level 1, `<code>-G`, height 0) with an entrance at each REAL exit position (data/mtr
 *    exits), each going down to a passage on the concourse level by stairs, by escalators (one up, one down) at
 *    about half the exits (seeded), and by a lift only where the real exit is barrier-free;
 *  - a concourse (floor level 0) below the street: a rectangle along the station's first line, with a paid area
 *    inside it, fare gates on both long sides of the paid area (standard gates and a wide gate), a customer
 *    service centre and toilets in the unpaid area;
 *  - one platform level per line below it (levels -1, -2, ... in the order of the SPEC's line codes): an island
 *    platform between two trackways, as long as the line's trains, laid along the line's direction from the
 *    previous to the next station (so plans follow the real lines), with platform screen doors on both edges;
 *  - per platform level, stairs, escalators (up and down) and a lift from the paid area;
 *  - walls: the outline of each level, and the screen doors, as LineStrings with a base and top height;
 *  - the station's pedestrian network (SPEC §3 segments coded per SPEC §9, core/contracts/pedestrianNetwork.ts)
 *    joining the entrances, concourse, gates, facilities and both ends of every platform, and the places a route
 *    can start or end at (exits, platform ends, facilities). server/routing/stationNetwork.ts routes over it.
 * Every station is modelled as underground and every line gets its own level; elevated stations and
 * same-level interchanges are not distinguished. The plan is moved a few metres from the station point and its
 * sizes vary a little, from a generator seeded with the parameter seed and the station code: the same seed and
 * stations always give the same plans (a test checks it), and one station's plan does not depend on the others.
 * Stations without exits in the exit list get no street level (nothing to route from outside).
 */
import { z } from 'zod';
import {
  DIRECTION,
  gradientClass,
  LOCATION,
  POSITION_CERTAINTY,
  RAILWAY_LINE_CODES,
  segmentFigures,
  STAIR_ANGLE_DEGREES,
  YES_NO,
  type IndoorFacility,
  type IndoorPolygonCollection,
  type IndoorPolygonProperties,
  type IndoorWallCollection,
  type IndoorWallProperties,
  type LocalisedText,
  type PedestrianSegment,
  type VerticalMode,
} from '../../core/contracts';
import { bearingDegrees, metresPerDegree, offsetLonLat } from './localFrame';
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
  /** Each station's floors, pedestrian network and places, in the order of the stations given. */
  stations: StationNetworkModel[];
}

type LonLat = [number, number];

export interface StationFloor {
  floorId: string;
  floorLevel: number;
  name: LocalisedText;
  /** Height of the walking surface, metres relative to the ground. */
  heightMetres: number;
}

/** A node of a station's pedestrian network: a point on one floor. */
export interface StationNode {
  position: LonLat;
  floorId: string;
  heightMetres: number;
}

/** A segment between two nodes; a two-way segment (direction 0) may be walked either way. */
export interface StationSegment {
  from: number;
  to: number;
  properties: PedestrianSegment;
}

/** A place a route can start or end at. */
export interface StationPlace {
  id: string;
  kind: 'exit' | 'platform' | 'facility';
  facility: IndoorFacility | null;
  name: LocalisedText;
  floorId: string;
  node: number;
  /** Exits only: whether the real exit is barrier-free. */
  barrierFree: boolean;
}

export interface StationNetworkModel {
  code: string;
  venueId: string;
  name: LocalisedText;
  /** Top to bottom. */
  floors: StationFloor[];
  nodes: StationNode[];
  segments: StationSegment[];
  places: StationPlace[];
}

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
  /** The plan coordinates (along, across) of a lon/lat point, inverse of `point`. */
  const local = ([lon, lat]: LonLat): [number, number] => {
    const scale = metresPerDegree(latitude);
    const east = (lon - longitude) * scale.longitude;
    const north = (lat - latitude) * scale.latitude;
    return [east * Math.sin(axis) + north * Math.cos(axis), east * Math.cos(axis) - north * Math.sin(axis)];
  };
  return { point, rectangle, local };
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
  const platformLevels: Array<{ floor: FloorFields; line: MtrLineAtStation; frame: ReturnType<typeof planFrame>; length: number; height: number }> = [];
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
    platformLevels.push({ floor, line, frame, length, height: platformLevel });
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
  const network = stationNetwork(station, parameters, {
    concourse,
    concourseFloor,
    concourseLength,
    concourseWidth,
    paidLength,
    paidWidth: concourseWidth * parameters.paidAreaFraction,
    paidShift,
    concourseLevel,
    platformLevels,
    centre: [centreLongitude, centreLatitude],
    addPolygon,
  });
  // Floors top to bottom (the street level's features are drawn after the platforms), as the floor lists read them.
  const topFirst = (a: { properties: { floorLevel: number } }, b: { properties: { floorLevel: number } }) => b.properties.floorLevel - a.properties.floorLevel;
  return { polygons: polygons.sort(topFirst), walls: walls.sort(topFirst), network };
}

type FloorFields = Pick<IndoorPolygonProperties, 'floorId' | 'floorName_EN' | 'floorName_TC' | 'floorName_SC' | 'floorLevel' | 'line'>;

/** What the network needs of a station's plan. */
interface PlanLayout {
  concourse: ReturnType<typeof planFrame>;
  concourseFloor: FloorFields;
  concourseLength: number;
  concourseWidth: number;
  paidLength: number;
  paidWidth: number;
  /** Centre of the paid area along the concourse axis, metres from the plan centre. */
  paidShift: number;
  concourseLevel: number;
  platformLevels: Array<{ floor: FloorFields; line: MtrLineAtStation; frame: ReturnType<typeof planFrame>; length: number; height: number }>;
  centre: LonLat;
  addPolygon: (floor: FloorFields, space: IndoorPolygonProperties['space'], suffix: string, ring: LonLat[], base: number, top: number) => void;
}

/** Side of a footprint square of stairs, escalators and lifts, metres. */
const FOOTPRINT_METRES = 3;
/** Facility footprints stand this much proud of their floor, above the paid area's slab. */
const FOOTPRINT_RAISE_METERS = 0.1;
/** Exits with escalators: about half, drawn from the seeded generator (the exit list says nothing about them). */
const EXIT_ESCALATOR_SHARE = 0.5;

const COMPASS = [
  ['north', '北', '北'],
  ['north-east', '東北', '东北'],
  ['east', '東', '东'],
  ['south-east', '東南', '东南'],
  ['south', '南', '南'],
  ['south-west', '西南', '西南'],
  ['west', '西', '西'],
  ['north-west', '西北', '西北'],
] as const;
/** The 8-point compass direction of a bearing, in the three languages. */
function compassOf(bearing: number): { en: string; hk: string; cn: string } {
  const [en, hk, cn] = COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8];
  return { en, hk, cn };
}

/** Horizontal metres between two nearby points. */
function planeMetres(a: LonLat, b: LonLat): number {
  const scale = metresPerDegree((a[1] + b[1]) / 2);
  return Math.hypot((b[0] - a[0]) * scale.longitude, (b[1] - a[1]) * scale.latitude);
}

/** How a segment is walked: on the flat (in the station, in an exit subway, on the street), vertically, or through gates. */
type SegmentKind = 'walk' | 'subway' | 'street' | VerticalMode | 'gate' | 'wide-gate';

/**
 * The station's pedestrian network and places (see the file comment), and the facility polygons drawn through
 * `layout.addPolygon`. Uses its own seeded stream, so the plan drawn before it is unchanged by it.
 */
function stationNetwork(station: MtrStation, parameters: IndoorGeneratorParameters, layout: PlanLayout): StationNetworkModel {
  const random = seededRandom(`${parameters.seed}:${station.code}:network`);
  const code = station.code;
  const nodes: StationNode[] = [];
  const segments: StationSegment[] = [];
  const places: StationPlace[] = [];
  const { concourse, concourseLength: L, concourseWidth: W, paidLength, paidWidth, paidShift, concourseLevel } = layout;

  const streetFields: FloorFields = { floorId: `${code}-G`, floorName_EN: 'Street level', floorName_TC: '地面', floorName_SC: '地面', floorLevel: 1, line: null };
  const asFloor = (fields: FloorFields, heightMetres: number): StationFloor => ({
    floorId: fields.floorId,
    floorLevel: fields.floorLevel,
    name: { 'en-US': fields.floorName_EN, 'zh-HK': fields.floorName_TC, 'zh-CN': fields.floorName_SC },
    heightMetres,
  });
  const street = asFloor(streetFields, 0);
  const concourseFloor = asFloor(layout.concourseFloor, concourseLevel);
  const platformFloors = layout.platformLevels.map((level) => asFloor(level.floor, level.height));
  const floors = [...(station.exits.length > 0 ? [street] : []), concourseFloor, ...platformFloors];

  const addNode = (position: LonLat, floor: StationFloor): number => {
    nodes.push({ position, floorId: floor.floorId, heightMetres: floor.heightMetres });
    return nodes.length - 1;
  };
  const addSegment = (from: number, to: number, kind: SegmentKind, options: { terminal?: PedestrianSegment['terminalType']; oneWay?: boolean } = {}) => {
    const a = nodes[from];
    const b = nodes[to];
    const verticalMode = kind === 'stairs' || kind === 'escalator' || kind === 'lift' ? kind : null;
    const figures = segmentFigures(verticalMode, b.heightMetres - a.heightMetres, planeMetres(a.position, b.position));
    const stepFree = kind !== 'stairs' && kind !== 'escalator' && kind !== 'gate';
    const outdoor = kind === 'street';
    segments.push({
      from,
      to,
      properties: {
        segmentId: `${code}-S${segments.length + 1}`,
        featureType: kind === 'subway' ? 4 : kind === 'stairs' || kind === 'escalator' ? 12 : 1,
        gradient: gradientClass(figures.slopeDegrees),
        direction: options.oneWay ? DIRECTION.forward : DIRECTION.both,
        location: outdoor ? LOCATION.outdoor : LOCATION.indoor,
        wheelchairAccess: stepFree ? YES_NO.yes : YES_NO.no,
        wheelchairBarrier: stepFree ? YES_NO.no : YES_NO.yes,
        weatherproof: outdoor ? YES_NO.no : YES_NO.yes,
        crossingFeature: YES_NO.no,
        positionCertainty: POSITION_CERTAINTY.approximate,
        dataSource: null,
        levelSource: null,
        floorSource: null,
        obstaclesType: null,
        streetName: null,
        siteType: outdoor ? 'street' : 'metro-station',
        terminalType: options.terminal ?? null,
        accessTimeType: outdoor ? 'always' : 'station-opening-hours',
        verticalMode,
        fareGate: kind === 'gate' ? 'standard' : kind === 'wide-gate' ? 'wide' : null,
        fromFloorId: a.floorId,
        toFloorId: b.floorId,
        lengthMetres: round2(figures.lengthMetres),
        walkingSeconds: round2(figures.walkingSeconds),
      },
    });
  };
  /** Joins nodes lying on one straight walkway, in the order of their position along it. */
  const chain = (stops: Array<{ at: number; node: number }>, kind: SegmentKind) => {
    const sorted = [...stops].sort((a, b) => a.at - b.at);
    for (let i = 1; i < sorted.length; i += 1) if (sorted[i].node !== sorted[i - 1].node) addSegment(sorted[i - 1].node, sorted[i].node, kind);
  };
  const footprint = (fields: FloorFields, height: number, space: IndoorPolygonProperties['space'], suffix: string, centre: LonLat, axis: number, length = FOOTPRINT_METRES, width = FOOTPRINT_METRES) =>
    layout.addPolygon(fields, space, suffix, planFrame(centre[0], centre[1], axis).rectangle(0, 0, length, width), height - parameters.slabThicknessMeters, height + FOOTPRINT_RAISE_METERS);
  const concourseAxis = station.lines[0].axisDegrees;
  const atConcourse = (along: number, across: number) => addNode(concourse.point(along, across), concourseFloor);
  const facilityPlace = (id: string, facility: IndoorFacility, name: LocalisedText, floor: StationFloor, node: number) =>
    places.push({ id, kind: 'facility', facility, name, floorId: floor.floorId, node, barrierFree: false });

  // Concourse: an unpaid corridor down each long side of the paid area, joined across the concourse's ends where
  // the paid area leaves room; gates on both sides of the paid area; a spine down the middle of the paid area.
  const corridorAcross = (paidWidth / 2 + W / 2) / 2;
  const clampAlong = (along: number) => Math.max(-L / 2 + 3, Math.min(L / 2 - 3, along));
  const corridors = new Map<number, Array<{ at: number; node: number }>>([
    [-1, []],
    [1, []],
  ]);
  const corridorNode = (side: number, along: number) => {
    const node = atConcourse(clampAlong(along), side * corridorAcross);
    corridors.get(side)!.push({ at: clampAlong(along), node });
    return node;
  };
  const ends = [-1, 1].map((end) => ({ end, left: corridorNode(-1, end * (L / 2 - 2)), right: corridorNode(1, end * (L / 2 - 2)) }));
  for (const { end, left, right } of ends) {
    const endAlong = end * (L / 2 - 2);
    if (end * (endAlong - (paidShift + (end * paidLength) / 2)) >= 2) addSegment(left, right, 'walk');
  }
  const spineStops: Array<{ at: number; node: number }> = [];
  const spineNode = (along: number) => {
    const node = atConcourse(along, 0);
    spineStops.push({ at: along, node });
    return node;
  };
  const spineCentre = spineNode(paidShift);
  spineNode(paidShift - paidLength / 2 + 2);
  spineNode(paidShift + paidLength / 2 - 2);
  const concourseFields = layout.concourseFloor;
  for (const side of [-1, 1]) {
    const outside = corridorNode(side, paidShift);
    const inside = atConcourse(paidShift, side * (paidWidth / 2 - 1.5));
    addSegment(outside, inside, 'gate');
    addSegment(outside, inside, 'wide-gate');
    addSegment(inside, spineCentre, 'walk');
    footprint(concourseFields, concourseLevel, 'gate-line', `gates-${side < 0 ? 1 : 2}`, concourse.point(paidShift, (side * paidWidth) / 2), concourseAxis, 8, 1.2);
    const direction = compassOf(bearingDegrees(layout.centre, concourse.point(paidShift, side * paidWidth)));
    facilityPlace(`${code}-C-gates-${side < 0 ? 1 : 2}`, 'gate', { 'en-US': `Gates (${direction.en} side)`, 'zh-HK': `閘機（${direction.hk}面）`, 'zh-CN': `闸机（${direction.cn}面）` }, concourseFloor, outside);
  }
  const serviceAlong = clampAlong(paidShift + 8);
  footprint(concourseFields, concourseLevel, 'customer-service', 'customer-service', concourse.point(serviceAlong, -(W / 2 - 1.5)), concourseAxis, 6, 3);
  facilityPlace(`${code}-C-customer-service`, 'customer-service', { 'en-US': 'Customer Service Centre', 'zh-HK': '客務中心', 'zh-CN': '客务中心' }, concourseFloor, corridorNode(-1, serviceAlong));
  const toiletAlong = clampAlong(paidShift - 8);
  footprint(concourseFields, concourseLevel, 'toilet', 'toilets', concourse.point(toiletAlong, W / 2 - 1.5), concourseAxis, 8, 3);
  facilityPlace(`${code}-C-toilets`, 'toilet', { 'en-US': 'Toilets', 'zh-HK': '洗手間', 'zh-CN': '洗手间' }, concourseFloor, corridorNode(1, toiletAlong));

  // Exits: an entrance at the real exit, stairs (always), escalators (seeded) and a lift (barrier-free exits)
  // down to the foot of a subway that leads to the nearer long side of the concourse.
  const rise = Math.abs(concourseLevel);
  const run = rise / Math.tan((STAIR_ANGLE_DEGREES * Math.PI) / 180);
  for (const exit of station.exits) {
    const frame = planFrame(exit.coordinates[0], exit.coordinates[1], bearingDegrees(exit.coordinates, layout.centre));
    const entrance = addNode(exit.coordinates, street);
    places.push({
      id: `${code}-exit-${exit.exit}`,
      kind: 'exit',
      facility: null,
      name: { 'en-US': `Exit ${exit.exit}`, 'zh-HK': `${exit.exit} 出口`, 'zh-CN': `${exit.exit} 出口` },
      floorId: street.floorId,
      node: entrance,
      barrierFree: exit.barrierFree,
    });
    // One entrance polygon holds the exit's stairs, escalators and lift (no footprint of their own: the all-stations
    // feed stays small, and they stand within a few metres of each other).
    layout.addPolygon(streetFields, 'entrance', `exit-${exit.exit}-entrance`, frame.rectangle(1 + run / 2, 0, run + 4, 9), -parameters.slabThicknessMeters, FOOTPRINT_RAISE_METERS);
    const foot = addNode(frame.point(run + 3, 0), concourseFloor);
    const connectors: Array<{ mode: VerticalMode; across: number; exists: boolean; name: LocalisedText }> = [
      { mode: 'stairs', across: -2.5, exists: true, name: { 'en-US': `Stairs at Exit ${exit.exit}`, 'zh-HK': `${exit.exit} 出口樓梯`, 'zh-CN': `${exit.exit} 出口楼梯` } },
      { mode: 'escalator', across: 0, exists: random() < EXIT_ESCALATOR_SHARE, name: { 'en-US': `Escalators at Exit ${exit.exit}`, 'zh-HK': `${exit.exit} 出口扶手電梯`, 'zh-CN': `${exit.exit} 出口扶手电梯` } },
      { mode: 'lift', across: 2.5, exists: exit.barrierFree, name: { 'en-US': `Lift at Exit ${exit.exit}`, 'zh-HK': `${exit.exit} 出口升降機`, 'zh-CN': `${exit.exit} 出口升降机` } },
    ];
    for (const connector of connectors.filter((candidate) => candidate.exists)) {
      const topPosition = frame.point(1, connector.across);
      const bottomPosition = frame.point(connector.mode === 'lift' ? 1 : 1 + run, connector.across);
      const top = addNode(topPosition, street);
      const bottom = addNode(bottomPosition, concourseFloor);
      addSegment(entrance, top, 'street', { terminal: 'station-exit' });
      addConnector(top, bottom, connector.mode);
      addSegment(bottom, foot, 'subway');
      facilityPlace(`${code}-exit-${exit.exit}-${connector.mode === 'escalator' ? 'escalators' : connector.mode}`, connector.mode, connector.name, street, top);
    }
    // The subway from the foot of the exit to the concourse's nearer long side, then into its corridor.
    const [footAlong, footAcross] = concourse.local(nodes[foot].position);
    const side = footAcross < 0 ? -1 : 1;
    const insideConcourse = Math.abs(footAlong) < L / 2 && Math.abs(footAcross) < W / 2;
    const corridor = corridorNode(side, footAlong);
    if (insideConcourse) {
      addSegment(foot, corridor, 'walk');
    } else {
      const doorway = atConcourse(clampAlong(footAlong), (side * W) / 2);
      addSegment(foot, doorway, 'subway');
      addSegment(doorway, corridor, 'walk');
      const length = planeMetres(nodes[foot].position, nodes[doorway].position);
      if (length >= 1) {
        const [a, b] = [nodes[foot].position, nodes[doorway].position];
        const middle: LonLat = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        layout.addPolygon(layout.concourseFloor, 'passage', `exit-${exit.exit}-passage`, planFrame(middle[0], middle[1], bearingDegrees(a, b)).rectangle(0, 0, length, 5), concourseLevel - parameters.slabThicknessMeters, concourseLevel + PAID_AREA_RAISE_METERS);
      }
    }
  }

  /** Stairs and lifts are two-way; escalators come in pairs, one up and one down, each one-way. */
  function addConnector(top: number, bottom: number, mode: VerticalMode) {
    if (mode === 'escalator') {
      addSegment(bottom, top, 'escalator', { oneWay: true });
      addSegment(top, bottom, 'escalator', { oneWay: true });
    } else {
      addSegment(top, bottom, mode);
    }
  }

  // Each platform level: stairs, escalators and a lift from a slot of the paid area's spine down to the
  // platform's centre line, and the platform's two ends as places.
  const slotStart = paidShift - paidLength / 2 + 4;
  const slotLength = paidLength - 8;
  layout.platformLevels.forEach((level, index) => {
    const floor = platformFloors[index];
    const slot = slotStart + ((index + 0.5) * slotLength) / layout.platformLevels.length;
    const junction = spineNode(slot);
    const delta = ((level.line.axisDegrees - concourseAxis) * Math.PI) / 180;
    const reach = level.length / 2 - 6;
    const platformStops: Array<{ at: number; node: number }> = [];
    const lineName = level.line.name;
    const connectors: Array<{ mode: VerticalMode; along: number; across: number; id: string; name: LocalisedText }> = [
      { mode: 'stairs', along: slot, across: -5, id: 'stairs', name: { 'en-US': `Stairs to the ${lineName['en-US']} platforms`, 'zh-HK': `往${lineName['zh-HK']}月台的樓梯`, 'zh-CN': `往${lineName['zh-CN']}月台的楼梯` } },
      { mode: 'escalator', along: slot, across: 5, id: 'escalators', name: { 'en-US': `Escalators to the ${lineName['en-US']} platforms`, 'zh-HK': `往${lineName['zh-HK']}月台的扶手電梯`, 'zh-CN': `往${lineName['zh-CN']}月台的扶手电梯` } },
      { mode: 'lift', along: slot + 3, across: 0, id: 'lift', name: { 'en-US': `Lift to the ${lineName['en-US']} platforms`, 'zh-HK': `往${lineName['zh-HK']}月台的升降機`, 'zh-CN': `往${lineName['zh-CN']}月台的升降机` } },
    ];
    for (const connector of connectors) {
      const topPosition = concourse.point(connector.along, connector.across);
      // The foot: the point of the platform's centre line nearest to the top (the two plans share their centre).
      const at = Math.max(-reach, Math.min(reach, connector.along * Math.cos(delta) + connector.across * Math.sin(delta)));
      const bottomPosition = level.frame.point(at, 0);
      const top = addNode(topPosition, concourseFloor);
      const bottom = addNode(bottomPosition, floor);
      addSegment(junction, top, 'walk');
      addConnector(top, bottom, connector.mode);
      platformStops.push({ at, node: bottom });
      footprint(layout.concourseFloor, concourseLevel, connector.mode, `${level.floor.floorId.slice(code.length + 1)}-${connector.id}`, topPosition, concourseAxis);
      footprint(level.floor, level.height, connector.mode, connector.id, bottomPosition, level.line.axisDegrees);
      facilityPlace(`${level.floor.floorId}-${connector.id}`, connector.mode, connector.name, concourseFloor, top);
    }
    [-1, 1].forEach((end, endIndex) => {
      const at = end * (level.length / 2 - 3);
      const position = level.frame.point(at, 0);
      const node = addNode(position, floor);
      platformStops.push({ at, node });
      const direction = compassOf(bearingDegrees(layout.centre, position));
      places.push({
        id: `${level.floor.floorId}-platform-${endIndex + 1}`,
        kind: 'platform',
        facility: null,
        name: {
          'en-US': `${lineName['en-US']} platform, ${direction.en} end`,
          'zh-HK': `${lineName['zh-HK']}月台（${direction.hk}端）`,
          'zh-CN': `${lineName['zh-CN']}月台（${direction.cn}端）`,
        },
        floorId: floor.floorId,
        node,
        barrierFree: false,
      });
    });
    const sorted = [...platformStops].sort((a, b) => a.at - b.at);
    for (let i = 1; i < sorted.length; i += 1) {
      const terminal = i === 1 || i === sorted.length - 1 ? 'platform' : undefined;
      addSegment(sorted[i - 1].node, sorted[i].node, 'walk', { terminal });
    }
  });

  for (const stops of corridors.values()) chain(stops, 'walk');
  chain(spineStops, 'walk');
  return { code, venueId: `MTR-${code}`, name: station.name, floors, nodes, segments, places };
}

/** The sample plans of all stations: the same stations and parameters always give the same model. */
export function generateIndoorModel(stations: readonly MtrStation[], parameters: IndoorGeneratorParameters): IndoorModel {
  const plans = stations.map((station) => stationPlan(station, parameters));
  return {
    stations: plans.map((plan) => plan.network),
    polygons: { type: 'FeatureCollection', sample: true, features: plans.flatMap((plan) => plan.polygons) },
    walls: { type: 'FeatureCollection', sample: true, features: plans.flatMap((plan) => plan.walls) },
  };
}
