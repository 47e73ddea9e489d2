/**
 * Look-at links (issue 14 point 3, variant flag `lookAt`): `?lookAt=<lon>,<lat>[,<height>[,<range>]]` points the
 * camera at that place from `range` metres (default 1500) to the south, 45° down, then leaves the camera free. A place
 * outside Hong Kong is refused with SPEC §5's 'Input location falls outside Hong Kong.' — the data service's
 * `search/locate` decides (the 18 districts, land and sea), as for typed coordinates in the search box; when it
 * cannot be asked, the share area's box (./shareParams.ts) decides instead, so the link still works offline.
 */
import { placeLocateResponseSchema } from '../../core/contracts/places';
import type { HttpClient, I18nService, MapFacade, NoticeService } from '../../core/plugin/types';
import { insideShareArea, type LookAtTarget } from './shareParams';

/** SPEC §5 'Input location falls outside Hong Kong.' */
export const OUTSIDE_HONG_KONG_MESSAGE = 'shareMap.lookAt.outsideHongKong';
/** 45° down: the place and its surroundings, as an oblique view of a city block is usually shown. */
const LOOK_AT_PITCH_DEGREES = -45;

export interface LookAtServices {
  map: Pick<MapFacade, 'whenReady' | 'lookAt'>;
  http: HttpClient;
  notices: NoticeService;
  i18n: Pick<I18nService, 'format'>;
  apiBase: string;
  report: (message: string, error?: unknown) => void;
}

/** Whether the place is in Hong Kong: the data service's answer, else the share area when it cannot answer. */
async function insideHongKong(services: LookAtServices, target: LookAtTarget): Promise<boolean> {
  const query = new URLSearchParams({ longitude: String(target.longitude), latitude: String(target.latitude) });
  try {
    const where = await services.http.json(`${services.apiBase.replace(/\/?$/, '/')}search/locate?${query}`, placeLocateResponseSchema);
    return !where.outsideHongKong;
  } catch (error) {
    services.report('look-at: the data service could not say whether the place is in Hong Kong; the share area decides', error);
    return insideShareArea(target.longitude, target.latitude);
  }
}

/** Resolves once the camera has been pointed (true) or the place refused with the notice (false). */
export async function lookAtPlace(services: LookAtServices, target: LookAtTarget): Promise<boolean> {
  if (!(await insideHongKong(services, target))) {
    services.notices.show({ id: 'share-map-look-at-outside', message: () => services.i18n.format(OUTSIDE_HONG_KONG_MESSAGE), severity: 'warning' });
    return false;
  }
  await services.map.whenReady();
  services.map.lookAt(
    { longitude: target.longitude, latitude: target.latitude, heightMeters: target.heightMeters },
    { rangeMeters: target.rangeMeters, headingDegrees: 0, pitchDegrees: LOOK_AT_PITCH_DEGREES },
  );
  return true;
}
