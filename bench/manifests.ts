/**
 * Manifest validation benchmark: validateManifests over 1,000 varied valid overlay manifests (goal < 200 ms)
 * against the baseline of a JSON deep copy (`JSON.parse(JSON.stringify(...))`) of the same objects in the same
 * run. Invalid manifests are generated and timed separately. Warm-up first, then the median of 5 runs.
 */
import { validateManifests, type ManifestFile } from '../core/manifests/validate';
import type { OverlayManifestInput } from '../core/manifests/schemas';
import { mulberry32, randomInteger } from '../server/data/seededRandom';
import { heading, line, median, ratio } from './format';

export const VALID_COUNT = 1_000;
export const INVALID_COUNT = 100;
export const RUNS = 5;
export const WARM_UP_RUNS = 3;
/** Goal for validating the 1,000 valid manifests, ms. */
export const VALIDATION_GOAL_MS = 200;

const WORDS = ['air', 'quality', 'temperature', 'beach', 'river', 'marine', 'lot', 'zone', 'hiking', 'trail', 'station', 'care', 'team'];
const HANZI = ['空氣', '質素', '氣溫', '海灘', '河溪', '海水', '地段', '分區', '遠足', '徑', '車站', '關愛'];
const HANZI_SIMPLIFIED = ['空气', '质素', '气温', '海滩', '河溪', '海水', '地段', '分区', '远足', '径', '车站', '关爱'];
const MODES = ['WMTS', 'WFS', 'GEOJSON', '3DTILES'] as const;
const KINDS = ['billboard', 'point', 'label', 'polyline', 'polygon'] as const;

function generator(seed: number) {
  // Seeded so every run validates the same manifests.
  const next = mulberry32(seed);
  const pick = <T>(values: ReadonlyArray<T>): T => values[Math.floor(next() * values.length)];
  const chance = (probability: number) => next() < probability;
  const integer = (min: number, max: number) => randomInteger(next, min, max);
  const hex = () => integer(0, 255).toString(16).padStart(2, '0');
  const colour = () => (chance(0.8) ? `#${hex()}${hex()}${hex()}` : `rgba(${integer(0, 255)},${integer(0, 255)},${integer(0, 255)},0.${integer(1, 9)})`);
  const text = (words: number) => ({
    'en-US': Array.from({ length: words }, () => pick(WORDS)).join(' '),
    'zh-HK': Array.from({ length: words }, () => pick(HANZI)).join(''),
    'zh-CN': Array.from({ length: words }, () => pick(HANZI_SIMPLIFIED)).join(''),
  });

  function overlay(index: number): OverlayManifestInput {
    const id = `${pick(WORDS)}-${index}`;
    const mode = pick(MODES);
    const manifest: OverlayManifestInput = {
      $schema: '../manifest.schema.json#/definitions/overlay',
      id,
      mode,
      name: text(integer(1, 3)),
      url: chance(0.85) ? `/mapviewer/api/realtime/${id}?timestamp={timestamp}&lang={language}` : { builder: `${pick(WORDS)}-builder` },
    };
    if (chance(0.6)) manifest.description = text(integer(3, 10));
    if (mode === 'WMTS' || mode === 'WFS') {
      manifest.layer = `cite:${id.toUpperCase()}`;
      if (mode === 'WMTS') {
        manifest.style = 'default';
        manifest.tileMatrixSetId = 'EPSG:3857';
        manifest.maximumLevel = integer(14, 20);
      }
    }
    if (chance(0.3)) manifest.show = chance(0.5);
    if (chance(0.2)) {
      manifest.hasDisclaimer = true;
      manifest.disclaimer = { title: text(integer(1, 4)), text: text(integer(10, 40)) };
    }
    if (chance(0.4)) manifest.realtime = { enabled: chance(0.9), intervalMs: integer(1, 30) * 60_000, redraw: chance(0.8) };
    if (mode !== '3DTILES' && chance(0.8)) {
      manifest.display = {
        kind: pick(KINDS),
        valueProperty: '_value_0',
        ...(chance(0.5) ? { colourProperty: '_value_1' } : { colour: colour() }),
        ...(chance(0.4) ? { outlineColour: colour() } : {}),
        ...(chance(0.5) ? { labelTemplate: '{_value_0}' } : {}),
        ...(chance(0.3) ? { iconUrl: `/mapviewer/app/icons/${id}.png` } : {}),
        heightOffsetMeters: integer(0, 50),
        ...(chance(0.3) ? { maximumDistanceMeters: integer(5_000, 50_000) } : {}),
      };
    }
    if (chance(0.3)) manifest.cluster = { enabled: true, pixelRange: 75, minimumClusterSize: integer(2, 5) };
    if (chance(0.15)) manifest.depthTestControl = { enabled: true, distance: 500 };
    if (chance(0.15)) {
      manifest.subLayers = Array.from({ length: integer(1, 3) }, (_, sub) => ({
        id: `${id}-sub-${sub}`,
        url: `/mapviewer/api/overlays/${id}/sub/${sub}.json`,
        display: { kind: pick(KINDS) },
      }));
    }
    if (chance(0.5)) {
      manifest.legend = {
        title: text(2),
        items: Array.from({ length: integer(1, 9) }, () => ({ label: text(integer(1, 2)), colour: colour() })),
        stayOpen: chance(0.5),
      };
    }
    if (chance(0.3)) manifest.keywordSearch = { properties: ['key_EN', 'key_TC', 'key_SC'] };
    if (chance(0.2)) manifest.handler = `${pick(WORDS)}-handler`;
    manifest.order = integer(1, 200);
    return manifest;
  }

  /** A valid manifest with one mistake of the kinds authors make. */
  function invalid(index: number): unknown {
    const manifest = overlay(VALID_COUNT + index) as Record<string, unknown>;
    switch (index % 6) {
      case 0:
        manifest.id = `Bad Id ${index}`;
        break;
      case 1:
        delete manifest.name;
        break;
      case 2:
        manifest.realtime = { intervalMs: 500 };
        break;
      case 3:
        manifest.legend = { title: text(1), items: [{ label: text(1), colour: 'reddish' }] };
        break;
      case 4:
        manifest.colour = '#ff0000'; // unknown key at the root
        break;
      default:
        manifest.mode = 'KML';
    }
    return manifest;
  }

  return { overlay, invalid };
}

function files(objects: ReadonlyArray<unknown>): ManifestFile[] {
  return objects.map((json, index) => {
    const id = (json as { id?: unknown }).id;
    return { file: `manifests/overlays/${typeof id === 'string' ? id : `invalid-${index}`}.json`, json };
  });
}

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** Median of {@link RUNS} timed runs after {@link WARM_UP_RUNS} untimed ones, ms. */
function medianTime(run: () => unknown): number {
  for (let i = 0; i < WARM_UP_RUNS; i += 1) run();
  return median(Array.from({ length: RUNS }, () => time(run)));
}

export interface ManifestFigures {
  validateMs: number;
  baselineMs: number;
}

export function benchManifests(): ManifestFigures {
  heading(`3. Manifest validation: ${VALID_COUNT.toLocaleString('en')} overlay manifests (median of ${RUNS} after ${WARM_UP_RUNS} warm-up runs)`);
  const { overlay, invalid } = generator(20_240_601);
  const validFiles = files(Array.from({ length: VALID_COUNT }, (_, index) => overlay(index)));
  const invalidFiles = files(Array.from({ length: INVALID_COUNT }, (_, index) => invalid(index)));

  // The figures only mean something when the generated sets are what they claim to be.
  const checkValid = validateManifests(validFiles, 'overlay');
  const checkInvalid = validateManifests(invalidFiles, 'overlay');
  const invalidRejected = INVALID_COUNT - checkInvalid.valid.length;
  line('generated', `${checkValid.valid.length} of ${VALID_COUNT} valid (${checkValid.problems.length} problems); ${invalidRejected} of ${INVALID_COUNT} invalid rejected (${checkInvalid.problems.length} problems)`);

  const validateMs = medianTime(() => validateManifests(validFiles, 'overlay'));
  const baselineMs = medianTime(() => JSON.parse(JSON.stringify(validFiles)));
  const invalidMs = medianTime(() => validateManifests(invalidFiles, 'overlay'));

  line('validateManifests, valid set', `${validateMs.toFixed(1)} ms (${((validateMs * 1000) / VALID_COUNT).toFixed(1)} µs per manifest)`);
  line('baseline: JSON deep copy', `${baselineMs.toFixed(1)} ms (${((baselineMs * 1000) / VALID_COUNT).toFixed(1)} µs per manifest)`);
  line('ratio validate / JSON copy', ratio(validateMs, baselineMs));
  line('goal', `< ${VALIDATION_GOAL_MS} ms: ${validateMs < VALIDATION_GOAL_MS ? 'met' : 'not met'}`);
  line(`validateManifests, ${INVALID_COUNT} invalid`, `${invalidMs.toFixed(1)} ms (${((invalidMs * 1000) / INVALID_COUNT).toFixed(1)} µs per manifest, separate from the goal)`);
  return { validateMs, baselineMs };
}
