import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tourManifestSchema } from '../../core/manifests/schemas';
import { touristTours } from './touristTours';

const root = resolve(import.meta.dirname, '../..');
const tours = readdirSync(resolve(root, 'manifests/tours'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => tourManifestSchema.parse(JSON.parse(readFileSync(resolve(root, 'manifests/tours', name), 'utf8'))));

describe('the tourist drawer’s tours', () => {
  it('are the tourist tours and the Victoria Harbour tour, not the trail or weather tours', () => {
    expect(touristTours(tours).map((tour) => tour.id).sort()).toEqual([
      'tourist-central-heritage',
      'tourist-kowloon-landmarks',
      'tourist-lantau-ngong-ping',
      'victoria-harbour',
    ]);
  });

  it('have three to six stops, each captioned in three languages', () => {
    for (const tour of touristTours(tours)) {
      expect(tour.stops.length).toBeGreaterThanOrEqual(3);
      expect(tour.stops.length).toBeLessThanOrEqual(6);
      for (const stop of tour.stops) for (const language of ['en-US', 'zh-HK', 'zh-CN'] as const) expect(stop.text[language].length, `${tour.id}: ${stop.title['en-US']}`).toBeGreaterThan(10);
    }
  });

  it('stop at the declared monuments where the AMO list puts them (the heritage walk)', () => {
    const monuments = JSON.parse(readFileSync(resolve(root, 'data/heritage/hk_declared_monuments_visitheritage_2015.geojson'), 'utf8')) as {
      features: Array<{ properties: { amo_id: string }; geometry: { coordinates: [number, number] } }>;
    };
    const manMoTemple = monuments.features.find((feature) => feature.properties.amo_id === '96')!.geometry.coordinates;
    const walk = tours.find((tour) => tour.id === 'tourist-central-heritage')!;
    // The camera looks at the temple from 700 m away: the first stop's camera lies within a kilometre of it.
    const { longitude, latitude } = walk.stops[0].view;
    const metres = Math.hypot((longitude - manMoTemple[0]) * 111_320 * Math.cos((latitude * Math.PI) / 180), (latitude - manMoTemple[1]) * 111_320);
    expect(metres).toBeLessThan(1000);
    expect(walk.stops[0].text['en-US']).toContain('96');
  });
});
