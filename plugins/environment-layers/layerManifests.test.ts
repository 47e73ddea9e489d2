/**
 * The weather, environment and traffic layer manifests against SPEC §9 and the data contracts: every overlay
 * manifest validates and refreshes on its SPEC interval, and each legend shows exactly the colours and names the
 * feed draws (the tables live in core/contracts, so a change there that the legend misses fails here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AQHI_HEALTH_RISKS,
  AQHI_INTERVAL_CLIENT_S,
  AQHI_MAX,
  BEACH_GRADES,
  aqhiColour,
  aqhiDisplay,
  aqhiHealthRisk,
} from '../../core/contracts/environment';
import { API_ENDPOINTS } from '../../core/contracts/endpoints';
import { LOT_LAYER_NAME, LOT_TILE_MATRIX_SETS, LOT_TILE_MAX_LEVEL, LOT_TILE_STYLES, lotTileParamsSchema } from '../../core/contracts/lots';
import {
  HUMIDITY_COLOUR_STOPS,
  TEMPERATURE_COLOUR_STOPS,
  WEATHER_INTERVAL_CLIENT_S,
  WIND_DIRECTIONS,
  WIND_FORCE_CLASSES,
  humidityColour,
  temperatureColour,
  windArrowBearingDegrees,
  windForceClass,
  type Rgb,
} from '../../core/contracts/realtime';
import { DISSOLVED_OXYGEN_COLOURS, TRAFFIC_IMAGE_REFRESH_MS, dissolvedOxygenColour } from '../../core/contracts/staticLayers';
import { overlayManifestSchema, variantManifestSchema, type OverlayManifest, type VariantFlag } from '../../core/manifests/schemas';
import { parseCssColour, parseRgb } from '../../core/overlay/colour';
import { LANGUAGES } from '../../core/plugin/types';

const root = resolve(import.meta.dirname, '../..');
const overlayDir = resolve(root, 'manifests/overlays');
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

const manifests = new Map<string, OverlayManifest>(
  readdirSync(overlayDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const manifest = overlayManifestSchema.parse(readJson(resolve(overlayDir, file)));
      return [manifest.id, manifest];
    }),
);
const manifest = (id: string): OverlayManifest => {
  const found = manifests.get(id);
  if (!found) throw new Error(`manifests/overlays/${id}.json missing`);
  return found;
};
const legendRgbs = (id: string): Rgb[] => manifest(id).legend!.items.map((item) => parseCssColour(item.colour));
const legendLabels = (id: string, language: (typeof LANGUAGES)[number]) => manifest(id).legend!.items.map((item) => item.label[language]);

/** SPEC §9 refresh intervals (ms); a layer not named here is static and must not poll. */
const SPEC_REFRESH_MS: Record<string, number> = {
  temperature: 120_000,
  humidity: 120_000,
  wind: 120_000,
  aqhi: 3_600_000,
  uav: 60_000,
};
/** The layers of this issue (SPEC §1 weather and environment layers, traffic cameras, lots) and their variant flags. */
const LAYER_FLAGS: Record<string, VariantFlag> = {
  temperature: 'temperature',
  humidity: 'humidity',
  wind: 'wind',
  aqhi: 'aqhi',
  beach: 'beach',
  marine: 'marine',
  river: 'river',
  tdssimg: 'imagery',
  lotgla: 'lotGla',
  uav: 'uav',
};
/**
 * The land layers (issue 15 point 5) and their variant flags. Not in LAYER_FLAGS: they are no station feeds, so no
 * keyword search by station name; the census layer sits in the reference tree's Census group.
 */
const LAND_LAYER_FLAGS: Record<string, VariantFlag> = {
  'land-sale-lots': 'lotGla',
  'zoning-plans': 'zoningPlans',
  'census-dcca-2019': 'census',
};
/** SPEC §9: legends that stay open until closed by hand. */
const STAY_OPEN = ['temperature', 'humidity', 'wind', 'aqhi', 'beach', 'marine', 'river', 'tdssimg', 'uav'];
/** Layers whose address a plugin's URL builder computes (tested there: the drone window, plugins/drone-zones). */
const BUILT_URLS: Record<string, string> = { uav: 'uav-zones' };

describe('overlay manifests (SPEC §9 intervals)', () => {
  it('holds every layer of this issue', () => {
    expect([...manifests.keys()]).toEqual(expect.arrayContaining(Object.keys(LAYER_FLAGS)));
  });

  it.each([...manifests.keys()])('%s refreshes on its SPEC §9 interval, or not at all when static', (id) => {
    const { realtime } = manifest(id);
    if (id in SPEC_REFRESH_MS) expect(realtime).toMatchObject({ enabled: true, intervalMs: SPEC_REFRESH_MS[id] });
    else expect(realtime?.enabled ?? false).toBe(false);
  });

  it('agrees with the intervals the feeds announce', () => {
    for (const id of ['temperature', 'humidity', 'wind']) expect(manifest(id).realtime!.intervalMs).toBe(WEATHER_INTERVAL_CLIENT_S * 1000);
    expect(manifest('aqhi').realtime!.intervalMs).toBe(AQHI_INTERVAL_CLIENT_S * 1000);
  });

  it('reloads the traffic snapshot every 30 s (SPEC §9 traffic image)', () => {
    expect(manifest('tdssimg').popup).toMatchObject({ imageRefreshMs: TRAFFIC_IMAGE_REFRESH_MS });
    expect(TRAFFIC_IMAGE_REFRESH_MS).toBe(30_000);
  });

  it.each(STAY_OPEN)('keeps the %s legend open until closed', (id) => {
    expect(manifest(id).legend?.stayOpen).toBe(true);
  });

  it.each(Object.keys(BUILT_URLS))('%s names the URL builder its plugin registers', (id) => {
    expect(manifest(id).url).toEqual({ builder: BUILT_URLS[id] });
  });

  it.each(Object.keys(LAYER_FLAGS).filter((id) => !(id in BUILT_URLS)))('%s fetches a call the data service has, with a timestamp', (id) => {
    const url = manifest(id).url;
    if (typeof url !== 'string') throw new Error(`${id}: expected a URL template`);
    expect(url).toContain('timestamp={timestamp}');
    const path = url.split('?')[0].replace(/\{[A-Za-z]+\}/g, 'x');
    const served = API_ENDPOINTS.some((endpoint) => new RegExp(`^${endpoint.path.replace(/\{[A-Za-z]+\}/g, '[^/]+')}$`).test(path));
    expect(served, path).toBe(true);
  });

  it.each(Object.keys(LAYER_FLAGS))('%s is named in three languages and findable by its station names', (id) => {
    const { name, keywordSearch, mode } = manifest(id);
    for (const language of LANGUAGES) expect(name[language].trim()).not.toBe('');
    if (mode === 'GEOJSON') expect(keywordSearch).toMatchObject({ enabled: true, properties: ['key_EN', 'key_TC', 'key_SC'] });
  });
});

describe('variants and layer tree', () => {
  const variantDir = resolve(root, 'variants');
  const variants = readdirSync(variantDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => variantManifestSchema.parse(readJson(resolve(variantDir, file))));

  it.each(variants.map((variant) => [variant.id, variant] as const))('%s offers exactly the layers its flags switch on', (_id, variant) => {
    // A layer is offered by the variant's overlays, or by a plugin that registers it itself: the development
    // traffic-image height tool takes its layer over (plugins/traffic-height-adjust, config `overlayId`).
    const takenOver = new Set(
      variant.plugins.flatMap((plugin) => (plugin.id === 'traffic-height-adjust' ? [String((plugin.config as { overlayId?: string }).overlayId ?? 'tdssimg')] : [])),
    );
    for (const [overlay, flag] of Object.entries({ ...LAYER_FLAGS, ...LAND_LAYER_FLAGS })) {
      expect(variant.overlays.includes(overlay) || takenOver.has(overlay), `${overlay} (flag ${flag})`).toBe(variant.flags[flag]);
      expect(variant.overlays.includes(overlay) && takenOver.has(overlay), `${overlay} both listed and taken over`).toBe(false);
    }
    const needsHandlers = ['aqhi', 'marine', 'river'].some((overlay) => variant.overlays.includes(overlay));
    expect(variant.plugins.some((plugin) => plugin.id === 'environment-layers')).toBe(needsHandlers);
  });

  it('puts every layer in one group of the main layer tree', () => {
    const tree = readJson(resolve(root, 'manifests/layer-tree/main.json')) as { groups: Array<{ id: string; overlays?: string[] }> };
    for (const overlay of Object.keys(LAYER_FLAGS)) {
      expect(tree.groups.filter((group) => group.overlays?.includes(overlay)).map((group) => group.id), overlay).toHaveLength(1);
    }
    for (const overlay of ['land-sale-lots', 'zoning-plans']) {
      expect(tree.groups.filter((group) => group.overlays?.includes(overlay)).map((group) => group.id), overlay).toEqual(['land']);
    }
  });

  it('puts the census layer in the Census group of the reference tree, where the layer drawer shows census layers', () => {
    const tree = readJson(resolve(root, 'manifests/layer-tree/reference.json')) as { groups: Array<{ id: string; overlays?: string[] }> };
    expect(tree.groups.find((group) => group.id === 'census')?.overlays).toContain('census-dcca-2019');
  });
});

describe('weather legends draw the feed colour ramps', () => {
  it('temperature: one item per ramp stop, each the colour the feed gives at the bottom of its range', () => {
    expect(legendRgbs('temperature')).toEqual(TEMPERATURE_COLOUR_STOPS.map((stop) => stop.rgb));
    const lowerBounds = legendLabels('temperature', 'en-US').map((label, index) => (index === 0 ? TEMPERATURE_COLOUR_STOPS[0].celsius : Number.parseFloat(label)));
    expect(lowerBounds.map((celsius) => parseRgb(temperatureColour(celsius)))).toEqual(legendRgbs('temperature'));
  });

  it('humidity: one item per ramp stop, each the colour the feed gives at the bottom of its range', () => {
    expect(legendRgbs('humidity')).toEqual(HUMIDITY_COLOUR_STOPS.map((stop) => stop.rgb));
    const lowerBounds = legendLabels('humidity', 'en-US').map((label, index) => (index === 0 ? HUMIDITY_COLOUR_STOPS[0].percent : Number.parseFloat(label)));
    expect(lowerBounds.map((percent) => parseRgb(humidityColour(percent)))).toEqual(legendRgbs('humidity'));
  });
});

describe('wind (SPEC §9: arrows for the eight compass directions)', () => {
  it('rotates an arrow by the feed bearing, which is a number for the eight compass points and null for Variable and Calm', () => {
    const { display } = manifest('wind');
    expect(display).toMatchObject({ symbol: 'arrow', rotationProperty: 'arrowBearingDegrees', colourProperty: '_value_1' });
    const arrows = WIND_DIRECTIONS.filter((direction) => windArrowBearingDegrees(direction.text) !== null).map((direction) => direction.text);
    expect(arrows).toEqual(['North', 'Northeast', 'East', 'Southeast', 'South', 'Southwest', 'West', 'Northwest']);
    expect(windArrowBearingDegrees('Variable')).toBeNull();
    expect(windArrowBearingDegrees('Calm')).toBeNull();
    // Downwind: a North wind blows towards the south.
    expect(windArrowBearingDegrees('North')).toBe(180);
  });

  it('labels speed and shows direction, mean speed and gust in km/h in the popup', () => {
    const wind = manifest('wind');
    expect(wind.display?.labelTemplate).toBe('{meanSpeedKmh} km/h');
    expect(wind.popup?.fields.map((field) => [field.property, field.unit])).toEqual([
      [{ 'en-US': 'windDirection_EN', 'zh-HK': 'windDirection_TC', 'zh-CN': 'windDirection_SC' }, undefined],
      ['meanSpeedKmh', ' km/h'],
      ['maxGustKmh', ' km/h'],
    ]);
  });

  it('legend: the wind-force classes in their colours and names, with the speed each starts at', () => {
    expect(legendRgbs('wind')).toEqual(WIND_FORCE_CLASSES.map((windClass) => windClass.rgb));
    for (const language of LANGUAGES) {
      legendLabels('wind', language).forEach((label, index) => expect(label.startsWith(WIND_FORCE_CLASSES[index].name[language]), label).toBe(true));
    }
    legendLabels('wind', 'en-US').forEach((label, index) => {
      const firstSpeed = index === 0 ? 0 : Number.parseFloat(label.replace(/^[^(]*\(/, ''));
      expect(windForceClass(firstSpeed).id, label).toBe(WIND_FORCE_CLASSES[index].id);
    });
  });
});

describe('AQHI (SPEC §9 grades)', () => {
  it('legend: the five health-risk bands in the contract colours and names', () => {
    expect(legendRgbs('aqhi')).toEqual(AQHI_HEALTH_RISKS.map((risk) => risk.rgb));
    for (const language of LANGUAGES) {
      legendLabels('aqhi', language).forEach((label, index) => expect(label.endsWith(AQHI_HEALTH_RISKS[index].name[language]), label).toBe(true));
    }
  });

  it('legend ranges give every AQHI 1..11 the band and colour the feed gives it, 11 written 10+', () => {
    const bands = legendLabels('aqhi', 'en-US').map((label) => label.split(' ')[0]);
    expect(bands).toEqual(['1', '4', '7', '8', aqhiDisplay(AQHI_MAX)]);
    for (let aqhi = 1; aqhi <= AQHI_MAX; aqhi += 1) {
      const item = manifest('aqhi').legend!.items.find((entry) => entry.label['en-US'].endsWith(aqhiHealthRisk(aqhi).name['en-US']));
      expect(parseCssColour(item!.colour), `AQHI ${aqhi}`).toEqual(parseRgb(aqhiColour(aqhi)));
    }
  });

  it('labels the value EPD shows and colours from the feed', () => {
    expect(manifest('aqhi').display).toMatchObject({ labelTemplate: '{aqhiDisplay}', colourProperty: '_value_1' });
    expect(manifest('aqhi').handler).toBe('aqhi');
  });
});

describe('beach (SPEC §9 grades)', () => {
  it('legend: all eight grades in order, in the contract colours and in three languages', () => {
    expect(legendRgbs('beach')).toEqual(BEACH_GRADES.map((grade) => grade.rgb));
    for (const language of LANGUAGES) expect(legendLabels('beach', language)).toEqual(BEACH_GRADES.map((grade) => grade.name[language]));
  });

  it('shows the grade text of the current language from the feed', () => {
    const perLanguage = { 'en-US': '_value_2', 'zh-HK': '_value_2_TC', 'zh-CN': '_value_2_SC' };
    expect(manifest('beach').popup?.fields[0].property).toEqual(perLanguage);
    expect(manifest('beach').display?.labelTemplate).toEqual({ 'en-US': '{_value_2}', 'zh-HK': '{_value_2_TC}', 'zh-CN': '{_value_2_SC}' });
  });
});

describe('marine and river (SPEC §9 dissolved oxygen 4 mg/L)', () => {
  it.each(['marine', 'river'])('%s legend: at-or-above and below the threshold, as the feed colours them', (id) => {
    expect(legendRgbs(id)).toEqual([parseRgb(DISSOLVED_OXYGEN_COLOURS.atOrAboveThreshold), parseRgb(DISSOLVED_OXYGEN_COLOURS.belowThreshold)]);
    expect(parseRgb(dissolvedOxygenColour(4))).toEqual(legendRgbs(id)[0]);
    expect(parseRgb(dissolvedOxygenColour(3.9))).toEqual(legendRgbs(id)[1]);
    expect(manifest(id).display?.colourProperty).toBe('_value_1');
    expect(manifest(id).handler).toBe('water-quality');
  });

  it.each(['marine', 'river'])('%s popup: dissolved oxygen and BOD5 in mg/L', (id) => {
    const rows = manifest(id).popup!.fields.map((field) => [field.property, field.unit]);
    expect(rows).toEqual(expect.arrayContaining([['dissolvedOxygenMgL', ' mg/L'], ['bod5MgL', ' mg/L']]));
  });
});

describe('traffic cameras and lots', () => {
  it('tdssimg: camera symbols clustered (75 px, 3), depth test off below 500 m with clusters hidden, image per language', () => {
    const tdssimg = manifest('tdssimg');
    expect(tdssimg.display?.symbol).toBe('camera');
    expect(tdssimg.cluster).toMatchObject({ enabled: true, pixelRange: 75, minimumClusterSize: 3, flyToMaximumHeightMeters: 3230 });
    expect(tdssimg.depthTestControl).toEqual({ enabled: true, distance: 500, hideCluster: true });
    expect(tdssimg.popup?.imageProperty).toEqual({ 'en-US': 'url_EN', 'zh-HK': 'url_TC', 'zh-CN': 'url_SC' });
  });

  it('lotgla: WMTS, hidden at start, behind a disclaimer, with the lot and GLA camera limits (SPEC §9: 500 m, -25°)', () => {
    const lotgla = manifest('lotgla');
    expect(lotgla).toMatchObject({ mode: 'WMTS', show: false, hasDisclaimer: true, layer: LOT_LAYER_NAME });
    expect(lotgla.cameraLimits).toEqual({ maximumHeightMeters: 500, maximumPitchDegrees: -25 });
    for (const language of LANGUAGES) expect(lotgla.disclaimer!.text[language].length).toBeGreaterThan(20);
    expect(LOT_TILE_STYLES).toContain(lotgla.style);
    expect(LOT_TILE_MATRIX_SETS).toContain(lotgla.tileMatrixSetId);
    expect(lotgla.maximumLevel).toBeLessThanOrEqual(LOT_TILE_MAX_LEVEL);
  });

  it('lotgla: a tile address built from the template is one the tile call accepts', () => {
    const template = manifest('lotgla').url as string;
    const tileMatrixSet = manifest('lotgla').tileMatrixSetId!;
    const address = template
      .replaceAll('{TileMatrixSet}', tileMatrixSet)
      .replaceAll('{TileMatrix}', '16')
      .replaceAll('{TileRow}', '28585')
      .replaceAll('{TileCol}', '53558')
      .replaceAll('{timestamp}', '1713667200000');
    const [path, query] = address.split('?');
    const segments = path.split('/');
    const [style, set, matrix, row, col] = segments.slice(segments.indexOf(LOT_LAYER_NAME) + 1);
    expect(lotTileParamsSchema.safeParse({ style, TileMatrixSet: set, TileMatrix: matrix, TileRow: row, TileCol: col }).success).toBe(true);
    expect(new URLSearchParams(query).get('format')).toBe('image/png');
  });
});
