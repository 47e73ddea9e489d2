/**
 * The drone-zone WFS as GDAL reads it: `ogrinfo WFS:<address>` must list the layer and read its features from
 * the address alone (GetCapabilities, DescribeFeatureType, GetFeature in GML), in WFS 2.0.0, 1.1.0 and 1.0.0,
 * with the same zones, attribute values and coordinates (longitude/latitude after GDAL's axis handling) as the
 * GeoJSON the viewer gets; `ogr2ogr -f GeoJSON` of the layer round-trips. GDAL is Debian's gdal-bin (.ci/run).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UAV_ZONE_TYPENAME, uavZoneFeatureCollectionSchema, type UavZoneFeature } from '../../core/contracts';
import { requireProgram, runProgramAsync, useLiveServer } from './liveServer';

const live = useLiveServer();
const folder = mkdtempSync(join(tmpdir(), 'wfs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
/** Each GDAL run makes three or four requests to a server on two busy cores. */
const GDAL_TEST_TIMEOUT_MS = 120_000;

beforeAll(() => {
  requireProgram('ogrinfo', 'gdal-bin');
  requireProgram('ogr2ogr', 'gdal-bin');
});

const serviceUrl = () => `${live().origin}/mapviewer/geopin/pin/wfs`;

/** What the viewer's fetch gets without a filter: the zones GDAL must read too (GDAL sends no CQL_FILTER). */
async function geoJsonZones(): Promise<UavZoneFeature[]> {
  const response = await fetch(`${serviceUrl()}?service=WFS&version=2.0.0&request=GetFeature&typeNames=${UAV_ZONE_TYPENAME}&outputFormat=application/json`);
  expect(response.status).toBe(200);
  return uavZoneFeatureCollectionSchema.parse(await response.json()).features;
}

async function gdal(program: 'ogrinfo' | 'ogr2ogr', args: string[]): Promise<string> {
  const run = await runProgramAsync(program, args);
  expect(run.status, `${program} ${args.join(' ')}\n${run.stderr}`).toBe(0);
  expect(run.stderr, `${program} ${args.join(' ')}`).not.toMatch(/ERROR/);
  return run.stdout;
}

interface OgrFeature {
  attributes: Record<string, string>;
  /** The first vertex of the outer ring, as GDAL prints it (x y: longitude latitude). */
  firstVertex: [number, number];
}

/** The features of `ogrinfo` output: `  NAME (Type) = value` lines and a POLYGON / CURVEPOLYGON WKT line each. */
function ogrFeatures(output: string): OgrFeature[] {
  return output
    .split(/^OGRFeature\([^)]*\):\d+$/m)
    .slice(1)
    .map((block) => {
      const attributes = Object.fromEntries([...block.matchAll(/^ {2}(\w+) \([^)]*\) = (.*)$/gm)].map(([, name, value]) => [name, value]));
      const vertex = /^ {2}(?:CURVE)?POLYGON \(\((-?[\d.]+) (-?[\d.]+)[, ]/m.exec(block);
      if (!vertex) throw new Error(`no polygon in ogrinfo's feature:\n${block.slice(0, 500)}`);
      return { attributes, firstVertex: [Number(vertex[1]), Number(vertex[2])] };
    });
}

describe('GDAL reads the drone-zone WFS', () => {
  it(
    'ogrinfo lists the layer from the service address alone',
    async () => {
      const output = await gdal('ogrinfo', ['-ro', '-so', `WFS:${serviceUrl()}`]);
      expect(output).toMatch(new RegExp(`^1: ${UAV_ZONE_TYPENAME} \\(title: Drone restriction zones \\(sample\\)\\)`, 'm'));
      expect(output).toMatch(/TITLE=Drone restriction zones \(sample data\)/);
    },
    GDAL_TEST_TIMEOUT_MS,
  );

  for (const version of ['2.0.0', '1.1.0', '1.0.0'] as const) {
    it(
      `ogrinfo reads every zone over WFS ${version}: the GeoJSON's count, attribute values and longitude/latitude`,
      async () => {
        const address = version === '2.0.0' ? serviceUrl() : `${serviceUrl()}?VERSION=${version}`;
        const summary = await gdal('ogrinfo', ['-ro', '-so', `WFS:${address}`, UAV_ZONE_TYPENAME]);
        expect(summary).toMatch(/^START_TIME: Integer64/m);
        expect(summary).toMatch(/^CAPTION_TC: String/m);
        const features = ogrFeatures(await gdal('ogrinfo', ['-ro', `WFS:${address}`, UAV_ZONE_TYPENAME]));
        const zones = await geoJsonZones();
        expect(summary).toContain(`Feature Count: ${zones.length}`);
        expect(features.map((feature) => feature.attributes.ZONE_ID)).toEqual(zones.map((zone) => zone.properties.ZONE_ID));
        const airport = features.find((feature) => feature.attributes.ZONE_ID === 'hkia-aerodrome');
        const airportZone = zones.find((zone) => zone.properties.ZONE_ID === 'hkia-aerodrome');
        expect(airport && airportZone).toBeTruthy();
        expect(airport!.attributes).toMatchObject({
          CAPTION_TC: airportZone!.properties.CAPTION_TC,
          ACTION_TYPE_EN: airportZone!.properties.ACTION_TYPE_EN,
          START_TIME: String(airportZone!.properties.START_TIME),
          BUFFER_DISTANCE: String(airportZone!.properties.BUFFER_DISTANCE),
        });
        for (const [index, feature] of features.entries()) {
          const [longitude, latitude] = zones[index].geometry.coordinates[0][0];
          expect(feature.firstVertex[0], feature.attributes.ZONE_ID).toBeCloseTo(longitude, 7);
          expect(feature.firstVertex[1], feature.attributes.ZONE_ID).toBeCloseTo(latitude, 7);
        }
      },
      GDAL_TEST_TIMEOUT_MS,
    );
  }

  it(
    'ogrinfo -spat sends its box (a FILTER) and gets the zones there only',
    async () => {
      const output = await gdal('ogrinfo', ['-ro', '-q', `WFS:${serviceUrl()}`, UAV_ZONE_TYPENAME, '-spat', '113.90', '22.30', '113.93', '22.32']);
      const ids = ogrFeatures(output).map((feature) => feature.attributes.ZONE_ID);
      expect(ids).toContain('hkia-aerodrome');
      expect(ids).not.toContain('stanley-prison');
    },
    GDAL_TEST_TIMEOUT_MS,
  );

  it(
    'ogr2ogr copies the layer to GeoJSON with the same zones, properties and coordinates',
    async () => {
      const file = join(folder, 'uav_zone.geojson');
      await gdal('ogr2ogr', ['-f', 'GeoJSON', file, `WFS:${serviceUrl()}`, UAV_ZONE_TYPENAME]);
      const copy = JSON.parse(readFileSync(file, 'utf8')) as { features: Array<{ properties: Record<string, unknown>; geometry: { type: string; coordinates: number[][][] } }> };
      const zones = await geoJsonZones();
      expect(copy.features).toHaveLength(zones.length);
      for (const [index, zone] of zones.entries()) {
        const { gml_id: gmlId, ...properties } = copy.features[index].properties;
        expect(gmlId).toBe(zone.id);
        expect(properties).toEqual(zone.properties);
        const ring = copy.features[index].geometry.coordinates[0];
        expect(ring).toHaveLength(zone.geometry.coordinates[0].length);
        for (const [vertex, [longitude, latitude]] of zone.geometry.coordinates[0].entries()) {
          expect(ring[vertex][0]).toBeCloseTo(longitude, 7);
          expect(ring[vertex][1]).toBeCloseTo(latitude, 7);
        }
      }
    },
    GDAL_TEST_TIMEOUT_MS,
  );
});
