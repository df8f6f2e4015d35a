/**
 * The worker's fallback for a valibot issue that has no message of its own: a Polish
 * sentence that names the field (its path in the body), never valibot's English default
 * ('Invalid type: Expected string but received 5'). The schemas give their own messages
 * where they can; this is the floor under every refusal. Installed once, when the worker
 * module loads (worker/app.ts), so every route's parse uses it.
 */
import * as v from 'valibot';

/** 'contact.email', 'estimate.first.mono': the field an issue is about, as a person reads a path. */
const fieldOf = (issue: v.BaseIssue<unknown>): string =>
  (issue.path ?? [])
    .map((p) => String((p as { key?: unknown }).key ?? ''))
    .filter(Boolean)
    .join('.');

/** The Polish sentence for an issue without a message of its own. */
export function polishIssueMessage(issue: v.BaseIssue<unknown>): string {
  const field = fieldOf(issue);
  if (issue.kind === 'schema' && issue.input === undefined)
    return field ? `Brakuje pola „${field}”.` : 'Brakuje danych w zapytaniu.';
  return field ? `Nieprawidłowa wartość pola „${field}”.` : 'Nieprawidłowe dane w zapytaniu.';
}

let installed = false;

/** Makes `polishIssueMessage` valibot's global message (once). */
export function installPolishIssueMessages(): void {
  if (installed) return;
  installed = true;
  v.setGlobalMessage(polishIssueMessage);
}

installPolishIssueMessages();
