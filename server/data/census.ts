/**
 * The census layer's polygons: the 452 District Council constituency areas of 2019 (data/census), named in three
 * languages. The file has Traditional Chinese names only; Simplified Chinese is converted with our character map
 * and English is the constituency code with the district's English name, as data/README.md says.
 */
import type { Dcca2019FeatureCollection } from '../../core/contracts';
import { DISTRICT_FILES } from './districts';
import { readDataJson } from './files';
import { convertCharacters, type CharacterMap } from './searchText';

export const CENSUS_FILES = {
  dcca2019: 'census/dcca_2019_boundaries.geojson',
  districtNames: DISTRICT_FILES.names,
  chineseScript: 'names/chinese_script_characters.json',
} as const;

interface DccaSourceFeature {
  geometry: { type: 'Polygon'; coordinates: Array<Array<[number, number]>> };
  properties: { code: string; name_tc: string; district_tc: string };
}

type Ring = Array<[number, number]>;

const samePoint = (a: readonly [number, number], b: readonly [number, number]) => a[0] === b[0] && a[1] === b[1];

/**
 * The ring without repeated points and without spikes (a vertex the outline leaves and comes straight back to,
 * A-B-A), closed. Digitising left 79 repeated points and 2 spikes in the file; they are zero-length segments and
 * reversals with no direction, which outline drawers cannot turn into a line.
 */
export function cleanRing(ring: Ring): Ring {
  const points: Ring = [];
  for (const point of ring.slice(0, -1)) {
    if (points.length > 0 && samePoint(points[points.length - 1], point)) continue;
    points.push(point);
    // A spike: the last three points go out and come back; drop the tip and the repeated return point.
    while (points.length >= 3 && samePoint(points[points.length - 3], points[points.length - 1])) points.splice(-2, 2);
  }
  while (points.length > 1 && samePoint(points[0], points[points.length - 1])) points.pop();
  return [...points, points[0]];
}

/** The district's name without the suffix 區 (district), which the DCCA file writes on some names and not others. */
const withoutDistrictSuffix = (name: string) => name.replace(/區$/, '');

export function loadDcca2019(dataDir: string): Dcca2019FeatureCollection {
  const source = readDataJson<{ features: DccaSourceFeature[] }>(dataDir, CENSUS_FILES.dcca2019);
  const districts = readDataJson<{ names: Record<string, { 'en-US': string; 'zh-HK': string; 'zh-CN': string }> }>(dataDir, CENSUS_FILES.districtNames).names;
  const toSimplified = readDataJson<{ toSimplified: CharacterMap }>(dataDir, CENSUS_FILES.chineseScript).toSimplified;

  const features = source.features.map((feature) => {
    const { code, name_tc: nameTc, district_tc: districtTc } = feature.properties;
    const letter = code.charAt(0);
    const district = districts[letter];
    // The code's letter and the district name must agree, or the English name would name the wrong district.
    if (!district || withoutDistrictSuffix(district['zh-HK']) !== withoutDistrictSuffix(districtTc)) {
      throw new Error(`data/${CENSUS_FILES.dcca2019}: ${code} lies in ${districtTc}, which is not district ${letter} of data/${CENSUS_FILES.districtNames}`);
    }
    return {
      type: 'Feature' as const,
      id: code,
      geometry: { type: 'Polygon' as const, coordinates: [cleanRing(feature.geometry.coordinates[0])] },
      properties: {
        key: code,
        district: letter,
        name_EN: `${code} ${district['en-US']}`,
        name_TC: nameTc,
        name_SC: convertCharacters(nameTc, toSimplified),
        district_EN: district['en-US'],
        district_TC: district['zh-HK'],
        district_SC: district['zh-CN'],
      },
    };
  });
  features.sort((a, b) => a.id.localeCompare(b.id));
  return { type: 'FeatureCollection', features };
}
