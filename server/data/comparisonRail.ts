/**
 * The two rail networks of the then-and-now comparison (core/contracts/comparison.ts), in one GeoJSON shape:
 *
 *  - 2016: `rail/osm2016_mtr_hk_only.geojson`, the MTR ways of an OpenStreetMap export of 16 February 2016 (ODbL).
 *    Each way names the route relations it belongs to (`@relations[].reltags`: ref, name:en, name:zh, colour);
 *    the up and down relations of a line share the code, so ways are grouped by the code and each way is kept once.
 *    Stop nodes (Points) are left out: the layer is the lines.
 *  - today: the MTR line and station list as GET static/railways builds it (railwayLines.ts), each route a line
 *    through its stations in order — schematic, not the track alignment.
 */
import { readDataJson } from './files';
import { buildRailwayLines } from './railwayLines';
import type { ComparisonRailNetwork, LocalisedText } from '../../core/contracts';

export const RAIL_2016_FILE = 'rail/osm2016_mtr_hk_only.geojson';
export const RAIL_2016_SNAPSHOT_DATE = '2016-02-16';
export const RAIL_2016_ATTRIBUTION = '© OpenStreetMap contributors (ODbL), export of 16 February 2016';

/**
 * The MTR's published line colours, for today's lines (the line and station list carries none). The 2016 file has
 * its own colours, from the OpenStreetMap relations.
 */
export const MTR_LINE_COLOURS: Readonly<Record<string, string>> = {
  AEL: '#00888A',
  TCL: '#F7943E',
  TML: '#923011',
  TKL: '#7D499D',
  EAL: '#5EB6E4',
  SIL: '#BAC429',
  TWL: '#E2231A',
  ISL: '#0071CE',
  KTL: '#00AB4E',
  DRL: '#F173AC',
};

interface OsmRelationTags {
  ref?: string;
  name?: string;
  'name:en'?: string;
  'name:zh'?: string;
  colour?: string;
}
interface OsmRailFeature {
  id?: string;
  properties?: { '@id'?: string; '@relations'?: { reltags?: OsmRelationTags }[] };
  geometry?: { type?: string; coordinates?: unknown };
}

/**
 * Names of the 2016 lines that no longer run under that code (merged into the Tuen Ma Line in 2021). The lines
 * that still run take today's names from the MTR's list, which has all three scripts (the OSM relations have
 * English and Traditional Chinese only).
 */
export const FORMER_LINE_NAMES: Readonly<Record<string, LocalisedText>> = {
  WRL: { 'en-US': 'West Rail Line', 'zh-HK': '西鐵綫', 'zh-CN': '西铁线' },
  MOL: { 'en-US': 'Ma On Shan Line', 'zh-HK': '馬鞍山綫', 'zh-CN': '马鞍山线' },
};

/** An MTR line code of three capitals: the export also holds Shenzhen Metro's numbered lines, left out. */
const MTR_CODE = /^[A-Z]{3}$/;

function isLonLatLine(value: unknown): value is [number, number][] {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    value.every((p) => Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]))
  );
}

/** The 2016 network from the OSM export. Throws naming the file when it is missing or holds no MTR line. */
export function buildRail2016(dataDir: string): ComparisonRailNetwork {
  const todayNames = new Map(buildRailwayLines(dataDir).lines.map((line) => [line.line as string, line.name]));
  const file = readDataJson<{ features?: OsmRailFeature[] }>(dataDir, RAIL_2016_FILE);
  const lines = new Map<string, { tags: OsmRelationTags; ways: Map<string, [number, number][]> }>();
  for (const feature of file.features ?? []) {
    if (feature.geometry?.type !== 'LineString' || !isLonLatLine(feature.geometry.coordinates)) continue;
    const wayId = feature.properties?.['@id'] ?? feature.id;
    const tags = feature.properties?.['@relations']?.find((relation) => relation.reltags?.ref)?.reltags;
    if (!wayId || !tags?.ref || !MTR_CODE.test(tags.ref)) continue;
    const entry = lines.get(tags.ref) ?? { tags, ways: new Map() };
    entry.ways.set(wayId, feature.geometry.coordinates.map(([lon, lat]) => [lon, lat] as [number, number]));
    lines.set(tags.ref, entry);
  }
  if (lines.size === 0) throw new Error(`data/${RAIL_2016_FILE}: no MTR line ways`);
  const features = [...lines.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ref, { tags, ways }]) => {
      const name = todayNames.get(ref) ?? FORMER_LINE_NAMES[ref];
      if (!name) throw new Error(`data/${RAIL_2016_FILE}: line ${ref} has no name in three languages`);
      const colour = /^#[0-9a-f]{6}$/i.test(tags.colour ?? '') ? tags.colour!.toUpperCase() : (MTR_LINE_COLOURS[ref] ?? '#808080');
      return {
        type: 'Feature' as const,
        id: `rail2016-${ref}`,
        geometry: { type: 'MultiLineString' as const, coordinates: [...ways.values()] },
        properties: {
          line: ref,
          name,
          colour,
        },
      };
    });
  return {
    type: 'FeatureCollection',
    features,
    snapshotDate: RAIL_2016_SNAPSHOT_DATE,
    outOfDate: true,
    schematic: false,
    attribution: RAIL_2016_ATTRIBUTION,
    sample: false,
  };
}

/** Today's network: the lines of GET static/railways, each route through its stations. */
export function buildRailToday(dataDir: string): ComparisonRailNetwork {
  const { lines, attribution } = buildRailwayLines(dataDir);
  const features = lines.map((line) => {
    const positions = new Map(line.stations.map((station) => [station.code, station.position]));
    return {
      type: 'Feature' as const,
      id: `rail-today-${line.line}`,
      geometry: {
        type: 'MultiLineString' as const,
        coordinates: line.branches.map((branch) => branch.map((code) => positions.get(code)!)),
      },
      properties: { line: line.line, name: line.name, colour: MTR_LINE_COLOURS[line.line] ?? '#808080' },
    };
  });
  return { type: 'FeatureCollection', features, snapshotDate: null, outOfDate: false, schematic: true, attribution, sample: false };
}
