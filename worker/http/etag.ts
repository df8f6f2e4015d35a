/** Answers validated by a version tag (the live catalogue's): `ETag`, `If-None-Match`, `304`. */

/** Cache policy of answers validated by the catalogue version: keep, but ask each time. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Whether an `If-None-Match` header names `etag` (weak or strong, in a list or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
