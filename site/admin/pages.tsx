/**
 * The admin lists' keyset pages in the panel: a list shows its first page and says when
 * there is more; 'Pokaż więcej' adds the next page below what is shown (never a silent end).
 */
import { useEffect, useRef, useState } from 'react';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { type Forms, countText } from '../../widgets/core/plural.ts';
import type { ListPage } from '../../worker/admin-shared/admin-api.ts';
import { api } from './api.ts';

/** `path` with `after=` added for the page after `next`. */
const pageAfter = (path: string, next: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(next)}`;

export interface Pages<T> {
  /** Every row shown so far (undefined until the first page came). */
  rows: T[] | undefined;
  /** The `after` of the next page; null when all rows are shown. */
  next: string | null;
  loadingMore: boolean;
  /** Adds the next page below. */
  more: () => Promise<void>;
  /** The first page again (after a change, or a new filter). */
  reload: () => Promise<void>;
}

/**
 * The pages of `path` (an `/api/admin` list answering `limit` and `next`), the first loaded
 * whenever `path` changes; `rowsOf` picks the rows of an answer, `onPage` sees each answer
 * (for what else it carries). An answer for a path no longer shown is dropped.
 */
export function usePages<D extends ListPage, T>(
  path: string,
  rowsOf: (answer: D) => T[],
  onError: (error: unknown) => void,
  onPage?: (answer: D) => void,
): Pages<T> {
  const [shown, setShown] = useState<{ rows: T[]; next: string | null } | undefined>();
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(path);
  current.current = path;

  const load = (after?: string) => {
    const asked = path;
    setLoadingMore(!!after);
    return api<D>(after ? pageAfter(asked, after) : asked)
      .then((answer) => {
        if (current.current !== asked) return;
        onPage?.(answer);
        setShown((before) => ({
          rows: after && before ? [...before.rows, ...rowsOf(answer)] : rowsOf(answer),
          next: answer.next,
        }));
      })
      .catch((error: unknown) => {
        // A refused first page (a filter the API does not accept) shows no rows, not the old ones.
        if (!after && current.current === asked) setShown({ rows: [], next: null });
        onError(error);
      })
      .finally(() => setLoadingMore(false));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list reloads when its path (filters) changes; `load` is a new closure every render
  useEffect(() => {
    setShown(undefined);
    void load();
  }, [path]);

  const next = shown?.next ?? null;
  return {
    rows: shown?.rows,
    next,
    loadingMore,
    more: () => (next ? load(next) : Promise.resolve()),
    reload: () => load(),
  };
}

/**
 * Under a list: how many rows are shown and, when there are more, that there are and the
 * 'Pokaż więcej' button. `noun` counts the rows ('wiadomość', 'wiadomości', 'wiadomości').
 */
export function MoreRows<T>({ pages, noun }: { pages: Pages<T>; noun: Forms }) {
  const count = pages.rows?.length ?? 0;
  if (!pages.rows || (count === 0 && !pages.next)) return null;
  return (
    <div className="more-rows">
      <p className="hint" aria-live="polite">
        {pages.next
          ? `Pokazano ${countText(count, noun)}; są kolejne.`
          : `Pokazano wszystkie: ${countText(count, noun)}.`}
      </p>
      {pages.next && (
        <button type="button" className="button ghost" disabled={pages.loadingMore} onClick={() => void pages.more()}>
          {pages.loadingMore ? FALLBACK.loading : 'Pokaż więcej'}
        </button>
      )}
    </div>
  );
}
