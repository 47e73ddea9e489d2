import { describe, expect, it } from 'vitest';
import {
  API_DOCUMENT_IDS,
  API_DOCUMENTS,
  apiDocumentEndpoints,
  apiDocumentParamSchema,
  belongsToApiDocument,
  resolveApiDocumentId,
  SERVICE_ONLY_ENDPOINT_IDS,
} from './apiDocuments';
import { API_ENDPOINTS } from './endpoints';

const ENDPOINT_IDS = new Set(API_ENDPOINTS.map((endpoint) => endpoint.id));

describe('API documents of the explorer', () => {
  it('every endpoint but the service’s own belongs to at least one document, so a new endpoint cannot be forgotten', () => {
    const forgotten = API_ENDPOINTS.filter(
      (endpoint) => !SERVICE_ONLY_ENDPOINT_IDS.includes(endpoint.id) && !API_DOCUMENT_IDS.some((id) => belongsToApiDocument(API_DOCUMENTS[id], endpoint)),
    ).map((endpoint) => endpoint.id);
    expect(forgotten).toEqual([]);
  });

  it('the service’s own calls are in no document, and every id a document names exists', () => {
    for (const id of SERVICE_ONLY_ENDPOINT_IDS) expect(ENDPOINT_IDS.has(id), id).toBe(true);
    for (const document of Object.values(API_DOCUMENTS)) {
      for (const id of document.endpointIds) {
        expect(ENDPOINT_IDS.has(id), `${document.id}: ${id}`).toBe(true);
        expect(SERVICE_ONLY_ENDPOINT_IDS, `${document.id}: ${id}`).not.toContain(id);
      }
      expect(apiDocumentEndpoints(document.id, API_ENDPOINTS).length, document.id).toBeGreaterThan(0);
    }
  });

  it('groups the calls as documented', () => {
    const ids = (api: (typeof API_DOCUMENT_IDS)[number]) => apiDocumentEndpoints(api, API_ENDPOINTS).map((endpoint) => endpoint.id);
    expect(ids('download_api')).toEqual(['downloadApiByQuery', 'downloadApiByPath']);
    expect(ids('f1_non_texture_api')).toEqual(['getTerrainLayer', 'getTerrainTile', 'getDownloadSheetGrid', 'getDownloadSheetFiles', 'downloadSheetFile', 'getSheetTilesetFile']);
    expect(ids('f2_api')).toEqual(expect.arrayContaining(['getReliefTileJson', 'getReliefTile', 'getOrthoTileSet', 'getStaticAnnotation', 'getTerrainTile']));
    // The non-textured map is the textured one without its texture sources.
    expect(ids('f2_api')).toEqual(expect.arrayContaining(ids('f1_non_texture_api')));
    expect(ids('f1_non_texture_api')).not.toContain('getReliefTile');
    expect(ids('f1_non_texture_api')).not.toContain('getStaticAnnotation');
    expect(ids('mod_kcke_f2_layer_api')).toEqual(
      expect.arrayContaining(['getRealtimeTemperature', 'getIndoorPolygons', 'getUavZones', 'getTerrainHeights', 'getUtmGridSquare', 'identifyBuildings', 'getLandLots', 'getCensusDcca2019', 'searchPlaces', 'listCatalogue']),
    );
    expect(ids('mod_kcke_f2_layer_api')).not.toContain('getTerrainTile');
  });

  it('sets the sheet-download examples to the document’s dataset, leaving the contracts untouched', () => {
    const files = (api: 'f2_api' | 'f1_non_texture_api') => apiDocumentEndpoints(api, API_ENDPOINTS).find((endpoint) => endpoint.id === 'downloadSheetFile')!;
    const sheets = (api: 'f2_api' | 'f1_non_texture_api') => apiDocumentEndpoints(api, API_ENDPOINTS).find((endpoint) => endpoint.id === 'getDownloadSheetFiles')!;
    expect(files('f2_api').example?.params).toMatchObject({ dataset: 'textured', format: 'OBJ', file: '11-SW-4D.zip' });
    expect(files('f1_non_texture_api').example?.params?.dataset).toBe('non-textured');
    expect(sheets('f2_api').example).toMatchObject({ params: { sheet: '11-SW-4D' }, query: { dataset: 'textured' } });
    const tileset = (api: 'f2_api' | 'f1_non_texture_api') => apiDocumentEndpoints(api, API_ENDPOINTS).find((endpoint) => endpoint.id === 'getSheetTilesetFile')!;
    expect(tileset('f2_api').example?.params).toEqual({ dataset: 'textured', sheet: '11-SW-4D', file: 'tileset.json' });
    expect(tileset('f1_non_texture_api').example?.params?.dataset).toBe('non-textured');
    expect(API_ENDPOINTS.find((endpoint) => endpoint.id === 'getDownloadSheetFiles')?.example?.query?.dataset).toBe('non-textured');
  });

  it('reads `api` values and the `download api` alias; anything else is not a document', () => {
    expect(resolveApiDocumentId('download api')).toBe('download_api');
    expect(resolveApiDocumentId('f2_api')).toBe('f2_api');
    expect(resolveApiDocumentId('toString')).toBeUndefined();
    expect(resolveApiDocumentId('F2_API')).toBeUndefined();
    expect(apiDocumentParamSchema.parse('download api')).toBe('download_api');
    expect(apiDocumentParamSchema.safeParse('f3_api').success).toBe(false);
  });

  it('has a title and a description in every language', () => {
    for (const document of Object.values(API_DOCUMENTS)) {
      for (const text of [document.title, document.description]) {
        expect(Object.keys(text).sort()).toEqual(['en-US', 'zh-CN', 'zh-HK']);
        for (const value of Object.values(text)) expect(value.trim().length, document.id).toBeGreaterThan(0);
      }
    }
  });
});
