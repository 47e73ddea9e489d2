/**
 * Issue 12 point 15: nothing a user reads carries a placeholder contact (an `.example` mail address, the telephone
 * "0000 0000") or an internal word (the `SOURCES=` switch, the embedded database's name, `env`). Scans the message
 * files, the app's content, the catalogue's record files and the contract texts' translations, and what the data
 * service serves to people: every catalogue record (JSON and ISO 19139), the list, the OpenAPI documents the API
 * pages and explorer show, and the site settings.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DOCUMENT_IDS } from '../core/contracts/apiDocuments';
import { ROOT_DIR } from './app';
import { useTestServer } from './test/server';

const PROBLEMS: Array<[name: string, pattern: RegExp]> = [
  ['an .example mail address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.example\b/],
  ['the placeholder telephone', /0000 0000/],
  ['the SOURCES switch', /SOURCES=/],
  ['the embedded database', /PGlite/i],
  ['the word env', /\benv\b/],
];

function problemsIn(text: string): string[] {
  return PROBLEMS.filter(([, pattern]) => pattern.test(text)).map(([name, pattern]) => `${name}: …${text.match(pattern)![0]}…`);
}

function filesUnder(folder: string, extensions: readonly string[]): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path, extensions);
    return extensions.some((extension) => name.endsWith(extension)) && !name.includes('.test.') ? [path] : [];
  });
}

describe('user texts', () => {
  it('no placeholder contact or internal word in locales, app content, catalogue records or contract translations', () => {
    const files = [
      ...filesUnder(join(ROOT_DIR, 'locales'), ['.json']),
      ...filesUnder(join(ROOT_DIR, 'app', 'content'), ['.ts', '.tsx']),
      ...filesUnder(join(ROOT_DIR, 'manifests', 'catalogue'), ['.json']),
      ...filesUnder(join(ROOT_DIR, 'app', 'i18n', 'contractTexts'), ['.ts']),
    ];
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((path) => problemsIn(readFileSync(path, 'utf8')).map((problem) => `${relative(ROOT_DIR, path)}: ${problem}`));
    expect(found).toEqual([]);
  });

  describe('served documents', () => {
    const app = useTestServer();
    const body = async (url: string) => {
      const response = await app().inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };

    it('no placeholder contact or internal word in the catalogue, the OpenAPI documents or the settings', async () => {
      const list = JSON.parse(await body('/mapviewer/api/catalogue')) as { records: Array<{ id: string }> };
      const urls = [
        '/mapviewer/api/catalogue',
        '/mapviewer/api/config',
        '/mapviewer/api/openapi.json',
        ...API_DOCUMENT_IDS.map((id) => `/mapviewer/api/openapi.json?api=${id}`),
        ...list.records.flatMap(({ id }) => [`/mapviewer/api/catalogue/${id}`, `/mapviewer/api/catalogue/${id}/iso19139.xml`]),
      ];
      const found: string[] = [];
      for (const url of urls) found.push(...problemsIn(await body(url)).map((problem) => `${url}: ${problem}`));
      expect(found).toEqual([]);
    });
  });
});
