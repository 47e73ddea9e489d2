/**
 * The calls the metadata page makes (core/contracts/catalogue.ts, download.ts): the record as JSON, the
 * ISO 19139 XML, and the indoor venue search. JSON answers are parsed with the contract schemas.
 */
import { catalogueIsoEndpoint, catalogueRecordEndpoint, catalogueRecordResponseSchema, metadataIdSchema, type CatalogueRecordResponse } from '../../../core/contracts/catalogue';
import { indoorVenueListEndpoint, indoorVenueListResponseSchema, type IndoorVenueSummary } from '../../../core/contracts/download';
import { createHttpClient, HttpError } from '../../../core/http';

export type RecordResult = { kind: 'found'; record: CatalogueRecordResponse } | { kind: 'not-found' };

/** Address of the record's JSON. */
export function recordUrl(metadataId: string): string {
  return catalogueRecordEndpoint.path.replace('{metadataId}', encodeURIComponent(metadataId));
}

/** Address of the record's ISO 19139 XML; `download` asks the server for an attachment. */
export function isoXmlUrl(metadataId: string, download = false): string {
  const url = catalogueIsoEndpoint.path.replace('{metadataId}', encodeURIComponent(metadataId));
  return download ? `${url}?download=true` : url;
}

/**
 * The record, or `not-found` for an id the server does not know (404) or the contract rejects (never sent).
 * Anything else (network, 5xx, an answer that breaks the contract) throws an HttpError.
 */
export async function fetchRecord(metadataId: string, signal?: AbortSignal): Promise<RecordResult> {
  if (!metadataIdSchema.safeParse(metadataId).success) return { kind: 'not-found' };
  try {
    const record = await createHttpClient().json(recordUrl(metadataId), catalogueRecordResponseSchema, { signal });
    return { kind: 'found', record };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { kind: 'not-found' };
    throw error;
  }
}

/** The ISO 19139 XML as text; throws HttpError for a failed request. */
export async function fetchIsoXml(metadataId: string, signal?: AbortSignal): Promise<string> {
  const url = isoXmlUrl(metadataId);
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/xml' } });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new HttpError(url, `network error: ${error instanceof Error ? error.message : String(error)}`, undefined, { cause: error });
  }
  if (!response.ok) throw new HttpError(url, response.statusText || 'request failed', response.status);
  return response.text();
}

export interface IndoorVenueQuery {
  /** Part of a venue name, in any language; blank: every venue. */
  q: string;
  /** District letter (A..T without I and O); blank: every district. */
  district: string;
  /** `metro-station` or `building`; blank: both. */
  type: string;
}

/** The venue search address: blank filters are left out (the contract's query is strict). */
export function indoorVenuesUrl(query: IndoorVenueQuery): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.district) params.set('district', query.district);
  if (query.type) params.set('type', query.type);
  const search = params.toString();
  return search ? `${indoorVenueListEndpoint.path}?${search}` : indoorVenueListEndpoint.path;
}

export async function fetchIndoorVenues(query: IndoorVenueQuery, signal?: AbortSignal): Promise<{ total: number; venues: IndoorVenueSummary[] }> {
  return createHttpClient().json(indoorVenuesUrl(query), indoorVenueListResponseSchema, { signal });
}
