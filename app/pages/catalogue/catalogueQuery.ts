/**
 * The catalogue view as an address: search text, filters and sort live in the page's query string (`q`,
 * `category`, `format`, `status`, `updateFrequency`, `sort`) beside `l`, so a copied link reproduces the view.
 * Values are read with the contract's own schemas (core/contracts/catalogue.ts); anything the server would
 * refuse is dropped instead of being sent, so a hand-edited address degrades to "no filter".
 */
import {
  catalogueListEndpoint,
  catalogueListQuerySchema,
  CATALOGUE_SORTS,
  MAX_CATALOGUE_QUERY_LENGTH,
  type CatalogueListQuery,
} from '../../../core/contracts/catalogue';
import type { Language } from '../../../core/contracts/common';

/** The filter parameters, in the order the page shows them. */
export const CATALOGUE_FILTERS = ['category', 'format', 'status', 'updateFrequency'] as const;
export type CatalogueFilter = (typeof CATALOGUE_FILTERS)[number];

export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** What the page shows: every field optional (absent = not filtered / default order). */
export interface CatalogueView {
  q?: string;
  category?: CatalogueListQuery['category'];
  format?: CatalogueListQuery['format'];
  status?: CatalogueListQuery['status'];
  updateFrequency?: CatalogueListQuery['updateFrequency'];
  sort?: CatalogueSort;
}

/** Every parameter of the view, in address order. */
const VIEW_PARAMS = ['q', ...CATALOGUE_FILTERS, 'sort'] as const;

/** Time the search box waits after the last keystroke before the address (and the request) changes, ms. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Reads the view from a query string; unknown or invalid values are ignored one by one. */
export function viewFromSearch(search: string): CatalogueView {
  const params = new URLSearchParams(search);
  const shape = catalogueListQuerySchema.shape;
  const view: CatalogueView = {};
  const q = params.get('q')?.trim().slice(0, MAX_CATALOGUE_QUERY_LENGTH);
  if (q) view.q = q;
  for (const filter of CATALOGUE_FILTERS) {
    const parsed = shape[filter].safeParse(params.get(filter) ?? undefined);
    if (parsed.success && parsed.data !== undefined) Object.assign(view, { [filter]: parsed.data });
  }
  const sort = shape.sort.safeParse(params.get('sort') ?? undefined);
  if (sort.success && sort.data !== undefined) view.sort = sort.data;
  return view;
}

/**
 * The query string for `view`, keeping every other parameter of `search` (the language `l` above all) in
 * place. Empty values and the default sort are left out, so the plain catalogue is just /catalogue.
 */
export function searchWithView(search: string, view: CatalogueView): string {
  const params = new URLSearchParams(search);
  for (const name of VIEW_PARAMS) params.delete(name);
  for (const name of VIEW_PARAMS) {
    const value = view[name];
    if (value === undefined || value === '' || (name === 'sort' && value === 'relevance')) continue;
    params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** True when the view narrows the list (search text or any filter). */
export function isFiltered(view: CatalogueView): boolean {
  return Boolean(view.q) || CATALOGUE_FILTERS.some((filter) => view[filter] !== undefined);
}

/**
 * The data-service address of the list call for a view, checked against the contract (a view the server would
 * refuse throws here, naming the field, rather than failing on the wire).
 */
export function catalogueListUrl(view: CatalogueView, language: Language): string {
  const query = catalogueListQuerySchema.parse({ ...view, lang: language });
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return `${catalogueListEndpoint.path}?${params.toString()}`;
}
