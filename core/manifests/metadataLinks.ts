/**
 * The two-way link between overlay manifests and the open-data catalogue: an overlay's `metadataId` names the
 * catalogue record the layer drawer's "Metadata" button opens, and that record's `viewerLayerId` names the
 * overlay back. A companion overlay of the same data (the buildings' covered-areas outline beside the buildings)
 * may name the record too, as long as the record's own overlay names it back. Both sides are hand-written JSON,
 * so this check keeps them from drifting apart. Pure (no file
 * system): scripts/manifests-check.ts and the tests pass the files they read.
 */
import type { OverlayManifest } from './schemas';
import type { ManifestProblem } from './validate';

/** What the link needs of a catalogue record (core/contracts/catalogue.ts `CatalogueRecord`). */
export interface CatalogueLink {
  /** The record's file as the user names it, e.g. `manifests/catalogue/beach-water-quality.json`. */
  file: string;
  record: { id: string; viewerLayerId: string | null };
}

/**
 * Problems of the link in either direction: a `metadataId` naming no record or a record of another layer (unless
 * that layer's overlay names the record too: a companion of the same data), and
 * a record whose overlay exists but does not name it back. A `viewerLayerId` naming no overlay at all is the
 * catalogue's own check (server/catalogue/records.ts `viewerLayerProblems`), so it is not reported twice.
 */
export function metadataLinkProblems(
  overlays: ReadonlyArray<{ file: string; manifest: Pick<OverlayManifest, 'id' | 'metadataId'> }>,
  records: ReadonlyArray<CatalogueLink>,
): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const recordsById = new Map(records.map((link) => [link.record.id, link.record]));
  const overlaysById = new Map(overlays.map((overlay) => [overlay.manifest.id, overlay.manifest]));
  for (const { file, manifest } of overlays) {
    if (manifest.metadataId === undefined) continue;
    const record = recordsById.get(manifest.metadataId);
    if (!record) {
      problems.push({ file, path: 'metadataId', message: `unknown catalogue record "${manifest.metadataId}" (no manifests/catalogue/${manifest.metadataId}.json)`, severity: 'error' });
    } else if (record.viewerLayerId !== manifest.id && !(record.viewerLayerId !== null && overlaysById.get(record.viewerLayerId)?.metadataId === record.id)) {
      const owner = record.viewerLayerId === null ? 'no viewer layer' : `viewer layer "${record.viewerLayerId}"`;
      problems.push({ file, path: 'metadataId', message: `catalogue record "${record.id}" describes ${owner}, not "${manifest.id}"`, severity: 'error' });
    }
  }
  for (const { file, record } of records) {
    if (record.viewerLayerId === null) continue;
    const overlay = overlaysById.get(record.viewerLayerId);
    if (overlay && overlay.metadataId !== record.id) {
      problems.push({
        file,
        path: 'viewerLayerId',
        message: `overlay "${overlay.id}" does not name this record back: expected "metadataId": "${record.id}" in its manifest, found ${overlay.metadataId === undefined ? 'none' : `"${overlay.metadataId}"`}`,
        severity: 'error',
      });
    }
  }
  return problems;
}
