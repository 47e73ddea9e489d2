import { describe, expect, it } from 'vitest';
import { errorBodySchema, landLotCollectionSchema, landLotSearchResponseSchema, LOT_SEARCH_TOO_SHORT_MESSAGE } from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/lots/search (land parcel search)', () => {
  it('finds a lot by its number however it is typed, best match first', async () => {
    const all = landLotCollectionSchema.parse((await get('/mapviewer/api/lots')).json()).features;
    const lot = all[0].properties.lotNumber;
    const [prefix, number] = lot.split(' ');
    for (const typed of [lot, `${prefix.toLowerCase()}${number}`, `${prefix} No. ${number}`]) {
      const response = await get(`/mapviewer/api/lots/search?q=${encodeURIComponent(typed)}`);
      expect(response.statusCode).toBe(200);
      const found = landLotSearchResponseSchema.parse(response.json());
      expect(found.sample).toBe(true);
      expect(found.features[0].properties.lotNumber, typed).toBe(lot);
    }
    const byPrefix = landLotSearchResponseSchema.parse((await get(`/mapviewer/api/lots/search?q=${prefix}&limit=2`)).json());
    const withPrefix = all.filter((feature) => feature.properties.lotNumber.startsWith(`${prefix} `));
    expect(byPrefix.matched).toBe(withPrefix.length);
    expect(byPrefix.features.length).toBe(Math.min(2, withPrefix.length));
  });

  it('answers an empty list for a number no lot has', async () => {
    const found = landLotSearchResponseSchema.parse((await get('/mapviewer/api/lots/search?q=zzqq')).json());
    expect(found).toMatchObject({ features: [], matched: 0 });
  });

  it('asks for at least 2 characters, and rejects unknown parameters and bad limits naming them', async () => {
    for (const [url, field] of [
      ['/mapviewer/api/lots/search?q=S', 'q'],
      ['/mapviewer/api/lots/search', 'q'],
      ['/mapviewer/api/lots/search?q=STTL&limit=0', 'limit'],
      ['/mapviewer/api/lots/search?q=STTL&lot=1', 'lot'],
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(response.json()), url).toMatchObject({ field });
    }
    expect((await get('/mapviewer/api/lots/search?q=%20S%20')).json()).toMatchObject({ message: LOT_SEARCH_TOO_SHORT_MESSAGE });
  });
});
