/** Fakes of `fetch` for the source tests: answers from the recorded fixtures, never the network. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../app';
import type { FetchFunction, FetchedResponse } from './http';

export const FIXTURES_DIR = join(ROOT_DIR, 'tests', 'fixtures', 'live');

export function fixture(path: string): string {
  return readFileSync(join(FIXTURES_DIR, path), 'utf8');
}

export function okResponse(body: string): FetchedResponse {
  return { ok: true, status: 200, text: async () => body };
}

/** A fetch that answers each URL from `answers` (a body, a response, or a function giving one) and counts calls. */
export function fakeFetch(answers: Record<string, string | FetchedResponse | (() => Promise<FetchedResponse>)>): FetchFunction & { calls: string[] } {
  const calls: string[] = [];
  const fetchFunction = async (url: string) => {
    calls.push(url);
    const answer = answers[url];
    if (answer === undefined) return { ok: false, status: 404, text: async () => 'Not Found' };
    if (typeof answer === 'string') return okResponse(answer);
    if (typeof answer === 'function') return answer();
    return answer;
  };
  return Object.assign(fetchFunction, { calls });
}
