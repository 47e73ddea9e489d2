/**
 * The variant manifest schema (variants/<id>.json) and the pieces of it other manifests share (ids, views, the
 * `$schema` key), written with zod/mini: the first render waits for the variant to be validated (app/startup.ts),
 * and zod/mini with these schemas alone is a fraction of zod with every manifest schema (issue 13 point 6).
 * zod/mini and zod build the same schema objects (zod/v4/core), so core/manifests/schemas.ts uses these inside
 * its zod schemas and the JSON Schema of manifests/manifest.schema.json comes out the same.
 */
import * as z from 'zod/mini';
// The English locale by its own path: `z.locales.en` would reach it through the object of every locale, which
// a bundler cannot trim (app/build/standaloneModules.ts bundles this module for the first render).
import english from 'zod/v4/locales/en.js';

// zod installs its English messages when imported, zod/mini does not: without them a problem in a variant
// would read "Invalid input" in the browser, where zod itself is not loaded yet, and differently in the checks.
z.config(english());

/** kebab-case / lowercase id: `temperature`, `air-quality`, `lot-gla`. */
export const idSchema = z.string().check(z.regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'expected a lowercase kebab-case id such as "air-quality"'));

/** The `$schema` key every manifest file starts with (points at manifests/manifest.schema.json). */
export const schemaKey = z.optional(z.string()).check(z.describe('Path or URL of manifests/manifest.schema.json (for editors).'));

/** A camera position. Degrees for angles (pitch -90 looks straight down), metres for height. */
export const viewSchema = z.strictObject({
  /** WGS84 longitude, degrees. */
  longitude: z.number().check(z.gte(-180), z.lte(180)),
  /** WGS84 latitude, degrees. */
  latitude: z.number().check(z.gte(-90), z.lte(90)),
  /** Camera height above the ellipsoid, metres. */
  heightMeters: z.number().check(z.gte(10, 'expected number ≥ 10 (SPEC §9 minimum camera height)')),
  /** Heading clockwise from north, degrees. Default 0. */
  headingDegrees: z._default(z.number(), 0),
  /** Pitch, degrees; -90 looks straight down. Default -90. */
  pitchDegrees: z._default(z.number().check(z.gte(-90), z.lte(90)), -90),
  /** Roll, degrees. Default 0. */
  rollDegrees: z._default(z.number(), 0),
});
export type View = z.infer<typeof viewSchema>;

const flag = (description: string) => z._default(z.boolean(), false).check(z.describe(description));

/** Feature switches of SPEC §1 / §3 "Map settings". Every flag defaults to false. */
export const variantFlagsSchema = z.strictObject({
  layers: flag('Layer drawer.'),
  layerTreeToggling: flag('Layer tree with group toggling.'),
  hiking: flag('Hiking trails.'),
  heritage: flag('Heritage sites (pilot).'),
  auxiliary: flag('Cycling (auxiliary) facilities.'),
  firstPersonView: flag('First-person view.'),
  measurement: flag('Measurement tools.'),
  navigationHelp: flag('Navigation help.'),
  inspector: flag('Inspector.'),
  keywordSearch: flag('Keyword search.'),
  fieldOfView: flag('Field of view toggle.'),
  goHome: flag('Map control: go home.'),
  zoom: flag('Map control: zoom.'),
  indoor: flag('3D indoor map.'),
  indoorWallView: flag('Indoor wall view.'),
  indoorTransitStation: flag('Indoor metro stations.'),
  indoorRouting: flag('Indoor point-to-point pedestrian routing.'),
  zoningPlans: flag('Outline zoning plans.'),
  lotGla: flag('Lot boundaries and GLA mode.'),
  temperature: flag('Temperature layer.'),
  humidity: flag('Humidity layer.'),
  wind: flag('Wind layer.'),
  aqhi: flag('AQHI layer.'),
  beach: flag('Beach water quality layer.'),
  marine: flag('Marine water quality layer.'),
  river: flag('River water quality layer.'),
  imagery: flag('Traffic snapshot imagery.'),
  shareMap: flag('Share map (functions only unless shareWithUrl/fullShareOptions).'),
  shareWithUrl: flag('Share map with a URL (development).'),
  fullShareOptions: flag('All share options (development).'),
  lookAt: flag('Look-at.'),
  videoCapture: flag('Screen video capture.'),
  realtimeIdentify: flag('Real-time identify data.'),
  catalogue: flag('Open-data catalogue.'),
  catalogueAutoDownloadSelection: flag('Catalogue automatic download selection by map click.'),
  apiPages: flag('API pages.'),
  apiMeasurement: flag('API page: measurement.'),
  apiIndoor: flag('API page: indoor.'),
  slowClientLightMode: flag('Slow-client light mode.'),
  slowClientCountNotification: flag('Slow-client count-based notification.'),
  downloadApi: flag('Download API.'),
  megaMenu: flag('Mega menu.'),
  quickActionMenu: flag('Quick action menu.'),
  outdoorRouting: flag('Outdoor (walking/driving) routing.'),
  viewshed: flag('View shed.'),
  tourist: flag('Virtual tours (tourist).'),
  stargazing: flag('Stargazing.'),
  comparison: flag('Then-and-now comparison.'),
  uav: flag('Low-altitude flying (drone restriction zones).'),
  shadow: flag('Shadow view.'),
  lineOfSight: flag('Line of sight between two points.'),
  crossSection: flag('Cross section (ground and building profile along a line), with the heritage cross-section.'),
  splitLayers: flag('Split layers: the map divided, each side with its own layers.'),
  multiView: flag('Multi view: two to four synchronised views.'),
  timePlayer: flag('Time player: the scene clock for the shadow view and time-aware layers.'),
  compass: flag('Compass.'),
  fullScreen: flag('Full screen.'),
  gps: flag('GPS location.'),
  careTeam: flag('Care teams (map.careteam.enabled).'),
  accidentEmergency: flag('Accident and emergency services.'),
  tideGauge: flag('Tide gauge.'),
  tours: flag('Guided tours.'),
  census: flag('Census 2021 layers.'),
  landParcelSearch: flag('Land parcel search.'),
  utmIdentify: flag('UTM grid identify (development).'),
  dynamicRailwayIdentify: flag('Dynamic railway identify with refresh (development).'),
  trafficImageHeightTool: flag('Traffic image height adjustment tool (app-td-dev, dev hosts only).'),
  greyOut: flag('Map setting greyOut.'),
  catalogueOnly: flag('Map setting isCatalogueOnly: only the catalogue routes.'),
  appUrlPathShorten: flag('Map setting isAppUrlPathShorten: shortened URLs.'),
});
export type VariantFlags = z.infer<typeof variantFlagsSchema>;
export type VariantFlag = keyof VariantFlags;

/** A plugin enabled by a variant, with its config (parsed by the plugin's `configSchema`). */
export const variantPluginSchema = z.strictObject({
  id: idSchema,
  /** Per-plugin options; the plugin's zod `configSchema` validates them and supplies defaults. Default {}. */
  config: z._default(z.record(z.string(), z.unknown()), {}),
});

/** A variant manifest, `variants/<id>.json` (DESIGN "Variants and addresses"). */
export const variantManifestSchema = z.strictObject({
  $schema: schemaKey,
  id: idSchema,
  description: z.optional(z.string()),
  /** Applies only on a dev host or localhost (SPEC §2, §6). Default false. */
  devOnly: z._default(z.boolean(), false),
  plugins: z.array(variantPluginSchema),
  /** Overlay ids (manifests/overlays) offered by this variant. Default []. */
  overlays: z._default(z.array(idSchema), []),
  flags: variantFlagsSchema,
  startView: z.strictObject({ desktop: viewSchema, mobile: viewSchema }),
  /** The whole-territory "home" extent (SPEC §9: 90000 m; minimal 12500 m). */
  homeView: viewSchema,
  /** Layer-tree group ids shown at start. Default []. */
  defaultLayerGroups: z._default(z.array(z.string().check(z.minLength(1))), []),
  /** Share-map folder id mapping (SPEC §9: `f2_group` → `3d` ...). Default {}. */
  shareMapFolders: z._default(z.record(z.string(), z.string()), {}),
});
export type VariantManifest = z.infer<typeof variantManifestSchema>;
export type VariantManifestInput = z.input<typeof variantManifestSchema>;
