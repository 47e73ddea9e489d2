import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE_PATH, type ErrorBody } from '../core/contracts';
import type { ApiKeyEnvironment } from '../core/contracts/download';
import { createDatabaseBuildingStore } from './buildings/databaseStore';
import { buildingRoutes } from './buildings/routes';
import { seedDefaultBuildings } from './buildings/seed';
import type { BuildingStore } from './buildings/store';
import { MEMORY_DATABASE, openDatabase, type Db } from './db';
import { createSheetFileStore } from './download/sheetFiles';
import type { AccelRedirectPrefixes } from './download/stream';
import { installErrorHandler, MAX_PATH_SEGMENT_LENGTH } from './http/errors';
import { staticRoutes } from './http/static';
import { analyticsRoutes } from './routes/analytics';
import { analysisRoutes } from './routes/analysis';
import { annotationRoutes } from './routes/annotation';
import { heritageRoutes } from './routes/heritage';
import { stargazingRoutes } from './routes/stargazing';
import { buildingTileRoutes } from './routes/buildingTiles';
import { catalogueRoutes } from './routes/catalogue';
import { siteConfigRoutes } from './routes/siteConfig';
import { readSiteSettings, type SiteSettings } from './siteSettings';
import { censusRoutes } from './routes/census';
import { domainRoutes } from './routes/domain';
import { careTeamRoutes } from './routes/careTeams';
import { cyclingRoutes } from './routes/cycling';
import { drivingRoutes } from './routes/driving';
import { walkingRoutes } from './routes/walking';
import { panoramaRoutes } from './routes/panoramas';
import { downloadRoutes } from './routes/download';
import { downloadGridRoutes } from './routes/downloadGrid';
import { dtmRoutes } from './routes/dtm';
import { geopinRoutes } from './routes/geopin';
import { tideRoutes } from './routes/tides';
import { healthRoutes } from './routes/health';
import { identifyRoutes } from './routes/identify';
import { indoorRoutes } from './routes/indoor';
import { indoorRoutingRoutes } from './routes/indoorRouting';
import { indoorDownloadRoutes } from './routes/indoorDownload';
import { lotRoutes } from './routes/lots';
import { openApiRoutes } from './routes/openapi';
import { realtimeRoutes } from './routes/realtime';
import { windSeriesRoutes } from './routes/windSeries';
import { railwayRoutes } from './routes/railways';
import { comparisonRoutes } from './routes/comparison';
import { routingRoutes } from './routes/routing';
import { trailRoutes } from './routes/trails';
import { searchRoutes } from './routes/search';
import { staticLayerRoutes } from './routes/static';
import { utmRoutes } from './routes/utm';
import { zoningRoutes } from './routes/zoning';
import { createWmtsTileSources } from './geo/wmts';
import { wmtsRoutes } from './routes/wmts';
import type { SourcesOptions } from './sources/config';
import { terrainRoutes } from './terrain/index';

/** The repository root (server/..). */
export const ROOT_DIR = resolve(import.meta.dirname, '..');

export interface BuildServerOptions {
  /** The real data folder; default <root>/data. */
  dataDir?: string;
  /** PGlite folder (persisted), or ':memory:' for tests; default <root>/var/db. */
  databasePath?: string;
  /** A PostgreSQL server (`postgres://user:password@host:port/database`) used instead of PGlite; main.ts reads DATABASE_URL. */
  databaseUrl?: string;
  /** The built app; default <root>/dist. */
  distDir?: string;
  /** Cache folder for derived files (terrain tiles); default <root>/var/cache. */
  cacheDir?: string;
  /** Installed orthophoto tiles (<z>/<x>/<y>.jpg|png), served when present; default ORTHO_DIR or <root>/var/ortho. */
  orthoDir?: string;
  logger?: boolean;
  /**
   * Production download files of the 1:1000 sheets, <dir>/<dataset>/<FORMAT>/<sheet>.zip (server/download/CONTEXT.md);
   * default env DOWNLOAD_STORAGE_DIR or <root>/var/downloads. Generated files are cached under <cacheDir>/downloads.
   */
  downloadStorageDir?: string;
  /**
   * The environment this server runs as (SPEC §6): the download API accepts only keys issued for it; a development
   * server also stores the documented example key. main.ts reads API_KEY_ENVIRONMENT; default 'development'.
   */
  keyEnvironment?: ApiKeyEnvironment;
  /**
   * Set when nginx sits in front: sheet downloads answer with X-Accel-Redirect to these internal locations and an
   * empty body (server/download/CONTEXT.md). main.ts reads DOWNLOAD_ACCEL_STORAGE_PREFIX and DOWNLOAD_ACCEL_CACHE_PREFIX.
   */
  downloadAccelRedirect?: AccelRedirectPrefixes;
  /** The open-data catalogue's record files (one JSON per dataset); default <root>/manifests/catalogue. */
  catalogueDir?: string;
  /** Where the realtime and environment feeds come from (offline snapshots or live sources); default: SOURCES. */
  sources?: SourcesOptions;
  /** Contacts and the key-request mailbox (server/siteSettings.ts); default: read from the environment / SITE_SETTINGS_FILE. */
  siteSettings?: SiteSettings;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database opened at start-up; closed with the server. */
    db: Db;
    /** The one building store (server/buildings/CONTEXT.md): 3D Tiles, identify, base-map footprints, building query. */
    buildings: BuildingStore;
    /** Every route as "METHOD /url", in registration order (the contract-coverage test reads it). */
    routeTable: string[];
  }
}

/**
 * Builds the data service: opens and migrates the database, seeds places, registers every route, and returns
 * a ready (not yet listening) Fastify instance. Closing it closes the database.
 */
export async function buildServer(options: BuildServerOptions = {}): Promise<FastifyInstance> {
  const dataDir = resolve(options.dataDir ?? join(ROOT_DIR, 'data'));
  const databasePath = options.databasePath === MEMORY_DATABASE ? MEMORY_DATABASE : resolve(options.databasePath ?? join(ROOT_DIR, 'var', 'db'));
  const distDir = resolve(options.distDir ?? join(ROOT_DIR, 'dist'));
  const cacheDir = resolve(options.cacheDir ?? join(ROOT_DIR, 'var', 'cache'));

  const app = Fastify({
    logger: options.logger ?? false,
    // The app's URLs are case-sensitive; bodies are small JSON (analytics sets its own smaller limit).
    bodyLimit: 1024 * 1024,
    // Path segments up to 4 KiB reach the contracts, which answer 400 naming the param (the default 100 gives a bare 414).
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: MAX_PATH_SEGMENT_LENGTH },
    // The portal may sit behind one proxy or CDN; its address is never stored.
    trustProxy: false,
  });
  const db = await openDatabase({ databasePath, databaseUrl: options.databaseUrl, dataDir });
  app.decorate('db', db);
  const buildings = createDatabaseBuildingStore(db);
  await seedDefaultBuildings(db, buildings, dataDir);
  app.decorate('buildings', buildings);
  app.decorate('registeredEndpoints', new Set<string>());
  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push(`${method} ${route.url}`);
  });
  app.addHook('onClose', async () => {
    await db.close();
  });

  installErrorHandler(app);

  await app.register(healthRoutes);
  const { version } = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string };
  // The site's public settings (contacts, key-request mailbox): the OpenAPI documents' contact,
  // GET /mapviewer/api/config and the catalogue records' contact.
  const siteSettings = options.siteSettings ?? readSiteSettings(process.env);
  await app.register(openApiRoutes, { version, contact: siteSettings.contact });
  await app.register(realtimeRoutes, { dataDir, sources: options.sources });
  // The recorded wind series of Typhoon Tapah's night for the time-aware wind layer (server/data/windSeries.ts).
  await app.register(windSeriesRoutes, { dataDir });
  await app.register(searchRoutes, { db, dataDir });
  await app.register(analyticsRoutes, { db });
  // The relief and lot routes hand their tile renderers to the WMTS service registered after them.
  const wmtsTiles = createWmtsTileSources();
  // DEM terrain and relief tiles (server/terrain/, owned separately); tiles cached under var/cache/tiles.
  await app.register(terrainRoutes, {
    wmtsTiles,
    dataDir,
    cacheDir: join(cacheDir, 'tiles'),
    // Building footprints drawn into the relief tiles at close zoom (the street plan where no 3D model stands).
    buildings,
    orthoDir: resolve(options.orthoDir ?? process.env.ORTHO_DIR ?? join(ROOT_DIR, 'var', 'ortho')),
  });
  // Geometry services (drone zones WFS, getZ, UTM grid lookup, sample lot tiles and attributes, building identify).
  await app.register(geopinRoutes, { dataDir });
  await app.register(tideRoutes, { dataDir, sources: options.sources });
  await app.register(dtmRoutes, { dataDir });
  await app.register(utmRoutes);
  await app.register(lotRoutes, { dataDir, wmtsTiles });
  // WMTS capabilities (KVP and RESTful) and KVP GetTile over the lot and relief tiles, at GeoServer's paths.
  await app.register(wmtsRoutes, { sources: wmtsTiles });
  const catalogueDir = resolve(options.catalogueDir ?? join(ROOT_DIR, 'manifests', 'catalogue'));
  await app.register(identifyRoutes, { dataDir, catalogueDir, buildings });
  // The building query of the analysis tools and the covered areas of the building data (server/buildings/).
  await app.register(buildingRoutes, { db, buildings });
  // The buildings as 3D Tiles 1.1, generated per store version and cached under var/cache/3dtiles/buildings.
  await app.register(buildingTileRoutes, { store: buildings, dataDir, cacheDir });
  // Static layers (marine, river, traffic cameras and their snapshots), indoor MTR venues and plans, care team messages.
  await app.register(staticLayerRoutes, { dataDir });
  await app.register(indoorRoutes, { dataDir });
  // Point-to-point routes inside the stations' sample models (server/routing/stationNetwork.ts), built per station on its first request.
  await app.register(indoorRoutingRoutes, { dataDir });
  // Indoor download page: venue search and each venue's GeoJSON and zipped Shapefile (server/indoor-download/).
  await app.register(indoorDownloadRoutes, { dataDir });
  // Routing API: shortest MTR trips over the real line network (server/routing/).
  await app.register(routingRoutes, { dataDir });
  // A&E driving routes over the road network (server/routing/emergency.ts), the graph built on the first request.
  await app.register(drivingRoutes, { dataDir });
  // Walking routes over the pedestrian network that exists (server/routing/walking.ts), built on the first request.
  await app.register(walkingRoutes, { dataDir });
  // The MTR lines and their stations in order, for the railway identify tool of the development variants.
  await app.register(railwayRoutes, { dataDir });
  // The then-and-now comparison's old states: the terrain of 2000 (SRTM) and the MTR lines of 2016 beside today's.
  await app.register(comparisonRoutes, { dataDir });
  await app.register(domainRoutes, { dataDir });
  // Care teams: one generated sample team per sub-district (server/data/careTeams.ts).
  await app.register(careTeamRoutes, { dataDir });
  // Cycling (auxiliary) facilities: a TD file when installed, else sample cycle parking by MTR stations (server/data/cycling.ts).
  await app.register(cyclingRoutes, { dataDir });
  // Spatial analysis (issue 16): profiles, lines of sight and view sheds over the DTM with the buildings' roofs (server/analysis/).
  await app.register(analysisRoutes, { dataDir, buildings });
  // Streetscape 360 (issue 18): panorama sets of data/panoramas and PANORAMA_DIR; rendered samples drawn on first request into var/cache/panoramas.
  await app.register(panoramaRoutes, { dataDir, cacheDir, buildings });
  // Hiking: the long trails and their stages measured on the DTM, with profiles (server/data/trails.ts).
  await app.register(trailRoutes, { dataDir });
  // Layer drawer: annotation labels (place names) and the census layer's constituency areas.
  await app.register(annotationRoutes, { dataDir });
  // Declared monuments for the heritage drawer and layer, from the landmark labels' reading (server/data/annotation.ts).
  await app.register(heritageRoutes, { dataDir });
  // Dark-sky viewpoints and the night's sun and moon (server/data/stargazing*.ts).
  await app.register(stargazingRoutes, { dataDir });
  await app.register(censusRoutes, { dataDir });
  // Land: the outline zoning plan layer (an installed OZP zone file, else the Kwun Tong buildings by their zone).
  await app.register(zoningRoutes, { dataDir });
  // Tile-grid download: the sheet index and each sheet's files (generated GLTF/OBJ/CESIUM from the DEM and the building store, or production files in storage).
  const sheetFiles = createSheetFileStore({
    dataDir,
    storageDir: resolve(options.downloadStorageDir ?? process.env.DOWNLOAD_STORAGE_DIR ?? join(ROOT_DIR, 'var', 'downloads')),
    cacheDir: join(cacheDir, 'downloads'),
    buildings,
  });
  await app.register(siteConfigRoutes, { settings: siteSettings });
  // Open-data catalogue: record files validated and seeded at start-up; list, record, ISO 19139 XML (server/catalogue/),
  // each record with the configured contact and its formats marked downloadable or on request (sheetFiles).
  await app.register(catalogueRoutes, { db, catalogueDir, contact: siteSettings.contact, formatAvailability: sheetFiles });
  await app.register(downloadGridRoutes, { sheetFiles });
  // Sheet files: the portal's download and the key-gated download API (streams with Range/ETag, or X-Accel-Redirect).
  await app.register(downloadRoutes, { db, sheetFiles, keyEnvironment: options.keyEnvironment ?? 'development', accelRedirect: options.downloadAccelRedirect });
  const { handleNotFound } = await staticRoutes(app, { distDir });

  app.setNotFoundHandler((request, reply) => {
    const spa = handleNotFound(request, reply);
    if (spa) return spa;
    const path = request.url.split('?')[0];
    const what = path.startsWith(`${API_BASE_PATH}/`) || path === API_BASE_PATH ? 'No API route' : 'Nothing';
    const body: ErrorBody = { error: 'Not Found', message: `${what} at ${request.method} ${path}` };
    return reply.status(404).send(body);
  });

  await app.ready();
  return app;
}
