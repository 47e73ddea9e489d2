import { isAbsolute, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { catalogueIsoEndpoint, catalogueListEndpoint, catalogueRecordEndpoint, type CatalogueRecord } from '../../core/contracts';
import { formatCatalogueProblem, loadCatalogue } from '../catalogue/records';
import { findCatalogueRecord, searchCatalogue } from '../catalogue/search';
import { seedCatalogue } from '../catalogue/seed';
import { formatsOnRequest, withSiteContact, type FormatAvailability } from '../catalogue/serve';
import { writeIso19139 } from '../catalogue/iso19139';
import { withSchemaLock, type Db } from '../db';
import { HttpError } from '../http/errors';
import { registerEndpoint } from '../http/endpoint';
import { DEFAULT_SITE_CONTACT, type SiteContact } from '../../core/contracts/siteConfig';

/** SPEC §8, word for word. */
export const UNKNOWN_METADATA_ID_MESSAGE = 'We could not find any record(s) from your provided metadata id.';

export interface CatalogueRoutesOptions {
  db: Db;
  /** The folder of the record files (manifests/catalogue). */
  catalogueDir: string;
  /** The site's contact, served in every record (JSON and ISO 19139) in place of the file's; default DEFAULT_SITE_CONTACT. */
  contact?: SiteContact;
  /** Which tile-grid formats can be downloaded (the sheet file store); without it no format is marked on request. */
  formatAvailability?: FormatAvailability;
}

/** The folder as problems name it: relative to the working folder (`manifests/catalogue`) when inside it. */
function displayName(directory: string): string {
  const inside = relative(process.cwd(), directory);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside.split('\\').join('/') : directory;
}

/**
 * The open-data catalogue: validates the record files and seeds the valid ones (under the schema lock, so several
 * processes sharing one PostgreSQL seed once), then serves the list, the record and its ISO 19139 XML.
 */
export async function catalogueRoutes(app: FastifyInstance, options: CatalogueRoutesOptions): Promise<void> {
  const { db } = options;
  const catalogue = loadCatalogue(options.catalogueDir, displayName(options.catalogueDir));
  // One line per problem, `file: path: message [severity]`; the server starts with the valid records.
  for (const problem of catalogue.problems) console.warn(formatCatalogueProblem(problem));
  // Seeding may use any connection: the lock held by the locking connection keeps other processes out.
  await withSchemaLock(db, () => seedCatalogue(db, catalogue));

  const contact = options.contact ?? DEFAULT_SITE_CONTACT;
  const recordOr404 = async (id: string): Promise<CatalogueRecord> => {
    const record = await findCatalogueRecord(db, id);
    if (!record) throw new HttpError(404, UNKNOWN_METADATA_ID_MESSAGE);
    return withSiteContact(record, contact);
  };
  const onRequest = (record: CatalogueRecord) => formatsOnRequest(record, options.formatAvailability);

  registerEndpoint(app, catalogueListEndpoint, ({ query }) => searchCatalogue(db, query, onRequest));
  registerEndpoint(app, catalogueRecordEndpoint, async ({ params }) => {
    const record = await recordOr404(params.metadataId);
    return { ...record, formatsOnRequest: await onRequest(record) };
  });
  registerEndpoint(app, catalogueIsoEndpoint, async ({ params, query }, _request, reply) => {
    const record = await recordOr404(params.metadataId);
    reply.type('application/xml; charset=utf-8');
    if (query.download === 'true') reply.header('Content-Disposition', `attachment; filename="${record.id}.xml"`);
    return writeIso19139(record);
  });
}
