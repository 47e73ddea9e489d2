/**
 * What the data service adds to a stored record when it answers (server/routes/catalogue.ts): the site's configured
 * contact (server/siteSettings.ts) in place of the record file's, and the formats on request — listed formats no
 * file can be downloaded in yet (core/contracts/catalogue.ts `formatsOnRequestSchema`).
 */
import type { CatalogueFormat, CatalogueRecord, DownloadFormat } from '../../core/contracts/catalogue';
import type { TileDataset } from '../../core/contracts/download';
import type { SiteContact } from '../../core/contracts/siteConfig';

/** Which formats of a tile-grid dataset a user can download now (server/download/sheetFiles.ts implements it). */
export interface FormatAvailability {
  downloadableFormats(dataset: TileDataset): Promise<DownloadFormat[]>;
}

/** The record's contact e-mail and telephone replaced by the site's (organisation, name and role stay the record's). */
export function withSiteContact(record: CatalogueRecord, contact: SiteContact): CatalogueRecord {
  return { ...record, contact: { ...record.contact, email: contact.email, telephone: contact.telephone } };
}

/**
 * The record's listed formats that no file can be downloaded in: for a tile-grid record, those neither generated
 * nor installed in storage for any sheet. Indoor (GeoJSON, SHP) and layer (GeoJSON) files are always served.
 */
export async function formatsOnRequest(record: CatalogueRecord, availability: FormatAvailability | undefined): Promise<CatalogueFormat[]> {
  if (record.download.kind !== 'tile-grid' || !availability) return [];
  const downloadable = new Set<string>(await availability.downloadableFormats(record.download.dataset));
  return record.distributionFormats.filter((format) => !downloadable.has(format));
}
