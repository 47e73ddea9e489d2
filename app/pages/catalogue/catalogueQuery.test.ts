import { describe, expect, it } from 'vitest';
import { catalogueListUrl, isFiltered, searchWithView, viewFromSearch } from './catalogueQuery';

describe('viewFromSearch', () => {
  it('reads search text, filters and sort from the address', () => {
    expect(viewFromSearch('?l=zh-HK&q=%E5%AE%A4%E5%85%A7&category=indoor&format=SHP&status=onGoing&updateFrequency=asNeeded&sort=title')).toEqual({
      q: '室內',
      category: 'indoor',
      format: 'SHP',
      status: 'onGoing',
      updateFrequency: 'asNeeded',
      sort: 'title',
    });
  });

  it('drops values the contract refuses, one by one, and blank search text', () => {
    expect(viewFromSearch('?q=%20%20&category=roads&format=obj&status=onGoing&sort=random')).toEqual({ status: 'onGoing' });
  });

  it('cuts search text to the longest the server accepts', () => {
    expect(viewFromSearch(`?q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });
});

describe('searchWithView', () => {
  it('keeps the language and unrelated parameters and leaves out empty values and the default sort', () => {
    expect(searchWithView('?l=zh-CN&foo=1&q=old&format=OBJ', { q: '3d', status: 'completed', sort: 'relevance' })).toBe('?l=zh-CN&foo=1&q=3d&status=completed');
  });

  it('gives an empty query string for the plain catalogue', () => {
    expect(searchWithView('?q=x&sort=title', {})).toBe('');
  });

  it('round-trips through viewFromSearch', () => {
    const view = { q: 'terrain', category: '3d-spatial-data', format: 'CESIUM', status: 'completed', updateFrequency: 'annually', sort: 'revision-newest' } as const;
    expect(viewFromSearch(searchWithView('?l=zh-HK', view))).toEqual(view);
  });
});

describe('isFiltered', () => {
  it('is true for search text or any filter, not for a sort alone', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ sort: 'title' })).toBe(false);
    expect(isFiltered({ q: 'a' })).toBe(true);
    expect(isFiltered({ updateFrequency: 'daily' })).toBe(true);
  });
});

describe('catalogueListUrl', () => {
  it('builds the list call of the contract with the language', () => {
    expect(catalogueListUrl({ q: '三維 map', format: 'GLTF', sort: 'title' }, 'zh-HK')).toBe(
      '/mapviewer/api/catalogue?q=%E4%B8%89%E7%B6%AD+map&format=GLTF&sort=title&lang=zh-HK',
    );
  });

  it('refuses a view the server would refuse, naming the field', () => {
    expect(() => catalogueListUrl({ format: 'PDF' as never }, 'en-US')).toThrow(/format/);
  });
});
