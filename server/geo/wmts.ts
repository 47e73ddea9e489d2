/**
 * The WMTS 1.0.0 capabilities document (OGC 07-057r7) of the lot boundaries and the relief base map, written
 * from the contract's layers and tile matrix sets (core/contracts/wmts.ts) and each layer's real coverage.
 * URLs are absolute (GDAL and QGIS need them so), on the origin the request came to.
 */
import {
  LANGUAGES,
  WMTS_CAPABILITIES_KVP_URL,
  WMTS_FORMAT,
  WMTS_KVP_PATH,
  WMTS_LAYERS,
  WMTS_REST_CAPABILITIES_PATH,
  WMTS_STANDARD_CAPABILITIES_PATH,
  WMTS_TILE_MATRIX_SETS,
  WMTS_VERSION,
  type LocalisedText,
  type LotTileMatrixSet,
  type ReliefStyle,
  type WmtsLayer,
  type WmtsLayerName,
  type WmtsTileMatrixSet,
} from '../../core/contracts';
import { xmlText } from '../http/ows';

/** [west, south, east, north] in degrees. */
export type Wgs84Bounds = readonly [number, number, number, number];

/**
 * The tile makers behind the layers; null while (or because) a layer's data is not available. The lot and
 * terrain routes fill it in as they start; the WMTS routes read it per request.
 */
export interface WmtsTileSources {
  lots: { coverage: Wgs84Bounds; tile(set: LotTileMatrixSet, level: number, row: number, column: number): Buffer } | null;
  relief: { coverage: Wgs84Bounds; tile(level: number, column: number, row: number, style: ReliefStyle): Promise<Buffer> } | null;
}

export function createWmtsTileSources(): WmtsTileSources {
  return { lots: null, relief: null };
}

export interface WmtsCapabilitiesOptions {
  /** `http://host:port` the document's URLs start with. */
  origin: string;
  /** The layers whose tiles this server can make, with the area their data covers; other layers are left out. */
  coverage: Partial<Record<WmtsLayerName, Wgs84Bounds>>;
}

function titles(text: LocalisedText, indent: string): string {
  return LANGUAGES.map((language) => `${indent}<ows:Title xml:lang="${language}">${xmlText(text[language])}</ows:Title>\n`).join('');
}

function kvpGet(href: string, encoding: 'KVP' | 'RESTful'): string {
  return (
    `          <ows:Get xlink:href="${xmlText(href)}">\n` +
    `            <ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>${encoding}</ows:Value></ows:AllowedValues></ows:Constraint>\n` +
    '          </ows:Get>\n'
  );
}

function layerXml(layer: WmtsLayer, bounds: Wgs84Bounds, origin: string): string {
  const [west, south, east, north] = bounds;
  const styles = layer.styles
    .map(
      (style) =>
        `      <Style${style.identifier === layer.defaultStyle ? ' isDefault="true"' : ''}>\n` +
        titles(style.title, '        ') +
        `        <ows:Identifier>${xmlText(style.identifier)}</ows:Identifier>\n` +
        '      </Style>\n',
    )
    .join('');
  const links = layer.tileMatrixSets.map((set) => `      <TileMatrixSetLink><TileMatrixSet>${xmlText(set)}</TileMatrixSet></TileMatrixSetLink>\n`).join('');
  return (
    '    <Layer>\n' +
    titles(layer.title, '      ') +
    `      <ows:Abstract>${xmlText(layer.abstract)}</ows:Abstract>\n` +
    `      <ows:WGS84BoundingBox crs="urn:ogc:def:crs:OGC:2:84"><ows:LowerCorner>${west} ${south}</ows:LowerCorner><ows:UpperCorner>${east} ${north}</ows:UpperCorner></ows:WGS84BoundingBox>\n` +
    `      <ows:Identifier>${xmlText(layer.identifier)}</ows:Identifier>\n` +
    styles +
    `      <Format>${WMTS_FORMAT}</Format>\n` +
    links +
    `      <ResourceURL format="${WMTS_FORMAT}" resourceType="tile" template="${xmlText(origin + layer.resourceTemplate)}"/>\n` +
    '    </Layer>\n'
  );
}

function tileMatrixSetXml(set: WmtsTileMatrixSet): string {
  const matrices = set.matrices
    .map(
      (matrix) =>
        '      <TileMatrix>\n' +
        `        <ows:Identifier>${xmlText(matrix.identifier)}</ows:Identifier>\n` +
        `        <ScaleDenominator>${matrix.scaleDenominator}</ScaleDenominator>\n` +
        `        <TopLeftCorner>${matrix.topLeftCorner[0]} ${matrix.topLeftCorner[1]}</TopLeftCorner>\n` +
        `        <TileWidth>${matrix.tileWidth}</TileWidth>\n` +
        `        <TileHeight>${matrix.tileHeight}</TileHeight>\n` +
        `        <MatrixWidth>${matrix.matrixWidth}</MatrixWidth>\n` +
        `        <MatrixHeight>${matrix.matrixHeight}</MatrixHeight>\n` +
        '      </TileMatrix>\n',
    )
    .join('');
  return (
    '    <TileMatrixSet>\n' +
    `      <ows:Title>${xmlText(set.title)}</ows:Title>\n` +
    `      <ows:Identifier>${xmlText(set.identifier)}</ows:Identifier>\n` +
    `      <ows:SupportedCRS>${set.supportedCrs}</ows:SupportedCRS>\n` +
    (set.wellKnownScaleSet ? `      <WellKnownScaleSet>${set.wellKnownScaleSet}</WellKnownScaleSet>\n` : '') +
    matrices +
    '    </TileMatrixSet>\n'
  );
}

export function wmtsCapabilitiesXml({ origin, coverage }: WmtsCapabilitiesOptions): string {
  const layers = WMTS_LAYERS.filter((layer) => coverage[layer.identifier]);
  const setsInUse = new Set(layers.flatMap((layer) => layer.tileMatrixSets));
  const sets = WMTS_TILE_MATRIX_SETS.filter((set) => setsInUse.has(set.identifier));
  const kvpHref = `${origin}${WMTS_KVP_PATH}?`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" ' +
    'xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:gml="http://www.opengis.net/gml" ' +
    `xsi:schemaLocation="http://www.opengis.net/wmts/1.0 http://schemas.opengis.net/wmts/1.0/wmtsGetCapabilities_response.xsd" version="${WMTS_VERSION}">\n` +
    '  <ows:ServiceIdentification>\n' +
    '    <ows:Title>Hong Kong 3D map portal: lot boundaries and relief base map (WMTS)</ows:Title>\n' +
    '    <ows:Abstract>The map tiles the 3D map viewer draws, for GIS tools: sample land sale lot boundaries and the shaded relief base map in each map style.</ows:Abstract>\n' +
    '    <ows:ServiceType>OGC WMTS</ows:ServiceType>\n' +
    `    <ows:ServiceTypeVersion>${WMTS_VERSION}</ows:ServiceTypeVersion>\n` +
    '  </ows:ServiceIdentification>\n' +
    '  <ows:OperationsMetadata>\n' +
    '    <ows:Operation name="GetCapabilities">\n' +
    '      <ows:DCP>\n' +
    '        <ows:HTTP>\n' +
    kvpGet(kvpHref, 'KVP') +
    kvpGet(`${origin}${WMTS_STANDARD_CAPABILITIES_PATH}`, 'RESTful') +
    '        </ows:HTTP>\n' +
    '      </ows:DCP>\n' +
    '    </ows:Operation>\n' +
    '    <ows:Operation name="GetTile">\n' +
    '      <ows:DCP>\n' +
    '        <ows:HTTP>\n' +
    kvpGet(kvpHref, 'KVP') +
    '        </ows:HTTP>\n' +
    '      </ows:DCP>\n' +
    '    </ows:Operation>\n' +
    '  </ows:OperationsMetadata>\n' +
    '  <Contents>\n' +
    layers.map((layer) => layerXml(layer, coverage[layer.identifier]!, origin)).join('') +
    sets.map(tileMatrixSetXml).join('') +
    '  </Contents>\n' +
    `  <ServiceMetadataURL xlink:href="${xmlText(origin + WMTS_CAPABILITIES_KVP_URL)}"/>\n` +
    `  <ServiceMetadataURL xlink:href="${xmlText(origin + WMTS_REST_CAPABILITIES_PATH)}"/>\n` +
    `  <ServiceMetadataURL xlink:href="${xmlText(origin + WMTS_STANDARD_CAPABILITIES_PATH)}"/>\n` +
    '</Capabilities>\n'
  );
}
