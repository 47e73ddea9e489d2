/**
 * UTM identify (SPEC §1 development variants, §5, §7): while on, a click asks the UTM lookup for the 1 km UTM
 * grid square containing the point and draws it. The answer's corner list must be exactly 8 numbers (4 corners
 * on the HK1980 Grid), else it is refused. Failures are swallowed (SPEC §7): logged to the console, nothing shown.
 */
import { fromHk1980 } from '../../core/contracts/hk1980';
import { utmLookupEndpoint, utmLookupResponseSchema } from '../../core/contracts/utm';
import { toUtm, utmZoneOf } from '../../core/contracts/utmGrid';
import type { Disposer, HttpClient, MapFacade, MapPickResult } from '../../core/plugin/types';

export const UTM_IDENTIFY_TOOL = 'utm-identify';
const SQUARE_FILL = 'rgba(0, 120, 255, 0.18)';
const SQUARE_OUTLINE = '#0078ff';

/** The lookup address for a WGS84 point: its UTM zone (`50_Q`, the dash of `50-Q` replaced) and metres. */
export function utmLookupUrl(longitude: number, latitude: number): string {
  const zone = utmZoneOf(longitude);
  const [easting, northing] = toUtm(zone, [longitude, latitude]);
  return utmLookupEndpoint.path
    .replace('{zone}', `${zone}_Q`)
    .replace('{easting}', easting.toFixed(1))
    .replace('{northing}', northing.toFixed(1));
}

/**
 * The square's corners as WGS84 longitude/latitude from `VERTICES_SEQ`, or null unless it is exactly 8 finite
 * numbers (SPEC §5: 4 corners).
 */
export function squareCorners(verticesSeq: string): Array<readonly [number, number]> | null {
  const parts = verticesSeq.split(',');
  if (parts.length !== 8 || parts.some((part) => part.trim() === '')) return null;
  const numbers = parts.map(Number);
  if (!numbers.every(Number.isFinite)) return null;
  const corners: Array<readonly [number, number]> = [];
  for (let index = 0; index < 8; index += 2) corners.push(fromHk1980([numbers[index]!, numbers[index + 1]!]));
  return corners;
}

export interface UtmIdentify {
  setActive(on: boolean): void;
  /** Looks up and draws the square at a click (the pointer mode calls this). */
  identify(pick: MapPickResult): Promise<void>;
  dispose(): void;
}

export function createUtmIdentify(options: { map: MapFacade; http: HttpClient; onEscape: () => void }): UtmIdentify {
  const { map, http } = options;
  const graphics = map.temporaryGraphics(UTM_IDENTIFY_TOOL);
  let release: Disposer | null = null;
  let latest = 0;

  const identify = async (pick: MapPickResult) => {
    if (!release || !pick.position) return;
    const request = (latest += 1);
    try {
      const answer = await http.json(utmLookupUrl(pick.position.longitude, pick.position.latitude), utmLookupResponseSchema);
      if (request !== latest || !release) return;
      const corners = squareCorners(answer.VERTICES_SEQ);
      if (!corners) {
        console.warn(`UTM identify: refused a vertex list that is not 8 numbers: ${answer.VERTICES_SEQ}`);
        return;
      }
      graphics.clear();
      graphics.addGroundPolygons([{ positions: corners, fillColour: SQUARE_FILL, outlineColour: SQUARE_OUTLINE }]);
      console.info(`UTM identify: ${answer.NAME}`);
    } catch (error) {
      console.warn('UTM identify: the lookup failed', error);
    }
  };

  const setActive = (on: boolean) => {
    graphics.clear();
    release?.();
    release = null;
    latest += 1;
    if (on) {
      release = map.takePointer({
        id: UTM_IDENTIFY_TOOL,
        onPick: (pick) => void identify(pick),
        onEnd: () => {
          release = null;
          options.onEscape();
        },
      });
    }
  };
  return { setActive, identify, dispose: () => setActive(false) };
}
