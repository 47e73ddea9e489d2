import { describe, expect, it } from 'vitest';
import {
  BOOKMARK_NAME_MAX_LENGTH,
  BOOKMARKS_STORAGE_KEY,
  cleanBookmarkName,
  defaultBookmarkName,
  readBookmarks,
  removeBookmark,
  renameBookmark,
  restoreBookmark,
  writeBookmarks,
  type WalkBookmark,
} from './bookmarks';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const bookmark = (id: string, name = `Route ${id}`): WalkBookmark => ({
  id,
  name,
  from: { label: 'Wong Tai Sin', longitude: 114.1937, latitude: 22.3417 },
  to: { label: 'Diamond Hill', longitude: 114.2016, latitude: 22.34 },
  lengthMetres: 1034,
  walkingSeconds: 795,
  savedAt: 1_000,
});

describe('walking route bookmarks in the browser', () => {
  it('writes under the versioned key and reads back the same list', () => {
    const storage = memoryStorage();
    expect(writeBookmarks(storage, [bookmark('a'), bookmark('b')])).toBe(true);
    expect(JSON.parse(storage.items.get(BOOKMARKS_STORAGE_KEY)!)).toMatchObject({ version: 1 });
    expect(readBookmarks(storage)).toEqual({ bookmarks: [bookmark('a'), bookmark('b')], dropped: false });
  });

  it('reads nothing, without a crash, from no storage, an empty one or one that throws', () => {
    expect(readBookmarks(null)).toEqual({ bookmarks: [], dropped: false });
    expect(readBookmarks(memoryStorage())).toEqual({ bookmarks: [], dropped: false });
    const throwing = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(readBookmarks(throwing)).toEqual({ bookmarks: [], dropped: false });
    expect(writeBookmarks(throwing, [bookmark('a')])).toBe(false);
    expect(writeBookmarks(null, [bookmark('a')])).toBe(false);
  });

  it.each([
    ['not JSON', '{"version":1,"bookm'],
    ['another version', JSON.stringify({ version: 2, bookmarks: [bookmark('a')] })],
    ['no list', JSON.stringify({ version: 1, bookmarks: 'a' })],
    ['a bare array', JSON.stringify([bookmark('a')])],
  ])('sets aside corrupt storage (%s) and says so', (_, text) => {
    expect(readBookmarks(memoryStorage({ [BOOKMARKS_STORAGE_KEY]: text }))).toEqual({ bookmarks: [], dropped: true });
  });

  it('keeps the good entries of a list with bad ones (a wrong coordinate, no name, a repeated id)', () => {
    const bad = [{ ...bookmark('x'), from: { label: 'Nowhere', longitude: 400, latitude: 0 } }, { ...bookmark('y'), name: '' }, bookmark('a'), null];
    const text = JSON.stringify({ version: 1, bookmarks: [bookmark('a'), ...bad, bookmark('b')] });
    expect(readBookmarks(memoryStorage({ [BOOKMARKS_STORAGE_KEY]: text }))).toEqual({ bookmarks: [bookmark('a'), bookmark('b')], dropped: true });
  });

  it('names a new bookmark "origin → destination" and trims, collapses and cuts names', () => {
    expect(defaultBookmarkName(bookmark('a').from, bookmark('a').to)).toBe('Wong Tai Sin → Diamond Hill');
    expect(cleanBookmarkName('  Home   to\twork ')).toBe('Home to work');
    expect(cleanBookmarkName('   ')).toBeNull();
    expect(cleanBookmarkName('x'.repeat(200))).toHaveLength(BOOKMARK_NAME_MAX_LENGTH);
  });

  it('renames one bookmark and refuses an empty name or an unknown id', () => {
    const list = [bookmark('a'), bookmark('b')];
    expect(renameBookmark(list, 'b', ' Temple walk ')!.map((entry) => entry.name)).toEqual(['Route a', 'Temple walk']);
    expect(renameBookmark(list, 'b', '  ')).toBeNull();
    expect(renameBookmark(list, 'zz', 'Name')).toBeNull();
  });

  it('deletes one bookmark and puts it back where it stood', () => {
    const list = [bookmark('a'), bookmark('b'), bookmark('c')];
    const removed = removeBookmark(list, 'b')!;
    expect(removed.bookmarks.map((entry) => entry.id)).toEqual(['a', 'c']);
    expect(removed.index).toBe(1);
    expect(restoreBookmark(removed.bookmarks, removed.removed, removed.index).map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect(restoreBookmark(list, removed.removed, 1)).toHaveLength(3);
    expect(removeBookmark(list, 'zz')).toBeNull();
  });
});
