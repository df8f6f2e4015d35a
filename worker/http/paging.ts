/**
 * Keyset pages for the admin lists and exports: a page is the rows after the last one
 * seen, in the list's order, found through an index (never `OFFSET`, which reads and drops
 * every row before the page). The cursor a list answers as `next` is that last row's sort
 * key, opaque to the panel (base64url of a JSON array); `next: null` says there is no more.
 * @example const after = readCursor(c.req.query('after')); // undefined, a key, or 'invalid'
 */

/** The default and the largest page a list answers. */
export const PAGE = { default: 100, max: 500 } as const;

/** A sort key: the values of the ORDER BY columns of the last row of a page. */
export type Cursor = (string | number)[];

export function writeCursor(key: Cursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(key));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The key of a cursor from the query string; undefined when none was given, 'invalid' when it is not one of ours. */
export function readCursor(text: string | undefined, length: number): Cursor | undefined | 'invalid' {
  if (text === undefined || text === '') return undefined;
  if (text.length > 500 || !/^[\w-]+$/.test(text)) return 'invalid';
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const key: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))));
    if (!Array.isArray(key) || key.length !== length) return 'invalid';
    return key.every((v) => typeof v === 'string' || typeof v === 'number') ? (key as Cursor) : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** The page size of the query string: the default when absent, at most `PAGE.max`; undefined when it is not a number. */
export function pageSize(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return PAGE.default;
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? Math.min(n, PAGE.max) : undefined;
}

/**
 * A page from `limit + 1` rows fetched: the first `limit`, and the cursor of the last of
 * them when one more row exists.
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => Cursor): { rows: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? writeCursor(keyOf(last)) : null };
}

/** The page a list was asked for: its size and the key after which it starts. */
export interface PageRequest<K extends Cursor> {
  limit: number;
  after: K | undefined;
}

/**
 * The page of a query string (`limit`, `after` with a key of `length` values), or null
 * when either is not one of ours (the list answers `ADMIN_ERRORS.badPage`, 400).
 */
export function pageRequest<K extends Cursor>(
  limit: string | undefined,
  after: string | undefined,
  length: number,
): PageRequest<K> | null {
  const size = pageSize(limit);
  const key = readCursor(after, length);
  if (size === undefined || key === 'invalid') return null;
  return { limit: size, after: key as K | undefined };
}

/**
 * The pages of a whole list, one query each, for a streamed export: `fetch` answers up to
 * `size + 1` rows after a key; each call of the returned function gives the next page's
 * rows (an empty last page is never given), then null. Only one page is held at a time.
 */
export function keysetPages<T, K extends Cursor>(
  fetch: (page: { limit: number; after: K | undefined }) => Promise<T[]>,
  keyOf: (row: T) => K,
  size: number,
): () => Promise<T[] | null> {
  let after: K | undefined;
  let done = false;
  return async () => {
    if (done) return null;
    const found = await fetch({ limit: size, after });
    const page = found.slice(0, size);
    done = found.length <= size;
    const last = page.at(-1);
    if (last) after = keyOf(last);
    return page.length ? page : null;
  };
}
