/**
 * How the buildings' 3D Tiles are painted (the overlay handler's `tilesetAppearance`): generated styling, never a
 * photo texture.
 *
 * - Textured: a Cesium3DTileStyle gives each building its category colour (lighter when its height is assumed),
 *   read from the feature properties `category` and `height_kind` of the tiles (EXT_structural_metadata), and a
 *   CustomShader draws façades on the walls: a thin slab line at every floor, a row of windows per floor, window
 *   bays along the wall; roofs stay plain. Cesium multiplies the style colour into the shaded result, so the
 *   shader only paints light and dark on white. The pattern fades out where a floor is smaller than about a pixel,
 *   so distant buildings show their plain colour instead of moiré.
 * - Textureless: every building plain and light, no façade pattern.
 *
 * Floors come from each building's storeys: a custom shader cannot read the property table (CesiumJS gives it
 * property attributes and textures only), so the tile generator writes each vertex's depth below the roof in
 * storeys as the glTF attribute `_FLOOR` (server/buildings/tiles/geometry.ts: the building's height over its
 * storeys, else 3 m a floor), which CesiumJS hands the shader as `vsInput.attributes.floor` (a custom attribute
 * loses its underscore and is lower-cased, ModelUtility.getAttributeInfo). Floors are counted down from the roof,
 * so the top floor ends at the roof edge. Only textured mode reads it: CesiumJS turns a custom vertex shader off
 * on a primitive that lacks an attribute it reads.
 *
 * Both modes shade faces with a fixed light from the north-west (unlit by the scene's sun, which is below the
 * horizon half the day). The local vertical in the shader: the world up at the tile's origin, taken into model
 * space, whatever axes the tile's glTF uses.
 */
import type { CustomShader as CesiumCustomShader } from 'cesium';
import { BUILDING_CATEGORIES } from '../../core/contracts/buildings';
import type { TilesetAppearance } from '../../core/plugin/types';
import { assumedHeightColour, CATEGORY_COLOURS, TEXTURELESS_BUILDING_COLOUR, WINDOW_BAY_METRES } from '../../core/contracts/buildingLook';

type CesiumModule = typeof import('cesium');


/** The Cesium3DTileStyle `color` conditions of textured mode: assumed heights first, then each category. */
export function texturedColourConditions(): Array<[string, string]> {
  const conditions: Array<[string, string]> = [];
  for (const category of BUILDING_CATEGORIES) {
    conditions.push([`\${height_kind} === 'assumed' && \${category} === '${category}'`, `color('${assumedHeightColour(category)}')`]);
  }
  for (const category of BUILDING_CATEGORIES) {
    conditions.push([`\${category} === '${category}'`, `color('${CATEGORY_COLOURS[category]}')`]);
  }
  conditions.push(['true', `color('${CATEGORY_COLOURS.other}')`]);
  return conditions;
}

/**
 * Vertex part of both modes: the position along the wall, how much a face is a wall (0 roof, 1 wall) and its
 * fixed shading; textured mode also passes on the floor (`_FLOOR`, storeys below the roof).
 */
export function buildingVertexShader(textured: boolean): string {
  // Not `v_floor`: CesiumJS declares a varying `v_<name>` for each attribute of the primitive itself.
  return /* glsl */ `
void vertexMain(VertexInput vsInput, inout czm_modelVertexOutput vsOutput) {
  vec3 positionMC = vsInput.attributes.positionMC;
  vec3 originWC = czm_model[3].xyz;
  vec3 upWC = length(originWC) > 1000.0 ? normalize(originWC) : normalize((czm_model * vec4(positionMC, 1.0)).xyz);
  vec3 upMC = normalize(transpose(mat3(czm_model)) * upWC);
  vec3 normalMC = normalize(vsInput.attributes.normalMC);
  vec3 alongWall = cross(upMC, normalMC);
  v_alongMetres = length(alongWall) > 0.01 ? dot(positionMC, normalize(alongWall)) : 0.0;
  v_wall = 1.0 - abs(dot(normalMC, upMC));${textured ? '\n  v_storeysBelowRoof = vsInput.attributes.floor;' : ''}
  // Light from the north-west and above, as the shaded relief under the buildings: the same on every face
  // whatever the time of the scene clock, so buildings stay legible at night and in every map style.
  vec3 eastWC = normalize(cross(vec3(0.0, 0.0, 1.0), upWC));
  vec3 northWC = cross(upWC, eastWC);
  vec3 lightWC = normalize(-0.55 * eastWC + 0.45 * northWC + 0.7 * upWC);
  vec3 normalWC = normalize(mat3(czm_model) * normalMC);
  v_shade = mix(0.5 + 0.4 * max(dot(normalWC, lightWC), 0.0), 1.0, 1.0 - v_wall);
}
`;
}

/**
 * Fragment part of textured mode: shading plus the façade pattern on walls. `v_storeysBelowRoof` counts storeys
 * down from the roof, so `1 - fract(v_storeysBelowRoof)` runs from 0 at a storey's floor slab to 1 at its
 * ceiling.
 */
export const FACADE_FRAGMENT_SHADER = /* glsl */ `
void fragmentMain(FragmentInput fsInput, inout czm_modelMaterial material) {
  float bay = ${WINDOW_BAY_METRES.toFixed(1)};
  float wall = smoothstep(0.6, 0.9, v_wall);
  // Fade the pattern where one floor spans less than about two pixels (no moiré far away).
  float detail = wall * (1.0 - smoothstep(0.25, 0.5, fwidth(v_storeysBelowRoof)));
  float inStorey = 1.0 - fract(v_storeysBelowRoof);
  float inBay = fract(v_alongMetres / bay);
  float slab = 1.0 - smoothstep(0.04, 0.1, inStorey);
  float windowRow = smoothstep(0.28, 0.32, inStorey) * (1.0 - smoothstep(0.82, 0.86, inStorey));
  float windowColumn = smoothstep(0.14, 0.18, inBay) * (1.0 - smoothstep(0.82, 0.86, inBay));
  float glass = windowRow * windowColumn;
  vec3 facade = vec3(1.0);
  facade = mix(facade, vec3(0.6, 0.67, 0.76), glass * detail);
  facade *= 1.0 - 0.2 * slab * detail;
  material.diffuse = facade * v_shade;
}
`;

/** Fragment part of textureless mode: shading only. */
export const PLAIN_FRAGMENT_SHADER = /* glsl */ `
void fragmentMain(FragmentInput fsInput, inout czm_modelMaterial material) {
  material.diffuse = vec3(v_shade);
}
`;

/** The handler's appearance for a mode, built with the Cesium module the engine passes in. */
export function buildingsAppearance(cesium: unknown, textured: boolean): TilesetAppearance {
  const Cesium = cesium as CesiumModule;
  const customShader: CesiumCustomShader = new Cesium.CustomShader({
    mode: Cesium.CustomShaderMode.MODIFY_MATERIAL,
    // Our own fixed shading (see buildingVertexShader), not the sun of the scene clock.
    lightingModel: Cesium.LightingModel.UNLIT,
    varyings: {
      v_alongMetres: Cesium.VaryingType.FLOAT,
      v_wall: Cesium.VaryingType.FLOAT,
      v_shade: Cesium.VaryingType.FLOAT,
      ...(textured ? { v_storeysBelowRoof: Cesium.VaryingType.FLOAT } : {}),
    },
    vertexShaderText: buildingVertexShader(textured),
    fragmentShaderText: textured ? FACADE_FRAGMENT_SHADER : PLAIN_FRAGMENT_SHADER,
  });
  const color = textured ? { conditions: texturedColourConditions() } : `color('${TEXTURELESS_BUILDING_COLOUR}')`;
  return { style: new Cesium.Cesium3DTileStyle({ color }), customShader };
}
