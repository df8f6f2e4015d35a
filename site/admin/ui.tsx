/** Pieces every admin view shares: the list table and the line that reports an action's outcome. */
import type { ReactNode } from 'react';

/**
 * A list in a box that scrolls sideways on a narrow screen: `columns` are its headers,
 * `actions` adds the last column of the row buttons (named for screen readers only).
 */
export function DataTable({
  columns,
  actions,
  className,
  children,
}: {
  columns: readonly string[];
  actions?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={className}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="sr-only">Akcje</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** What came of an action: a status when it worked, an alert when it did not. */
export function Notice({ note }: { note: { ok: boolean; text: string } | undefined | null }) {
  if (!note) return null;
  return (
    <p className={note.ok ? 'notice' : 'error'} role={note.ok ? 'status' : 'alert'}>
      {note.text}
    </p>
  );
}
