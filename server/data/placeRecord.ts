/** The shape every place loader produces, and the helpers they share (kept apart from places.ts, which imports the loaders). */
import type { LocalisedText, PlaceKind } from '../../core/contracts';

/** A searchable place as stored in the `places` table. */
export interface PlaceRecord {
  id: string;
  kind: PlaceKind;
  name: LocalisedText;
  /** The district it lies in, or what it belongs to (the trail of a distance post). */
  detail?: LocalisedText;
  longitude: number;
  latitude: number;
  outsideHongKong: boolean;
}

/** What every place loader needs besides its own files. */
export interface PlaceContext {
  dataDir: string;
  /** Where a point is: the district name as its detail, and whether it lies outside all 18 districts. */
  locate(longitude: number, latitude: number): { detail?: LocalisedText; outsideHongKong: boolean };
  /** Traditional → Simplified Chinese with our character map (data/names/chinese_script_characters.json). */
  toSimplified(text: string): string;
  /** Simplified → Traditional, for the few OpenStreetMap names written in Simplified script. */
  toTraditional(text: string): string;
}

/** Six decimals of a degree: about 0.1 m, finer than any source. */
export function roundCoordinate(value: number, digits = 6): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A lower-case id part from an English name: "St. Stephen's Beach" → "st-stephens-beach". */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
