/** The part of the Khronos glTF validator's API (npm gltf-validator, no types of its own) the tile tests use. */
declare module 'gltf-validator' {
  export interface GltfValidationMessage {
    code: string;
    message: string;
    /** 0 error, 1 warning, 2 information, 3 hint. */
    severity: number;
    pointer?: string;
  }
  export interface GltfValidationReport {
    issues: { numErrors: number; numWarnings: number; numInfos: number; numHints: number; messages: GltfValidationMessage[] };
  }
  export function validateBytes(data: Uint8Array, options?: { uri?: string; maxIssues?: number }): Promise<GltfValidationReport>;
}
