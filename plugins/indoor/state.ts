/**
 * The indoor plugin's store slice (`plugins.indoor`): which venue's 3D indoor map is open, its floors and current
 * floor, and how the floors and walls are shown. Other plugins read it through api.ts (never this file directly),
 * so they re-render when the open map or its floor changes.
 */
import type { Language } from '../../core/plugin/types';
import { definePluginSlice } from '../../core/store/appStore';

export type IndoorVenueType = 'metro-station' | 'building';

export interface IndoorFloor {
  floorId: string;
  /** The floor's level number in the feed (higher is higher; 0 or 1 is street level depending on the venue). */
  floorLevel: number;
  name: Record<Language, string>;
}

export interface OpenIndoorMap {
  venueId: string;
  venueType: IndoorVenueType;
  name: Record<Language, string>;
  /** Top to bottom. */
  floors: IndoorFloor[];
  currentFloorId: string;
  /** Ellipsoid height, metres, of the ground the venue's relative heights start from. */
  groundHeightMeters: number;
}

/**
 * `closed`: overview (no venue). `loading`: a venue was chosen, its floors and ground height are being read.
 * `open`: `map` is on screen. `failed`: the venue could not be opened (`failure` says why, a SPEC §8 message key).
 */
export type IndoorMapStatus = 'closed' | 'loading' | 'open' | 'failed';

export interface IndoorState {
  status: IndoorMapStatus;
  /** The venue chosen (also while loading or failed), null in the overview. */
  venueId: string | null;
  /** The open map; non-null only while `status` is `open`. */
  map: OpenIndoorMap | null;
  /** Message key (locales/<lang>/indoor.json) of the last failure to open, null otherwise. */
  failure: string | null;
  /** The floors other than the current one: drawn faint, or hidden (user choice). */
  otherFloors: 'faint' | 'hidden';
  /** Wall view: walls extruded (see-through from above). */
  wallView: boolean;
  /** The area the last identify inside the open map hit (its feed properties), null when none. */
  identified: { areaKey: string; floorId: string; properties: Record<string, unknown> } | null;
}

export const INDOOR_PLUGIN_ID = 'indoor';

export const indoorSlice = definePluginSlice<IndoorState>(INDOOR_PLUGIN_ID, {
  status: 'closed',
  venueId: null,
  map: null,
  failure: null,
  otherFloors: 'faint',
  wallView: false,
  identified: null,
});
