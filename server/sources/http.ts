/**
 * Fetching from the public sources. The fetch function is injected (global `fetch` in production, a fake in tests)
 * so no test ever reaches the network.
 */

/** The part of a fetch `Response` the adapters read. */
export interface FetchedResponse {
  ok: boolean;
  status: number;
  text(): Promise<string>;
}

/** A fetch: global `fetch` fits; tests pass a fake. */
export type FetchFunction = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<FetchedResponse>;

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** GETs `url` as text; a network error or a non-2xx status is an error naming the URL. */
export async function fetchText(fetchFunction: FetchFunction, url: string, signal: AbortSignal): Promise<string> {
  let response: FetchedResponse;
  try {
    response = await fetchFunction(url, { signal, headers: { accept: '*/*' } });
  } catch (error) {
    throw new Error(`cannot reach ${url}: ${errorMessage(error)}`, { cause: error });
  }
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return response.text();
}

/** GETs `url` and parses it as JSON; a body that is not JSON is an error naming the URL. */
export async function fetchJson(fetchFunction: FetchFunction, url: string, signal: AbortSignal): Promise<unknown> {
  const text = await fetchText(fetchFunction, url, signal);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    throw new Error(`${url} did not answer JSON: ${errorMessage(error)}`, { cause: error });
  }
}
