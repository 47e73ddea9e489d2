/**
 * The texts the tool shows about an answer, in the page language: where the view is blocked (the building's name
 * when the store has one, else "a building" or "terrain at lon, lat"), for the panel and the map label alike.
 */
import type { AnalysisBuildingName, LineOfSightResponse } from '../../core/contracts/analysis';
import type { Language } from '../../core/contracts/common';
import { distanceParts } from './parameters';

export type Format = (id: string, values?: Record<string, string | number>) => string;

/** The name in the page language where the record has it, else the other one; null when it has none. */
export function buildingNameIn(language: Language, name: AnalysisBuildingName | null | undefined): string | null {
  if (!name) return null;
  const chinese = language !== 'en-US';
  return (chinese ? (name.zh ?? name.en) : (name.en ?? name.zh)) ?? null;
}

type Obstruction = NonNullable<LineOfSightResponse['obstruction']>;

/** What blocks the view, e.g. "Wang Wai House", "a building (landsd:1108221735)", "terrain at 114.18640, 22.34110". */
export function obstructionPlace(t: Format, language: Language, obstruction: Obstruction): string {
  if (obstruction.kind === 'building') {
    const name = buildingNameIn(language, obstruction.buildingName);
    return name ?? t('lineOfSight.place.unnamedBuilding', { id: obstruction.buildingId ?? '' });
  }
  return t('lineOfSight.place.terrain', { longitude: obstruction.longitude.toFixed(5), latitude: obstruction.latitude.toFixed(5) });
}

/** A distance with its unit, e.g. "812.4 m", "1.23 km". */
export function distanceText(t: Format, metres: number): string {
  const { unit, number } = distanceParts(metres);
  return t(`lineOfSight.unit.${unit}`, { number });
}

/** The map label at the obstruction: "Blocked: <place>", its height and distance from the eye. */
export function obstructionLabel(t: Format, language: Language, answer: LineOfSightResponse): string {
  const obstruction = answer.obstruction;
  if (!obstruction) return '';
  return t('lineOfSight.label.blocked', {
    place: obstructionPlace(t, language, obstruction),
    height: obstruction.heightMetres.toFixed(1),
    distance: distanceText(t, obstruction.distanceMetres),
  });
}
