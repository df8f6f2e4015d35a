/**
 * Sending to our API from a widget: JSON POST with a timeout, answered as one of three
 * outcomes the forms show as the toasts of spec §8 (ok / server refusal / network).
 */

export type SendResult<T> =
  | { kind: 'ok'; status: number; data: T }
  | { kind: 'server'; status: number; error?: string }
  | { kind: 'network' };

export const SEND_TIMEOUT_MS = 15_000;

/** POSTs `body` as JSON; never throws. */
export async function postJson<T>(url: string, body: unknown, timeoutMs = SEND_TIMEOUT_MS): Promise<SendResult<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: controller.signal,
    });
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      data = undefined;
    }
    if (response.ok) return { kind: 'ok', status: response.status, data: data as T };
    const error = (data as { error?: unknown } | undefined)?.error;
    return { kind: 'server', status: response.status, ...(typeof error === 'string' && error ? { error } : {}) };
  } catch {
    return { kind: 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/** A UUID made once per form fill and reused by its retries (DESIGN §4). */
export function newSubmissionId(): string {
  return crypto.randomUUID();
}
