/**
 * Whether the browser can create a WebGL context (WebGL 2 preferred, WebGL 1 accepted). Cesium needs it;
 * without it the map is replaced by SPEC §8 'Functions of 3D Map Viewer may be limited.'
 */
export function detectWebGL(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  if (!doc) return false;
  try {
    const canvas = doc.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl') ?? canvas.getContext('experimental-webgl');
    return context !== null && context !== undefined;
  } catch {
    return false;
  }
}
