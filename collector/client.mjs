// The collector's side of the protocol with the Worker: enrolment with a one-time code, and
// signed pushes (HMAC-SHA256 over "<unix time>\n<raw body>"). Outbound only; https, or http to
// this machine alone (a local Worker in development and tests).
import { createHmac } from 'node:crypto';

/**
 * How long one request to the Worker may take: a push of 40 first reports runs about 810 D1 queries one
 * after another, 20 s at a 25 ms round trip (bench/collector-push.bench.mjs); 60 s leaves room.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The most readings in one push: the Worker stores a push in one request, within the 1 000 D1 queries
 * a request may make (50 first readings took 910). The Worker refuses more (worker/collector/push.ts).
 */
export const PUSH_READINGS = 40;

/**
 * The API's base URL, checked: https, or http only for 127.0.0.1/localhost/[::1].
 * @param {string} base
 * @returns {URL}
 */
export function apiBase(base) {
  let url;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`--api: "${base}" nie jest adresem URL (np. https://kserowo.pl).`);
  }
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new Error('--api: tylko https:// (http:// wyłącznie dla 127.0.0.1 i localhost).');
  }
  return url;
}

/** A refusal by the Worker that sending again will not change (a wrong code, a refused key). */
export class RefusedError extends Error {
  /** @param {string} message @param {number} status */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * Exchanges an enrolment code for the collector's id and key.
 * @param {URL} base
 * @param {string} code
 * @returns {Promise<{ collectorId: string, key: string }>}
 */
export async function enrol(base, code) {
  let response;
  try {
    response = await fetch(new URL('/api/collector/enrol', base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`Rejestracja nieudana: brak połączenia z Kserowo (${describe(error)}); spróbuj ponownie później.`);
  }
  const answer = /** @type {any} */ (await response.json().catch(() => ({})));
  if (response.status === 201 && typeof answer.collectorId === 'string' && typeof answer.key === 'string') {
    return { collectorId: answer.collectorId, key: answer.key };
  }
  const why = typeof answer.error === 'string' ? answer.error : `odpowiedź ${response.status}`;
  if (response.status >= 400 && response.status < 500 && response.status !== 429) {
    throw new RefusedError(`Kserowo nie przyjęło kodu: ${why}`, response.status);
  }
  throw new Error(`Rejestracja nieudana (${why}); spróbuj ponownie później.`);
}

/**
 * The push's signature: lowercase hex HMAC-SHA256 keyed with the key string the Worker gave
 * (its UTF-8 bytes, as the webhooks' secrets are used), over "<time>\n<raw body>".
 * @param {string} key
 * @param {number} time unix seconds
 * @param {string} body
 */
export function signPush(key, time, body) {
  return createHmac('sha256', key).update(`${time}\n${body}`).digest('hex');
}

/**
 * @typedef {{ delivered: true, answer: unknown } | { delivered: false, retry: boolean, why: string, status?: number }} PushOutcome
 */

/**
 * Sends one push, signed now (a push sent again later gets a new time and signature, same pushId).
 * @param {URL} base
 * @param {{ collectorId: string, key: string }} credentials
 * @param {import('./state.mjs').Push} push
 * @returns {Promise<PushOutcome>}
 */
export async function sendPush(base, credentials, push) {
  const body = JSON.stringify({
    pushId: push.pushId,
    sentAt: new Date().toISOString(),
    readings: push.readings,
    failures: push.failures,
  });
  const time = Math.floor(Date.now() / 1000);
  let response;
  try {
    response = await fetch(new URL('/api/collector/readings', base), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Collector-Id': credentials.collectorId,
        'X-Collector-Time': String(time),
        'X-Collector-Signature': signPush(credentials.key, time, body),
      },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return { delivered: false, retry: true, why: `brak połączenia z Kserowo (${describe(error)})` };
  }
  const answer = await response.json().catch(() => undefined);
  if (response.ok) return { delivered: true, answer };
  const why =
    `${response.status} ${typeof (/** @type {any} */ (answer)?.error) === 'string' ? /** @type {any} */ (answer).error : ''}`.trim();
  // 400/413/422: this body will never be taken; 401: the key or the clock (kept: fixed, it goes).
  const refusedForGood = [400, 413, 422].includes(response.status);
  return { delivered: false, retry: !refusedForGood, why, status: response.status };
}

/** @param {unknown} error */
function describe(error) {
  if (error instanceof Error) {
    const cause = /** @type {any} */ (error).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
