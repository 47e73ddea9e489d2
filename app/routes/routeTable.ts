/**
 * The route table of SPEC §2 as data plus pure functions, so every rule (redirects that keep the query,
 * catalogue-only mode, the developer-only /sdk route, shortened addresses) is testable without a browser.
 * Paths here are relative to the base path `/mapviewer/app` (the router's basename).
 */

/** Every page the shell can show. */
export type PageId =
  | 'map'
  | 'catalogue'
  | 'download-api'
  | 'metadata'
  | 'api-landing'
  | 'api-get-started'
  | 'api-apply-key'
  | 'api-doc'
  | 'swagger'
  | 'sdk'
  | 'not-found';

/** What a path plus query resolves to. `to` keeps the query string (path + search, relative to the basename). */
export type RouteResolution =
  | { kind: 'page'; page: PageId; params: Record<string, string> }
  | { kind: 'redirect'; to: string };

/** Switches that change which routes exist. */
export interface RouteOptions {
  /** Map setting `isCatalogueOnly`: only /, /catalogue, /metadata/:id and the not-found page. Default false. */
  catalogueOnly: boolean;
  /** The /sdk route exists (see {@link isSdkAllowed}). Default false. */
  sdkAllowed: boolean;
}

/** Base path of the app (SPEC §9), without the trailing slash, as the router's basename. */
export const BASENAME = '/mapviewer/app';

/**
 * The router basename for a page address: the base path, or a variant path beside it such as
 * /mapviewer/app-demo or /mapviewer/app-mtr-indoor (SPEC §2 variant fragments), so those addresses route too.
 */
export function detectBasename(pathname: string): string {
  const match = /^\/mapviewer\/app[a-z0-9-]*(?=\/|$)/i.exec(pathname);
  return match ? match[0] : BASENAME;
}

/** Route name of the API explorer (SPEC §2 "route name swagger"). */
export const SWAGGER_ROUTE_NAME = 'swagger';
export const SWAGGER_PATH = '/api/swaggerui';

/** Shortcut paths under /api and the `api` query value each redirects to. */
export const API_SHORTCUTS: Readonly<Record<string, string>> = {
  '/api/f2': 'f2_api',
  '/api/f1_0': 'f1_non_texture_api',
};

/** The `api` value whose swagger page is shown as /api/f2 when shortened addresses are on (SPEC §2). */
export const SHORTENED_F2_API = 'mod_kcke_f2_layer_api';

interface RouteEntry {
  /** Path pattern; `:name` matches one segment. */
  pattern: string;
  page: PageId;
  /** Present in catalogue-only mode too. */
  inCatalogueOnly?: boolean;
  /** Present only when the sdk rule holds. */
  sdkOnly?: boolean;
  /** Absent in catalogue-only mode */
  fullOnly?: boolean;
  /** Parameters the route always carries (the per-API pages name their API). */
  fixedParams?: Record<string, string>;
}

/**
 * The per-API description pages under /api (SPEC §2 "per-API descriptions"; the download API's own page is
 * /download-api). The slug is the path segment and the `apiPage` route parameter.
 */
export const API_DOC_PAGES = ['3d-map-tile', 'tile-source-download', 'routing', 'identify', 'annotation'] as const;
export type ApiDocPage = (typeof API_DOC_PAGES)[number];

/** The page routes of SPEC §2, in match order. Redirects are handled by {@link resolveRoute}. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { pattern: '/map', page: 'map', fullOnly: true },
  { pattern: '/catalogue', page: 'catalogue', inCatalogueOnly: true },
  { pattern: '/download-api', page: 'download-api', fullOnly: true },
  { pattern: '/metadata/:metadataId', page: 'metadata', inCatalogueOnly: true },
  { pattern: '/download/:metadataId', page: 'metadata', fullOnly: true },
  { pattern: '/api', page: 'api-landing', fullOnly: true },
  { pattern: '/api/get-started', page: 'api-get-started', fullOnly: true },
  { pattern: '/api/apply-key', page: 'api-apply-key', fullOnly: true },
  ...API_DOC_PAGES.map((apiPage): RouteEntry => ({ pattern: `/api/${apiPage}`, page: 'api-doc', fullOnly: true, fixedParams: { apiPage } })),
  { pattern: SWAGGER_PATH, page: 'swagger', fullOnly: true },
  { pattern: '/sdk', page: 'sdk', fullOnly: true, sdkOnly: true },
];

/** Removes trailing slashes (except for the root) so `/map/` and `/map` match alike. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = pathname.split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < patternParts.length; index += 1) {
    const expected = patternParts[index];
    const actual = pathParts[index];
    if (expected.startsWith(':')) {
      if (actual === '') return null;
      params[expected.slice(1)] = decodeURIComponent(actual);
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}

function withSearch(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Resolves a path (relative to {@link BASENAME}) and query string to a page or a redirect.
 * Redirects keep every existing query parameter; /api shortcuts set `api` and keep the others.
 */
export function resolveRoute(pathname: string, search: string, options: RouteOptions): RouteResolution {
  const path = normalisePath(pathname);
  const query = new URLSearchParams(search);

  if (path === '/') {
    return { kind: 'redirect', to: withSearch(options.catalogueOnly ? '/catalogue' : '/map', query) };
  }

  if (!options.catalogueOnly && path in API_SHORTCUTS) {
    query.set('api', API_SHORTCUTS[path]);
    return { kind: 'redirect', to: withSearch(SWAGGER_PATH, query) };
  }

  for (const entry of ROUTE_TABLE) {
    if (options.catalogueOnly && !entry.inCatalogueOnly) continue;
    if (entry.sdkOnly && !options.sdkAllowed) continue;
    const matched = matchPattern(entry.pattern, path);
    if (matched) {
      const params = { ...matched, ...entry.fixedParams };
      if (entry.page === 'swagger') {
        const api = query.get('api');
        if (api) params.api = api;
      }
      return { kind: 'page', page: entry.page, params };
    }
  }
  return { kind: 'page', page: 'not-found', params: {} };
}

/** The parts of `window.location` the sdk rule reads. */
export interface AddressLocation {
  hostname: string;
  pathname: string;
}

/**
 * SPEC §2/§6: /sdk exists only when the address contains `/app-demo/` and the host starts with `dev`
 * or is localhost / 127.0.0.1.
 */
export function isSdkAllowed(location: AddressLocation): boolean {
  const host = location.hostname.toLowerCase();
  const devHost = host.startsWith('dev') || host === 'localhost' || host === '127.0.0.1';
  return devHost && location.pathname.includes('/app-demo/');
}

/**
 * The address shown to the user when shortened URLs are on (SPEC §2): `l=en-US` dropped, /map shown as /,
 * and the swagger page for {@link SHORTENED_F2_API} shown as /api/f2 without `api`.
 * Returns the input unchanged when `shorten` is false. Input and output are relative to {@link BASENAME}.
 */
export function shortenAddress(pathname: string, search: string, shorten: boolean): { pathname: string; search: string } {
  if (!shorten) return { pathname, search };
  const path = normalisePath(pathname);
  const query = new URLSearchParams(search);
  if (query.get('l') === 'en-US') query.delete('l');
  let shownPath = path;
  if (path === '/map') {
    shownPath = '/';
  } else if (path === SWAGGER_PATH && query.get('api') === SHORTENED_F2_API) {
    shownPath = '/api/f2';
    query.delete('api');
  }
  const rest = query.toString();
  return { pathname: shownPath, search: rest ? `?${rest}` : '' };
}
