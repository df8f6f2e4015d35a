/**
 * The admin panel's client for `/api/admin/*`: same-origin JSON with the session
 * cookie. A 401 means "log in again"; a network failure or a 5xx means the panel
 * cannot work and shows 'Panel admin niedostępny'.
 */

export class SessionEnded extends Error {
  override name = 'SessionEnded';
}

/** The API cannot be reached or failed on its side. */
export class ApiUnavailable extends Error {
  override name = 'ApiUnavailable';
}

/** The API refused the request with a message for a person (400, 404, 409, 413, 429). */
export class ApiRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiUnavailable('network');
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (response.ok) return data as T;
  const message = (data as { error?: unknown } | undefined)?.error;
  if (response.status === 401 && path !== '/login') throw new SessionEnded(typeof message === 'string' ? message : '');
  if (response.status >= 500 && !(path === '/login' && typeof message === 'string'))
    throw new ApiUnavailable(`HTTP ${response.status}`);
  throw new ApiRefused(typeof message === 'string' ? message : `Błąd ${response.status}`, response.status, data);
}

/**
 * A file from the API (a person's data export): the body as a Blob with the
 * name of its Content-Disposition. Fails like `api` does.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, { credentials: 'same-origin' });
  } catch {
    throw new ApiUnavailable('network');
  }
  if (response.ok) {
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
    return { blob: await response.blob(), filename: name ?? 'kserowo-dane.json' };
  }
  const message = ((await response.json().catch(() => undefined)) as { error?: unknown } | undefined)?.error;
  if (response.status === 401) throw new SessionEnded(typeof message === 'string' ? message : '');
  if (response.status >= 500) throw new ApiUnavailable(`HTTP ${response.status}`);
  throw new ApiRefused(typeof message === 'string' ? message : `Błąd ${response.status}`, response.status, message);
}
