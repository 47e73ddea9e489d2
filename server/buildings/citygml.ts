/**
 * The Kowloon Bay LOD1 CityGML sample (CityGML 2.0, EPSG:32650 UTM 50N, LandsD iB1000 ids): each
 * `bldg:Building` and each podium of its `buildingExtra` ADE (`pfx0:Podium`) is one record. The footprint is the
 * lowest face of the `lod1Solid` (the horizontal face(s) at the solid's least height; a solid with two such faces
 * gives two records, the second suffixed `#2`); levels come from the generic attributes `BaseLevel` and
 * `TopLevel` (metres above HKPD), the height from `Height`. The file is a few hundred kilobytes, read whole; the
 * reader uses the elements of this profile only, not a general GML parser.
 */
import type { BuildingRecord } from '../../core/contracts/buildings';
import { fromUtm } from '../geo/utm';
import { normaliseFootprint } from './footprint';
import { BuildingRowError } from './readers';

interface CityObject {
  attributes: Map<string, string>;
  /** Each surface of the solid: its exterior ring as x, y, z triples. */
  faces: Array<Array<[number, number, number]>>;
  /** Line of the object in the file, for messages. */
  line: number;
}

const MEMBER = /<core:cityObjectMember>([\s\S]*?)<\/core:cityObjectMember>/g;
const ATTRIBUTE = /<gen:stringAttribute name="([^"]+)">\s*<gen:value>([^<]*)<\/gen:value>/g;
const POS_LIST = /<gml:posList[^>]*>([^<]*)<\/gml:posList>/g;

function cityObjects(gml: string): CityObject[] {
  const objects: CityObject[] = [];
  for (const member of gml.matchAll(MEMBER)) {
    const body = member[1];
    if (!/<(bldg:Building|pfx0:Podium)\b/.test(body)) continue;
    const attributes = new Map([...body.matchAll(ATTRIBUTE)].map((match) => [match[1], match[2].trim()] as [string, string]));
    const faces = [...body.matchAll(POS_LIST)].map((match) => {
      const numbers = match[1].trim().split(/\s+/).map(Number);
      const positions: Array<[number, number, number]> = [];
      for (let i = 0; i + 2 < numbers.length; i += 3) positions.push([numbers[i], numbers[i + 1], numbers[i + 2]]);
      return positions;
    });
    objects.push({ attributes, faces, line: gml.slice(0, member.index).split('\n').length });
  }
  return objects;
}

/** The horizontal faces at the solid's lowest height (within 1 cm). */
export function lowestFaces(faces: ReadonlyArray<ReadonlyArray<readonly [number, number, number]>>): Array<ReadonlyArray<readonly [number, number, number]>> {
  const lowest = Math.min(...faces.flatMap((face) => face.map((position) => position[2])));
  return faces.filter((face) => face.length >= 4 && face.every((position) => Math.abs(position[2] - lowest) < 0.01));
}

function level(attributes: Map<string, string>, name: string): number | null {
  const text = attributes.get(name);
  if (text === undefined || text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null;
}

export interface CityGmlResult {
  records: BuildingRecord[];
  /** Objects that could not be read, with the reason (the importer's bad-row report). */
  errors: Array<{ line: number; reason: string }>;
}

export function readCityGml(gml: string, dataset: string): CityGmlResult {
  const records: BuildingRecord[] = [];
  const errors: CityGmlResult['errors'] = [];
  const seen = new Set<string>();
  for (const object of cityObjects(gml)) {
    try {
      const buildingId = object.attributes.get('BuildingID');
      if (!buildingId) throw new BuildingRowError('BuildingID is missing');
      const baseLevelMetres = level(object.attributes, 'BaseLevel');
      const roofLevelMetres = level(object.attributes, 'TopLevel');
      const heightMetres = level(object.attributes, 'Height') ?? (baseLevelMetres !== null && roofLevelMetres !== null ? roofLevelMetres - baseLevelMetres : null);
      if (heightMetres === null || !(heightMetres > 0)) throw new BuildingRowError('no positive Height');
      const footprints = lowestFaces(object.faces);
      if (footprints.length === 0) throw new BuildingRowError('the lod1Solid has no horizontal lowest face');
      const blockType = object.attributes.get('TypeofBuildingBlock') ?? null;
      footprints.forEach((face) => {
        const footprint = normaliseFootprint([face.map(([easting, northing]) => fromUtm(50, [easting, northing]))]);
        if (typeof footprint === 'string') throw new BuildingRowError(footprint);
        // A second face, or a second object with the same BuildingID, gets the next free `#n`.
        const base = `citygml:${buildingId}`;
        let id = base;
        for (let n = 2; seen.has(id); n += 1) id = `${base}#${n}`;
        seen.add(id);
        records.push({
          id,
          csuid: null,
          landsdBuildingId: buildingId,
          footprint,
          baseLevelMetres,
          roofLevelMetres,
          heightMetres,
          heightKind: 'measured',
          storeys: null,
          nameEn: null,
          nameZh: null,
          category: 'other',
          // T tower, P podium, OS / TS other structures (the iB1000 block type).
          categorySourceValue: blockType,
          address: null,
          yearCompleted: null,
          source: 'landsd-citygml',
          sourceDataset: dataset,
        });
      });
    } catch (error) {
      if (!(error instanceof BuildingRowError)) throw error;
      errors.push({ line: object.line, reason: error.message });
    }
  }
  return { records, errors };
}
