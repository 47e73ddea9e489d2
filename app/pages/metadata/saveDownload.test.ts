// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameFromDisposition, saveDownload } from './saveDownload';

describe('fileNameFromDisposition', () => {
  it('reads the quoted, bare and RFC 5987 forms, preferring the UTF-8 name', () => {
    expect(fileNameFromDisposition('attachment; filename="MTR-ADM.geojson"')).toBe('MTR-ADM.geojson');
    expect(fileNameFromDisposition('attachment; filename=MTR-ADM.zip')).toBe('MTR-ADM.zip');
    expect(fileNameFromDisposition(`attachment; filename="adm.zip"; filename*=UTF-8''%E9%87%91%E9%90%98.zip`)).toBe('金鐘.zip');
  });

  it('gives null when there is no usable name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('saveDownload', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function stub(response: Response | Error) {
    vi.stubGlobal('fetch', vi.fn(async () => (response instanceof Error ? Promise.reject(response) : response)));
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = vi.fn(() => 'blob:file');
        static revokeObjectURL = vi.fn();
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    return saved;
  }

  it('saves the body under the server-given name', async () => {
    const saved = stub(new Response('{}', { headers: { 'content-disposition': 'attachment; filename="venue.geojson"' } }));
    expect(await saveDownload('/file', 'fallback.geojson')).toBe('saved');
    expect(saved).toEqual(['venue.geojson']);
  });

  it('uses the fallback name when the server gives none', async () => {
    const saved = stub(new Response('{}'));
    expect(await saveDownload('/file', 'fallback.geojson')).toBe('saved');
    expect(saved).toEqual(['fallback.geojson']);
  });

  it('tells a missing file from a failure, and saves nothing for either', async () => {
    const cases: Array<[Response | Error, string]> = [
      [new Response('gone', { status: 404 }), 'not-found'],
      [new Response('error', { status: 500 }), 'failed'],
      [new Response(''), 'failed'],
      [new TypeError('network down'), 'failed'],
    ];
    for (const [answer, expected] of cases) {
      const saved = stub(answer);
      expect(await saveDownload('/file', 'x')).toBe(expected);
      expect(saved).toEqual([]);
      vi.restoreAllMocks();
    }
  });
});
