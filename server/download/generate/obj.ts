/**
 * Wavefront OBJ + MTL writer for the sheet meshes. Coordinates stay in the sheet's local frame with z up
 * (x = metres east, y = metres north of the sheet's south-west corner on the HK1980 Grid, z = height in
 * metres), so adding the origin in the header gives HK1980 Grid coordinates; importers that expect y up
 * (Blender's default) need "Z up" chosen on import.
 */
import type { MeshData } from './sheetModel';

export interface ObjPart {
  name: string;
  mesh: MeshData;
  /** Diffuse colour, 0..1. */
  colour: [number, number, number];
  /** File name of a texture beside the .mtl, applied with the mesh's uvs. */
  textureFile?: string;
}

export interface ObjScene {
  /** Lines for the header comment (origin, CRS, attribution). */
  header: string[];
  /** File name of the .mtl beside the .obj. */
  mtlFile: string;
  parts: ObjPart[];
}

const decimals = (value: number, places: number) => {
  const text = value.toFixed(places);
  return text === `-${(0).toFixed(places)}` ? (0).toFixed(places) : text;
};

export function writeObj(scene: ObjScene): { obj: string; mtl: string } {
  const obj: string[] = [...scene.header.map((line) => `# ${line}`), `mtllib ${scene.mtlFile}`];
  const mtl: string[] = ['# Materials of the sheet model'];
  let vertexBase = 0;
  let uvBase = 0;
  for (const part of scene.parts) {
    const { positions, normals, uvs, indices } = part.mesh;
    const textured = part.textureFile !== undefined && uvs !== null;
    obj.push(`o ${part.name}`);
    for (let k = 0; k < positions.length; k += 3) obj.push(`v ${decimals(positions[k], 3)} ${decimals(positions[k + 1], 3)} ${decimals(positions[k + 2], 3)}`);
    for (let k = 0; k < normals.length; k += 3) obj.push(`vn ${decimals(normals[k], 4)} ${decimals(normals[k + 1], 4)} ${decimals(normals[k + 2], 4)}`);
    // OBJ texture coordinates start at the bottom of the image; the model's uvs start at the top (glTF).
    if (textured) for (let k = 0; k < uvs.length; k += 2) obj.push(`vt ${decimals(uvs[k], 6)} ${decimals(1 - uvs[k + 1], 6)}`);
    obj.push(`usemtl ${part.name}`);
    for (let k = 0; k < indices.length; k += 3) {
      const corner = (index: number) => {
        const v = vertexBase + index + 1;
        return textured ? `${v}/${uvBase + index + 1}/${v}` : `${v}//${v}`;
      };
      obj.push(`f ${corner(indices[k])} ${corner(indices[k + 1])} ${corner(indices[k + 2])}`);
    }
    vertexBase += positions.length / 3;
    if (textured) uvBase += uvs.length / 2;
    const [r, g, b] = part.colour.map((value) => decimals(value, 4));
    mtl.push(`newmtl ${part.name}`, `Ka 0 0 0`, `Kd ${r} ${g} ${b}`, `Ks 0 0 0`, `d 1`, `illum 1`);
    if (textured) mtl.push(`map_Kd ${part.textureFile}`);
  }
  return { obj: `${obj.join('\n')}\n`, mtl: `${mtl.join('\n')}\n` };
}
