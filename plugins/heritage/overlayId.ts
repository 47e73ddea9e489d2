/** The monuments layer's id (manifests/overlays/heritage-monuments.json), which this plugin registers. */
export const MONUMENTS_OVERLAY = 'heritage-monuments';
