/**
 * The then-and-now pairs (pure, no Cesium): for each, what the two views show (year, source, licence, whether it is
 * out of date), how each view is built for the multi view (plugins/multi-view/api.ts), and the places worth looking
 * at, where the two states differ. Every figure here was measured on the data (CONTEXT.md, "Where they differ").
 */
import type { CompanionViewChoice } from '../multi-view/api';

export const COMPARISON_PAIR_IDS = ['terrain', 'rail'] as const;
export type ComparisonPairId = (typeof COMPARISON_PAIR_IDS)[number];

/** Formats a message of the comparison's locale files (the plugin's i18n). */
export type Translate = (id: string) => string;

export interface ComparisonSide {
  /** Message ids: the view's title ("2000 (SRTM)"), its source and its licence. */
  titleId: string;
  sourceId: string;
  licenceId: string;
  /** The state shown is out of date (the 2016 rail network): the drawer marks it. */
  outOfDate: boolean;
  /** The view for the multi view, its title and layer labels already translated. */
  view(apiBase: string, t: Translate): CompanionViewChoice;
}

export interface ComparisonPlace {
  id: string;
  labelId: string;
  longitude: number;
  latitude: number;
  /** Distance of the camera from the place, metres (looking north at 40° down). */
  rangeMeters: number;
}

export interface ComparisonPair {
  id: ComparisonPairId;
  nameId: string;
  /** Then, now. */
  sides: readonly [ComparisonSide, ComparisonSide];
  places: readonly ComparisonPlace[];
}

/** Colours of the two rail networks' lines: one per network, so the two views are told apart at a glance. */
export const RAIL_2016_COLOUR = '#C0392B';
export const RAIL_TODAY_COLOUR = '#1F6FD1';
/** Land in 2020 that was at sea level in 2000: outline and translucent fill. */
export const LAND_SINCE_2000_COLOUR = '#E67E22';
export const LAND_SINCE_2000_FILL = 'rgba(230, 126, 34, 0.55)';

export const COMPARISON_PAIRS: readonly ComparisonPair[] = [
  {
    id: 'terrain',
    nameId: 'comparison.pair.terrain',
    sides: [
      {
        titleId: 'comparison.terrain.then.title',
        sourceId: 'comparison.terrain.then.source',
        licenceId: 'comparison.terrain.then.licence',
        outOfDate: false,
        view: (apiBase, t) => ({ title: t('comparison.terrain.then.title'), terrainUrl: `${apiBase}terrain-srtm2000/` }),
      },
      {
        titleId: 'comparison.terrain.now.title',
        sourceId: 'comparison.terrain.now.source',
        licenceId: 'comparison.terrain.now.licence',
        outOfDate: false,
        // The map's own terrain (manifests/terrains/adaptive.json). Both views drape the same relief (shaded from
        // today's DEM), so this view also fills the land that was at sea level in 2000: the difference shows at a glance.
        view: (apiBase, t) => ({
          title: t('comparison.terrain.now.title'),
          terrainId: 'adaptive',
          layers: [
            {
              kind: 'geojson',
              url: `${apiBase}static/comparison/land-since-2000`,
              strokeColour: LAND_SINCE_2000_COLOUR,
              fillColour: LAND_SINCE_2000_FILL,
              label: t('comparison.terrain.now.layer'),
            },
          ],
        }),
      },
    ],
    // Land in the LandsD 2020 grid, sea in SRTM 2000 (server/routes/comparison.test.ts checks each).
    places: [
      { id: 'pennys-bay', labelId: 'comparison.place.pennysBay', longitude: 114.042, latitude: 22.311, rangeMeters: 2500 },
      { id: 'central-waterfront', labelId: 'comparison.place.centralWaterfront', longitude: 114.1527, latitude: 22.2891, rangeMeters: 1800 },
      { id: 'kai-tak', labelId: 'comparison.place.kaiTak', longitude: 114.2206, latitude: 22.3082, rangeMeters: 1800 },
    ],
  },
  {
    id: 'rail',
    nameId: 'comparison.pair.rail',
    sides: [
      {
        titleId: 'comparison.rail.then.title',
        sourceId: 'comparison.rail.then.source',
        licenceId: 'comparison.rail.then.licence',
        outOfDate: true,
        view: (apiBase, t) => ({
          title: t('comparison.rail.then.title'),
          layers: [{ kind: 'geojson', url: `${apiBase}static/comparison/rail2016`, strokeColour: RAIL_2016_COLOUR, label: t('comparison.rail.then.layer') }],
        }),
      },
      {
        titleId: 'comparison.rail.now.title',
        sourceId: 'comparison.rail.now.source',
        licenceId: 'comparison.rail.now.licence',
        outOfDate: false,
        view: (apiBase, t) => ({
          title: t('comparison.rail.now.title'),
          layers: [{ kind: 'geojson', url: `${apiBase}static/comparison/rail-today`, strokeColour: RAIL_TODAY_COLOUR, label: t('comparison.rail.now.layer') }],
        }),
      },
    ],
    // Stations of lines the 2016 network lacks (data/mtr/mtr_stations_derived.geojson).
    places: [
      { id: 'kai-tak-station', labelId: 'comparison.place.kaiTakStation', longitude: 114.1994, latitude: 22.3304, rangeMeters: 5000 },
      { id: 'wong-chuk-hang', labelId: 'comparison.place.wongChukHang', longitude: 114.168, latitude: 22.248, rangeMeters: 5000 },
      { id: 'whampoa', labelId: 'comparison.place.whampoa', longitude: 114.1898, latitude: 22.3048, rangeMeters: 3000 },
    ],
  },
];

export function comparisonPair(id: string): ComparisonPair | null {
  return COMPARISON_PAIRS.find((pair) => pair.id === id) ?? null;
}

/** Every message id the pairs use (the locale test checks each language has them). */
export function pairMessageIds(): string[] {
  return COMPARISON_PAIRS.flatMap((pair) => [
    pair.nameId,
    ...pair.sides.flatMap((side) => [side.titleId, side.sourceId, side.licenceId]),
    ...pair.places.map((place) => place.labelId),
  ]);
}
