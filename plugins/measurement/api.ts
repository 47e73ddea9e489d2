/**
 * What other plugins may use of the measurement plugin: the product's one measurement geometry (geodesics, areas,
 * slope/height/triangle figures — view shed, cross section, GPX lengths use it rather than a copy) and the exclusive
 * group the measure tools belong to, and the SPEC §5 phone / small-screen check that blocks measuring (the analysis
 * tools block on the same check).
 */
export {
  AREA_DENSIFY_STEP_METERS,
  type Ellipsoid,
  geodesicDirect,
  type GeodesicDirect,
  geodesicDistance,
  geodesicInverse,
  type GeodesicInverse,
  GeodesicNotConvergedError,
  heightFigures,
  type HeightFigures,
  type LonLat,
  type LonLatHeight,
  polygonFigures,
  type PolygonFigures,
  polylineLengths,
  type PolylineLengths,
  slopeFigures,
  type SlopeFigures,
  triangleFigures,
  type TriangleFigures,
  WGS84,
} from '../../core/contracts/geodesy';

/**
 * SPEC §4 "Measure tools (line, area, triangle, height) and view shed are mutually exclusive": the core exclusive
 * group (core/exclusivity/rules.ts) that holds every `measure-mode:*` switch. A view-shed toggle tool joins it with
 * `exclusiveGroups: [MEASURE_EXCLUSIVE_GROUP]`; choosing one then ends the other (MeasurementPanel.test.tsx).
 */
export const MEASURE_EXCLUSIVE_GROUP = 'measure-tools';

export { onPhoneOrSmallScreen } from './smallScreen';
