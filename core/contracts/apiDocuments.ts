/**
 * The four API documents of the API explorer (/api/swaggerui?api=…, SPEC §2): which calls of the data service
 * each one describes, with its title and description in the three languages. The server serves one OpenAPI
 * document per entry (GET /mapviewer/api/openapi.json?api=…) and the explorer page shows it.
 *
 * Grouping (issue 5 point 7):
 * - `f2_api`: the textured 3D visualisation map as tile services: the terrain the model sits on, the imagery
 *   draped over it (shaded relief, orthophoto), the annotation labels, and the 1:1000 sheet grid with the
 *   per-sheet file list and file download, whose examples ask for the `textured` dataset.
 * - `f1_non_texture_api`: the non-textured 3D visualisation map. The geometry services are the same calls
 *   (terrain layer and tiles, sheet grid, sheet files, file download), with examples for the `non-textured`
 *   dataset; what it lacks is every texture source (relief and orthophoto imagery, annotation labels), which
 *   a non-textured model does not use. It is a subset of `f2_api`, not a separate server.
 * - `mod_kcke_f2_layer_api`: the layer API the viewer draws from: realtime and static layer feeds, indoor
 *   maps, feature messages, the drone-zone WFS, getZ heights, UTM, identify, land lots, census, place search,
 *   the open-data catalogue and indoor venues, and routing. Static layers join by tag, so the annotation
 *   labels are listed here too (as a layer) as well as in `f2_api`.
 * - `download_api`: the key-gated download API, in its query and path forms.
 * The service's own calls (this document, health, analytics) belong to none; every other call must belong to
 * at least one (apiDocuments.test.ts enforces it, so a new endpoint cannot be left out of the explorer).
 *
 * Isomorphic and free of endpoint imports (endpoints.ts imports openapi.ts, which imports this file): the
 * documents name endpoints by id or tag and `apiDocumentEndpoints` picks them from the list it is given.
 */
import { z } from 'zod';
import type { LocalisedText } from './common';
import type { EndpointContract } from './endpoint';

export const API_DOCUMENT_IDS = ['f2_api', 'f1_non_texture_api', 'mod_kcke_f2_layer_api', 'download_api'] as const;
export type ApiDocumentId = (typeof API_DOCUMENT_IDS)[number];

/** Other spellings accepted for an id: the issue writes the download API's as `download api`. */
export const API_DOCUMENT_ALIASES: Readonly<Record<string, ApiDocumentId>> = { 'download api': 'download_api' };

/** The document an `api` value names (an id or an alias), or undefined. */
export function resolveApiDocumentId(value: string): ApiDocumentId | undefined {
  if ((API_DOCUMENT_IDS as readonly string[]).includes(value)) return value as ApiDocumentId;
  return Object.hasOwn(API_DOCUMENT_ALIASES, value) ? API_DOCUMENT_ALIASES[value] : undefined;
}

/** The `api` query parameter: one of the ids or aliases, read as its id. */
export const apiDocumentParamSchema = z
  .enum([...API_DOCUMENT_IDS, ...Object.keys(API_DOCUMENT_ALIASES)] as [string, ...string[]])
  .transform((value) => resolveApiDocumentId(value) as ApiDocumentId);

/** Query parameters an API key is sent in (declared as an apiKey security scheme in the document). */
export const API_KEY_QUERY_PARAMETER = 'key';

export interface ApiDocumentDefinition {
  id: ApiDocumentId;
  title: LocalisedText;
  description: LocalisedText;
  /** Endpoints by operation id. */
  endpointIds: readonly string[];
  /** Endpoints by tag, for groups that grow (a new call with one of these tags joins the document). */
  tags?: readonly string[];
  /** Tile-grid dataset the document's download examples ask for (see `datasetExamples`). */
  dataset?: 'textured' | 'non-textured';
  /** Whether calls carry an API key in the `key` query parameter. */
  apiKey?: boolean;
}

/** Sheet-download calls whose `dataset` parameter the two map documents set to their own dataset in examples. */
const DATASET_ENDPOINT_IDS: readonly string[] = ['getDownloadSheetFiles', 'downloadSheetFile', 'getSheetTilesetFile'];
const SHEET_DOWNLOAD_ENDPOINT_IDS = ['getDownloadSheetGrid', ...DATASET_ENDPOINT_IDS];

export const API_DOCUMENTS: Readonly<Record<ApiDocumentId, ApiDocumentDefinition>> = {
  f2_api: {
    id: 'f2_api',
    title: {
      'en-US': '3D Visualisation Map API (textured)',
      'zh-HK': '三維可視化地圖 API（有紋理）',
      'zh-CN': '三维可视化地图 API（有纹理）',
    },
    description: {
      'en-US':
        'Tile services of the textured 3D visualisation map: the terrain, the imagery draped over it (shaded relief and orthophoto), the annotation labels, and the 1:1000 map sheets with their files.',
      'zh-HK': '有紋理三維可視化地圖的圖塊服務：地形、覆蓋其上的影像（地貌暈渲及正射影像）、註記標籤，以及 1:1000 地圖圖幅及其檔案。',
      'zh-CN': '有纹理三维可视化地图的图块服务：地形、覆盖其上的影像（地貌晕渲及正射影像）、注记标签，以及 1:1000 地图图幅及其文件。',
    },
    endpointIds: [
      'getTerrainLayer',
      'getTerrainTile',
      // The terrain of 2000 (SRTM) that the then-and-now comparison shows beside it (core/contracts/comparison.ts).
      'getSrtm2000TerrainLayer',
      'getSrtm2000TerrainTile',
      'getReliefTileJson',
      'getReliefTile',
      // The relief and the lot boundaries as WMTS, for GIS software (core/contracts/wmts.ts).
      'getWmtsKvp',
      'getWmtsRestCapabilities',
      'getWmtsCapabilities',
      'getOrthoTileSet',
      'getStaticAnnotation',
      ...SHEET_DOWNLOAD_ENDPOINT_IDS,
    ],
    dataset: 'textured',
  },
  f1_non_texture_api: {
    id: 'f1_non_texture_api',
    title: {
      'en-US': '3D Visualisation Map API (non-textured)',
      'zh-HK': '三維可視化地圖 API（無紋理）',
      'zh-CN': '三维可视化地图 API（无纹理）',
    },
    description: {
      'en-US':
        'Tile services of the non-textured 3D visualisation map: the same terrain and 1:1000 map sheets as the textured map, for the non-textured dataset, without the imagery and labels a textured model is draped with.',
      'zh-HK': '無紋理三維可視化地圖的圖塊服務：與有紋理地圖相同的地形及 1:1000 地圖圖幅，適用於無紋理數據集，不包括有紋理模型所覆蓋的影像及標籤。',
      'zh-CN': '无纹理三维可视化地图的图块服务：与有纹理地图相同的地形及 1:1000 地图图幅，适用于无纹理数据集，不包括有纹理模型所覆盖的影像及标签。',
    },
    endpointIds: ['getTerrainLayer', 'getTerrainTile', ...SHEET_DOWNLOAD_ENDPOINT_IDS],
    dataset: 'non-textured',
  },
  mod_kcke_f2_layer_api: {
    id: 'mod_kcke_f2_layer_api',
    title: { 'en-US': 'Map Layer API', 'zh-HK': '地圖圖層 API', 'zh-CN': '地图图层 API' },
    description: {
      'en-US':
        'The layers the 3D map draws: realtime and static feeds, indoor maps, drone zones, terrain heights (getZ), UTM grid squares, building identification, land lots, census, place search, the open-data catalogue, indoor venues, routing, spatial analysis (height profiles, lines of sight, view sheds) and streetscape 360 panoramas.',
      'zh-HK': '三維地圖所繪畫的圖層：實時及靜態數據、室內地圖、無人機區域、地形高度（getZ）、UTM 方格、建築物識別、地段、人口普查、地點搜尋、開放數據目錄、室內場地、路線規劃、空間分析（高度剖面、通視、可視範圍）及 360 度街景全景圖。',
      'zh-CN': '三维地图所绘画的图层：实时及静态数据、室内地图、无人机区域、地形高度（getZ）、UTM 方格、建筑物识别、地段、人口普查、地点搜索、开放数据目录、室内场地、路线规划、空间分析（高度剖面、通视、可视范围）及 360 度街景全景图。',
    },
    endpointIds: ['getTerrainHeights', 'listCatalogue', 'getCatalogueRecord', 'getCatalogueRecordIso19139', 'listIndoorVenues', 'downloadIndoorVenue'],
    tags: ['Realtime feeds', 'Static layers', 'Indoor maps', 'Feature messages', 'Low-altitude flying', 'Coordinates', 'Identify', 'Land', 'Search', 'Routing', 'Spatial analysis', 'Streetscape 360'],
  },
  download_api: {
    id: 'download_api',
    title: { 'en-US': 'Download API', 'zh-HK': '下載 API', 'zh-CN': '下载 API' },
    description: {
      'en-US':
        'Download one 1:1000 sheet of the 3D visualisation map in CESIUM, DAE, FBX, GLTF, MAX, OBJ or OSGB with an API key (free on request). Answers: 200 OK, 401 Access Denied, 404 File Not Found.',
      'zh-HK': '以 API 密鑰（免費申請）下載三維可視化地圖的一幅 1:1000 圖幅，格式為 CESIUM、DAE、FBX、GLTF、MAX、OBJ 或 OSGB。回應：200 成功、401 拒絕存取、404 找不到檔案。',
      'zh-CN': '以 API 密钥（免费申请）下载三维可视化地图的一幅 1:1000 图幅，格式为 CESIUM、DAE、FBX、GLTF、MAX、OBJ 或 OSGB。响应：200 成功、401 拒绝访问、404 找不到文件。',
    },
    endpointIds: ['downloadApiByQuery', 'downloadApiByPath'],
    apiKey: true,
  },
};

/**
 * The service's own calls, in no API document: the document itself, the health check, the analytics the
 * viewer sends and the site's public settings. Every other endpoint belongs to at least one document.
 */
export const SERVICE_ONLY_ENDPOINT_IDS: readonly string[] = ['getOpenApiDocument', 'getHealth', 'postAnalytics', 'getAnalyticsSummary', 'getSiteConfig'];

/** Whether an endpoint belongs to a document (by id or by tag). */
export function belongsToApiDocument(document: ApiDocumentDefinition, endpoint: EndpointContract): boolean {
  return document.endpointIds.includes(endpoint.id) || (document.tags ?? []).includes(endpoint.tag);
}

/**
 * A document's endpoints, in the order of its `endpointIds` when it names them all, else in the order of
 * `endpoints`, with the sheet-download examples asking for the
 * document's own dataset (so trying them out in the non-textured document fetches non-textured files).
 */
export function apiDocumentEndpoints(id: ApiDocumentId, endpoints: readonly EndpointContract[]): EndpointContract[] {
  const document = API_DOCUMENTS[id];
  const members = endpoints.filter((endpoint) => belongsToApiDocument(document, endpoint)).map((endpoint) => withDatasetExample(endpoint, document.dataset));
  // A document that names all its calls lists them in its own order (terrain before labels in the map documents).
  if (!document.tags) members.sort((a, b) => document.endpointIds.indexOf(a.id) - document.endpointIds.indexOf(b.id));
  return members;
}

function withDatasetExample(endpoint: EndpointContract, dataset: ApiDocumentDefinition['dataset']): EndpointContract {
  if (!dataset || !DATASET_ENDPOINT_IDS.includes(endpoint.id)) return endpoint;
  const example = endpoint.example ?? {};
  const datasetInPath = example.params !== undefined && 'dataset' in example.params;
  return {
    ...endpoint,
    example: datasetInPath ? { ...example, params: { ...example.params, dataset } } : { ...example, query: { ...example.query, dataset } },
  };
}
