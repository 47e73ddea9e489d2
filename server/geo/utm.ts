/** The UTM grid helpers live in core/contracts/utmGrid.ts, shared with the viewer's inspector; re-exported here for the server. */
export { fromUtm, gridReferenceAt, gridSquareName, toUtm, utmGridSquare, utmZoneOf, type UtmZoneNumber } from '../../core/contracts/utmGrid';
export { fromHk1980, toHk1980 } from '../../core/contracts/hk1980';
