// Helpers for the admin worker tests: requests as a browser on our origin would send them.
import { env, exports } from 'cloudflare:workers';

export const ORIGIN = 'http://kserowo.test';
export const testEnv = env as unknown as Env & { TEST_ADMIN_PASSWORD: string; ADMIN_PASSWORD_HASH?: string };

export const request = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`${ORIGIN}${path}`, init);

/** A same-origin JSON write from the IP `ip`. */
export function write(
  path: string,
  body: unknown,
  init: { cookie?: string; ip?: string; method?: string; origin?: string | null } = {},
) {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'CF-Connecting-IP': init.ip ?? '203.0.113.1',
  };
  if (init.origin !== null) headers.Origin = init.origin ?? ORIGIN;
  if (init.cookie) headers.Cookie = init.cookie;
  return request(path, {
    method: init.method ?? 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** `name=value` of the Set-Cookie header, for the next request's Cookie header. */
export const cookieOf = (res: Response): string => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

/** Logs in with the test password; returns the session cookie. */
export async function login(ip = '203.0.113.50', name = 'Anna'): Promise<string> {
  const res = await write('/api/admin/login', { password: testEnv.TEST_ADMIN_PASSWORD, name }, { ip });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

export const read = (path: string, cookie?: string) =>
  request(path, cookie ? { headers: { Cookie: cookie } } : undefined);

/**
 * Adds a webhook endpoint (a closed local port: deliveries fail and retry, harmlessly)
 * subscribed to `events`: events are only written for types an endpoint wants.
 */
export async function subscribeWebhooks(
  cookie: string,
  events = [
    'lead.created',
    'lead.status_changed',
    'quote.created',
    'ticket.created',
    'ticket.status_changed',
    'meter.created',
  ],
): Promise<number> {
  const res = await write('/api/admin/webhooks', { url: 'http://127.0.0.1:9/kserowo-events', events }, { cookie });
  if (res.status !== 201) throw new Error(`webhook endpoint: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { endpoint: { id: number } }).endpoint.id;
}
