import { describe, expect, it } from 'vitest';
import { API_DOCUMENTS, belongsToApiDocument } from '../../../core/contracts/apiDocuments';
import { catalogueRecordEndpoint } from '../../../core/contracts/catalogue';
import { downloadApiPathEndpoint, downloadApiQueryEndpoint, portalFileEndpoint, sheetFilesEndpoint } from '../../../core/contracts/download';
import { buildingIdentifyEndpoint } from '../../../core/contracts/identify';
import { terrainLayerEndpoint, terrainTileEndpoint } from '../../../core/contracts/terrain';
import { API_DOC_PAGES } from '../../routes/routeTable';
import {
  apiBaseUrl,
  curlCommand,
  describeEndpoint,
  exampleRequest,
  exampleRequestWithKey,
  explorerDocuments,
  keyedEndpoints,
  pageEndpoints,
  type DocumentedApi,
} from './apiDocs';

const DOCUMENTED: DocumentedApi[] = [...API_DOC_PAGES, 'download-api'];

describe('pageEndpoints', () => {
  it.each(DOCUMENTED)('%s documents at least one call of the server', (page) => {
    expect(pageEndpoints(page).length).toBeGreaterThan(0);
  });

  it('picks the calls each API names', () => {
    expect(pageEndpoints('3d-map-tile').map((endpoint) => endpoint.id)).toEqual(['getTerrainLayer', 'getTerrainTile', 'getReliefTileJson', 'getReliefTile', 'getOrthoTileSet']);
    expect(pageEndpoints('tile-source-download').map((endpoint) => endpoint.path)).toEqual([
      '/mapviewer/api/download/grid',
      '/mapviewer/api/download/sheets/{sheet}',
      '/mapviewer/api/download/files/{dataset}/{format}/{file}',
    ]);
    expect(pageEndpoints('identify')).toContain(buildingIdentifyEndpoint);
    expect(pageEndpoints('download-api')).toEqual([downloadApiQueryEndpoint, downloadApiPathEndpoint]);
    expect(pageEndpoints('routing').every((endpoint) => endpoint.path.startsWith('/mapviewer/api/routing'))).toBe(true);
  });
});

describe('explorerDocuments', () => {
  it.each(DOCUMENTED)('%s links to explorer documents that hold every call it describes', (page) => {
    const documents = explorerDocuments(page);
    expect(documents.length).toBeGreaterThan(0);
    for (const id of documents) {
      for (const endpoint of pageEndpoints(page)) expect(belongsToApiDocument(API_DOCUMENTS[id], endpoint)).toBe(true);
    }
  });

  it('puts the document each API belongs to first', () => {
    expect(explorerDocuments('3d-map-tile')[0]).toBe('f2_api');
    expect(explorerDocuments('identify')[0]).toBe('mod_kcke_f2_layer_api');
    expect(explorerDocuments('download-api')).toEqual(['download_api']);
  });
});

describe('describeEndpoint', () => {
  it('reads path and query parameters, with the accepted values and examples, from the zod schemas', () => {
    const doc = describeEndpoint(downloadApiPathEndpoint);
    expect(doc.method).toBe('GET');
    expect(doc.path).toBe('/mapviewer/api/3d-zip/{format}/{file}');
    const byName = Object.fromEntries(doc.parameters.map((parameter) => [parameter.name, parameter]));
    expect(Object.keys(byName)).toEqual(['format', 'file', 'key', 'dataset']);
    expect(byName.format).toMatchObject({ location: 'path', required: true, values: ['CESIUM', 'DAE', 'FBX', 'GLTF', 'MAX', 'OBJ', 'OSGB'], example: 'OBJ' });
    expect(byName.key).toMatchObject({ location: 'query', required: false, maxLength: 128 });
    expect(doc.responses).toEqual([
      { status: 200, description: 'OK: the zip (206 Partial Content for a Range request)', contentType: 'application/zip' },
      { status: 401, description: 'Access Denied' },
      { status: 404, description: 'File Not Found' },
    ]);
  });

  it('marks required query parameters and leaves out the ignored timestamp', () => {
    const doc = describeEndpoint(downloadApiQueryEndpoint);
    expect(doc.parameters.map((parameter) => [parameter.name, parameter.required])).toEqual([
      ['format', true],
      ['tile_sheet_num', true],
      ['key', false],
      ['dataset', false],
    ]);
  });
});

describe('exampleRequest', () => {
  it('fills the path template from the example and appends its query', () => {
    expect(exampleRequest(portalFileEndpoint)).toBe('/mapviewer/api/download/files/non-textured/OBJ/11-SW-4D.zip');
    expect(exampleRequest(sheetFilesEndpoint)).toBe('/mapviewer/api/download/sheets/11-SW-4D?dataset=non-textured');
    expect(exampleRequest(terrainLayerEndpoint)).toBe('/mapviewer/api/terrain/layer.json');
    expect(exampleRequest(catalogueRecordEndpoint)).toBe('/mapviewer/api/catalogue/3d-visualisation-map-non-textured');
  });

  it('gives an example the contract itself accepts', () => {
    const url = new URL(exampleRequest(terrainTileEndpoint)!, 'http://localhost');
    const [, , , , z, x, file] = url.pathname.split('/');
    expect(terrainTileEndpoint.params.safeParse({ z, x, y: file }).success).toBe(true);
    expect(terrainTileEndpoint.query.safeParse(Object.fromEntries(url.searchParams)).success).toBe(true);
  });

  it('swaps the development key for the reader’s key', () => {
    expect(exampleRequestWithKey(downloadApiQueryEndpoint, 'YOUR_API_KEY')).toBe('/mapviewer/api/3d-zip?format=OBJ&tile_sheet_num=11-SW-4D&key=YOUR_API_KEY');
  });
});

describe('helpers', () => {
  it('lists the calls that take a key from their contracts', () => {
    expect(keyedEndpoints()).toEqual([downloadApiQueryEndpoint, downloadApiPathEndpoint]);
  });

  it('builds the base address from the origin', () => {
    expect(apiBaseUrl('https://3d.example.org/')).toBe('https://3d.example.org/mapviewer/api');
  });

  it('quotes URLs for the shell and adds resume and output options', () => {
    expect(curlCommand("http://h/a?x=1&y='2'", { output: 'a.zip', resume: true })).toBe(`curl --fail -o a.zip -C - 'http://h/a?x=1&y='\\''2'\\'''`);
  });
});
