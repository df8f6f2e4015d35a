/**
 * Sending to our API from a widget: JSON POST with a timeout, answered as one of three
 * outcomes the forms show as the toasts of spec §8 (ok / server refusal / network).
 */

export type SendResult<T> =
  | { kind: 'ok'; status: number; data: T }
  /** `field`: the form field the refusal is about, when the server names one (its `name` in the form). */
  | { kind: 'server'; status: number; error?: string; field?: string }
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
    const { error, field } = (data ?? {}) as { error?: unknown; field?: unknown };
    return {
      kind: 'server',
      status: response.status,
      ...(typeof error === 'string' && error ? { error } : {}),
      ...(typeof field === 'string' && field ? { field } : {}),
    };
  } catch {
    return { kind: 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A UUID v4 made once per form fill and reused by its retries (DESIGN §4). Browsers offer
 * `crypto.randomUUID` only in secure contexts: on a partner page served over plain HTTP
 * (or in an older browser) it is built from `getRandomValues`, which they all have.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
