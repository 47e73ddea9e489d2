/**
 * Walking route bookmarks kept in the browser (issue 17 point 5): localStorage under a versioned key, so a later
 * shape can live beside this one instead of being misread. What is stored is only what re-asks the route: the two
 * places (name shown and WGS84 position), the bookmark's name and the figures of the route when it was saved.
 * Unreadable data (not JSON, another shape, a bad entry) is set aside without a crash: the good entries stay, the
 * store says that some were dropped, and the next save writes the cleaned list.
 */
import { z } from 'zod';

/** The localStorage key; the `v1` is the stored shape's version. */
export const BOOKMARKS_STORAGE_KEY = 'hk3dmap.walkingRoute.bookmarks.v1';
/** Longest bookmark name, characters (a name is shown on one line in the drawer). */
export const BOOKMARK_NAME_MAX_LENGTH = 80;
/** Most bookmarks kept; saving one more is refused with a message (localStorage is small and shared). */
export const BOOKMARKS_MAX = 50;

const placeSchema = z.object({
  label: z.string().min(1).max(200),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
});
export type BookmarkPlace = z.infer<typeof placeSchema>;

const bookmarkSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(BOOKMARK_NAME_MAX_LENGTH),
  from: placeSchema,
  to: placeSchema,
  /** The route's length and time when saved, metres and seconds (opening asks the route again). */
  lengthMetres: z.number().nonnegative(),
  walkingSeconds: z.number().nonnegative(),
  /** ms since the epoch. */
  savedAt: z.number().int().nonnegative(),
});
export type WalkBookmark = z.infer<typeof bookmarkSchema>;

const storedSchema = z.object({ version: z.literal(1), bookmarks: z.array(z.unknown()) });

/** What reading found: the good bookmarks and whether anything stored had to be set aside. */
export interface BookmarkRead {
  bookmarks: WalkBookmark[];
  dropped: boolean;
}

export type BookmarkStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Reads the stored bookmarks; never throws (no storage, no data, bad data). */
export function readBookmarks(storage: BookmarkStorage | null): BookmarkRead {
  if (!storage) return { bookmarks: [], dropped: false };
  let text: string | null;
  try {
    text = storage.getItem(BOOKMARKS_STORAGE_KEY);
  } catch {
    // A browser that refuses storage (privacy settings) has no bookmarks; saving then says why.
    return { bookmarks: [], dropped: false };
  }
  if (text === null) return { bookmarks: [], dropped: false };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { bookmarks: [], dropped: true };
  }
  const stored = storedSchema.safeParse(json);
  if (!stored.success) return { bookmarks: [], dropped: true };
  const bookmarks: WalkBookmark[] = [];
  const ids = new Set<string>();
  for (const entry of stored.data.bookmarks) {
    const parsed = bookmarkSchema.safeParse(entry);
    if (parsed.success && !ids.has(parsed.data.id)) {
      ids.add(parsed.data.id);
      bookmarks.push(parsed.data);
    }
  }
  return { bookmarks: bookmarks.slice(0, BOOKMARKS_MAX), dropped: bookmarks.length !== stored.data.bookmarks.length };
}

/** Writes the list; false when the browser refused (full or no storage). */
export function writeBookmarks(storage: BookmarkStorage | null, bookmarks: ReadonlyArray<WalkBookmark>): boolean {
  if (!storage) return false;
  try {
    storage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify({ version: 1, bookmarks }));
    return true;
  } catch {
    return false;
  }
}

/** A name as typed, trimmed and cut to the longest allowed; null when nothing is left. */
export function cleanBookmarkName(name: string): string | null {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  return trimmed === '' ? null : trimmed.slice(0, BOOKMARK_NAME_MAX_LENGTH);
}

/** The name a new bookmark gets: "origin → destination", cut to the longest allowed. */
export function defaultBookmarkName(from: BookmarkPlace, to: BookmarkPlace): string {
  return cleanBookmarkName(`${from.label} → ${to.label}`) ?? '→';
}

export function renameBookmark(bookmarks: ReadonlyArray<WalkBookmark>, id: string, name: string): WalkBookmark[] | null {
  const cleaned = cleanBookmarkName(name);
  if (cleaned === null || !bookmarks.some((bookmark) => bookmark.id === id)) return null;
  return bookmarks.map((bookmark) => (bookmark.id === id ? { ...bookmark, name: cleaned } : bookmark));
}

/** The list without `id`, and where it stood (for undo); null when there is no such bookmark. */
export function removeBookmark(bookmarks: ReadonlyArray<WalkBookmark>, id: string): { bookmarks: WalkBookmark[]; removed: WalkBookmark; index: number } | null {
  const index = bookmarks.findIndex((bookmark) => bookmark.id === id);
  if (index < 0) return null;
  return { bookmarks: bookmarks.filter((bookmark) => bookmark.id !== id), removed: bookmarks[index], index };
}

/** Puts a removed bookmark back where it stood. */
export function restoreBookmark(bookmarks: ReadonlyArray<WalkBookmark>, removed: WalkBookmark, index: number): WalkBookmark[] {
  if (bookmarks.some((bookmark) => bookmark.id === removed.id)) return [...bookmarks];
  const next = [...bookmarks];
  next.splice(Math.min(index, next.length), 0, removed);
  return next;
}
