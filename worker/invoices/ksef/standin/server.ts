/**
 * The local stand-in of KSeF API 2.0: a small Node HTTP server (node:http) that `npm start`,
 * the test server and the worker tests start on a free port and hand to the worker as
 * `KSEF_API_URL`. Node, not the Worker, because it validates every invoice against the FA(3)
 * schema with xmllint-wasm and decrypts with node:crypto, as KSeF does on its side.
 *
 * Built from spec/open-api.json: a request to a path or method the API does not have is 404 /
 * 405, a JSON body sent as anything but `application/json` 415, and a JSON body that breaks its
 * schema (a required field missing, a type, a base64 format, a length such as the 44 characters
 * of a hash or key id, a bound; ./openapi-check.ts) is 400 (21405), before any handler runs.
 * Errors come as Problem Details (`application/problem+json`, `errors[].code`) when the request
 * says `X-Error-Format: problem-details`, else as the deprecated ExceptionResponse. An access
 * token works only in its context (NIP) and with its permissions (sending: InvoiceWrite; 403
 * `missing-permissions`). `X-Test-System-Warning` (or the `systemWarning` switch) comes back as
 * `X-System-Warning`, as in KSeF. The endpoints the sender uses are implemented (./tenant.ts);
 * others answer 501.
 *
 * `/v2/…` is the default KSeF (npm start); `POST /__standin/tenants` makes a fresh, separate one
 * at `/t/<id>/v2/…` for a test, with its switches under `/__standin/tenants/<id>/…`:
 * `switches` (unavailable, force429, rejectNext, delays), `rotate-keys`, `tokens`,
 * `certificates` (self-signed test signing certificates), `fingerprints`, `report`, `idle`.
 * Batch parts are PUT and invoice UPOs fetched under `/storage/<id>/…`, without a token.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LimitGroup } from '../limits.ts';
import { testSigningCertificate } from './certificates.ts';
import { Tenant } from './tenant.ts';
import { type Answer, exception } from './tenant-types.ts';
import { setSpecDir } from './xsd.ts';
import { invalidFields, loadOperations } from './openapi-check.ts';

type Json = Record<string, unknown>;

/**
 * An error answer in Problem Details (`BadRequestProblemDetails`, `TooManyRequestsProblemDetails`
 * of the OpenAPI): KSeF's answer when a request says `X-Error-Format: problem-details`.
 */
function problemDetails(answer: Answer, instance: string): Answer {
  if (answer.status < 400 || answer.status >= 500 || answer.contentType === 'application/problem+json') return answer;
  const body = (answer.json ?? {}) as {
    exception?: { exceptionDetailList?: { exceptionCode: number; exceptionDescription: string; details: string[] }[] };
    status?: { details?: string[] };
  };
  const errors = (body.exception?.exceptionDetailList ?? []).map((e) => ({
    code: e.exceptionCode,
    description: e.exceptionDescription,
    details: e.details,
  }));
  const titles: Record<number, string> = {
    400: 'Bad Request',
    404: 'Not Found',
    405: 'Method Not Allowed',
    429: 'Too Many Requests',
  };
  return {
    ...answer,
    contentType: 'application/problem+json',
    json: {
      title: titles[answer.status] ?? 'Error',
      status: answer.status,
      instance,
      detail:
        answer.status === 429
          ? (body.status?.details?.[0] ?? 'Przekroczono limit żądań.')
          : errors.length
            ? 'Żądanie jest nieprawidłowe.'
            : 'Błąd.',
      ...(errors.length ? { errors } : {}),
      timestamp: new Date().toISOString(),
      traceId: randomBytes(16).toString('hex'),
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, answer: Answer): void {
  const headers: Record<string, string> = { ...answer.headers };
  let body: string | undefined;
  if (answer.json !== undefined) {
    headers['content-type'] = answer.contentType ?? 'application/json; charset=utf-8';
    body = JSON.stringify(answer.json);
  } else if (answer.text !== undefined) {
    headers['content-type'] = answer.contentType ?? 'text/plain; charset=utf-8';
    body = answer.text;
  }
  response.writeHead(answer.status, headers);
  response.end(body);
}

/** The handler of an operation the sender uses, with its limit group (per context). */
type Handler = (
  t: Tenant,
  c: {
    params: string[];
    json: Json;
    raw: Buffer;
    headers: IncomingMessage['headers'];
    query: URLSearchParams;
    ip: string;
    route: string;
  },
) => Answer | Promise<Answer>;

const open = (handler: Handler): { handler: Handler } => ({ handler });
/** What each group of requests needs of the token's permissions (reading a session: either). */
const WRITES: readonly string[] = ['InvoiceWrite'];
const READS: readonly string[] = ['InvoiceWrite', 'InvoiceRead'];
const forbidden = (instance: string, needed: readonly string[]): Answer => ({
  status: 403,
  contentType: 'application/problem+json',
  json: {
    title: 'Forbidden',
    status: 403,
    detail: 'Brak wymaganych uprawnień do wykonania operacji w bieżącym kontekście.',
    instance,
    reasonCode: 'missing-permissions',
    security: { requiredAnyOfPermissions: needed },
    timestamp: new Date().toISOString(),
  },
});

const guarded = (
  group: LimitGroup | null,
  handler: (
    t: Tenant,
    grant: { nip: string; until: number; authRef: string },
    c: Parameters<Handler>[1],
  ) => Answer | Promise<Answer>,
) => ({
  handler: ((t, c) => {
    const grant = t.grant(c.headers.authorization);
    if ('status' in grant) return grant;
    const needed =
      group === 'sessionsOther' || group === 'sessionInvoices' || group === 'invoiceStatus' ? READS : WRITES;
    if (!t.permits(grant, needed)) return forbidden(c.route, needed);
    const limited = group ? t.limit(group, grant.nip) : undefined;
    return limited ?? handler(t, grant, c);
  }) as Handler,
});

/* biome-ignore format: one line per operation reads as the API's table */
const HANDLERS: Record<string, { handler: Handler }> = {
  'GET /security/public-key-certificates': open((t) => t.listKeys()),
  'POST /auth/challenge': open((t, c) => t.challenge(c.ip)),
  'POST /auth/ksef-token': open((t, c) => t.authWithToken(c.json as never)),
  'POST /auth/xades-signature': open((t, c) => t.authWithSignature(c.raw.toString('utf8'))),
  'GET /auth/{referenceNumber}': open((t, c) => t.authStatus(c.params[0] as string, c.headers.authorization)),
  'POST /auth/token/redeem': open((t, c) => t.redeem(c.headers.authorization)),
  'POST /auth/token/refresh': open((t, c) => t.refreshAccess(c.headers.authorization)),
  'POST /sessions/online': guarded('openOnline', (t, g, c) => t.openOnline(g, c.json as never)),
  'POST /sessions/online/{referenceNumber}/invoices': guarded('sendInvoice', (t, g, c) => t.sendOnline(g, c.params[0] as string, c.json as never)),
  'POST /sessions/online/{referenceNumber}/close': guarded('closeOnline', (t, g, c) => t.closeOnline(g, c.params[0] as string)),
  'POST /sessions/batch': guarded('openBatch', (t, g, c) => t.openBatch(g, c.json as never)),
  'POST /sessions/batch/{referenceNumber}/close': guarded('closeBatch', (t, g, c) => t.closeBatch(g, c.params[0] as string)),
  'GET /sessions/{referenceNumber}': guarded('sessionsOther', (t, g, c) => t.sessionStatus(g, c.params[0] as string)),
  'GET /sessions/{referenceNumber}/invoices': guarded('sessionInvoices', (t, g, c) => t.sessionInvoices(g, c.params[0] as string, Number(c.query.get('pageSize') ?? 10), c.headers['x-continuation-token'] as string | undefined)),
  'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}': guarded('invoiceStatus', (t, g, c) => t.sessionInvoice(g, c.params[0] as string, c.params[1] as string)),
  'GET /sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo': guarded('sessionsOther', (t, g, c) => t.invoiceUpo(g, c.params[0] as string, c.params[1] as string)),
  'GET /sessions/{referenceNumber}/upo/{upoReferenceNumber}': guarded('sessionsOther', (t, g, c) => t.sessionUpo(g, c.params[0] as string, c.params[1] as string)),
};

export interface KsefStandIn {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The default KSeF's API base: `http://127.0.0.1:<port>/v2` (KSEF_API_URL). */
  baseUrl: string;
  /** A KSeF token of the default KSeF, for any context NIP (KSEF_TOKEN of npm start). */
  token: string;
  tenants: Map<string, Tenant>;
  close(): Promise<void>;
}

export interface StandInOptions {
  port?: number;
  host?: string;
  /** Log each request (npm start). */
  log?: boolean;
  /** The vendored spec/ folder, when this module runs bundled away from it. */
  specDir?: string;
}

/** Starts the stand-in; `port` 0 (the default) takes a free one. */
export async function startKsefStandIn(options: StandInOptions = {}): Promise<KsefStandIn> {
  if (options.specDir) setSpecDir(options.specDir);
  const { operations, schemas } = loadOperations();
  const tenants = new Map<string, Tenant>();
  let origin = '';
  const tenantOf = (id: string): Tenant => {
    let tenant = tenants.get(id);
    if (!tenant) {
      const base = id === 'default' ? `${origin}/v2` : `${origin}/t/${id}/v2`;
      tenant = new Tenant(id, base, `${origin}/storage/${id}`);
      tenants.set(id, tenant);
    }
    return tenant;
  };

  async function control(request: IncomingMessage, parts: string[], body: Json): Promise<Answer> {
    if (parts[0] === 'tenants' && parts.length === 1 && request.method === 'POST') {
      const tenant = tenantOf(randomBytes(6).toString('hex'));
      return { status: 201, json: { id: tenant.id, baseUrl: tenant.baseUrl } };
    }
    const tenant = tenants.get(parts[1] ?? '');
    if (parts[0] !== 'tenants' || !tenant) return { status: 404, json: { error: 'no such tenant' } };
    switch (`${request.method} ${parts[2] ?? ''}`) {
      case 'POST tokens':
        return {
          status: 201,
          json: {
            token: tenant.addToken(
              typeof body.nip === 'string' ? body.nip : null,
              Array.isArray(body.permissions) ? body.permissions.map(String) : undefined,
            ),
          },
        };
      case 'POST switches':
        Object.assign(tenant.switches, body);
        return { status: 200, json: tenant.switches };
      case 'POST rotate-keys':
        tenant.rotateKeys(body.emergency !== false);
        return { status: 200, json: { keys: tenant.listKeys(false).json } };
      case 'POST certificates': {
        const made = testSigningCertificate(
          String(body.nip),
          body.kind === 'seal' ? 'seal' : 'person',
          body.keyType === 'ec' ? 'ec' : 'rsa',
        );
        return {
          status: 201,
          json: {
            certificate: made.der.toString('base64'),
            privateKey: made.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          },
        };
      }
      case 'POST fingerprints':
        tenant.fingerprints.set(String(body.fingerprint).toLowerCase(), String(body.nip));
        return { status: 200, json: {} };
      case 'GET report':
        await tenant.idle();
        return { status: 200, json: tenant.report() };
      case 'POST idle':
        await tenant.idle();
        return { status: 200, json: {} };
      default:
        return { status: 404, json: { error: 'no such switch' } };
    }
  }

  /** An API answer as the request asked for it: Problem Details when it said so, KSeF's warnings in `X-System-Warning`. */
  async function api(tenant: Tenant, request: IncomingMessage, route: string, url: URL): Promise<Answer> {
    let answer = await apiAnswer(tenant, request, route, url);
    if (String(request.headers['x-error-format'] ?? '').toLowerCase() === 'problem-details')
      answer = problemDetails(answer, url.pathname);
    const warning = request.headers['x-test-system-warning'] ?? tenant.switches.systemWarning;
    if (warning) answer = { ...answer, headers: { ...answer.headers, 'x-system-warning': String(warning) } };
    return answer;
  }

  async function apiAnswer(tenant: Tenant, request: IncomingMessage, route: string, url: URL): Promise<Answer> {
    const method = request.method ?? 'GET';
    const matching = operations.filter((o) => o.pattern.test(route));
    if (!matching.length) return exception(404, 404, 'Nie znaleziono zasobu.', [route]);
    const operation = matching.find((o) => o.method === method);
    if (!operation) return { status: 405, json: { title: 'Method Not Allowed', status: 405 } };
    if (tenant.switches.unavailable) return { status: 503, text: 'Service Unavailable' };
    const raw = await readBody(request);
    let json: Json = {};
    if (operation.body) {
      const type = String(request.headers['content-type'] ?? '');
      if (raw.length && !/^application\/json\s*(;|$)/i.test(type))
        return {
          status: 415,
          contentType: 'application/problem+json',
          json: {
            title: 'Unsupported Media Type',
            status: 415,
            detail: `Nieobsługiwany typ treści: ${type || 'brak'}.`,
          },
        };
      try {
        json = JSON.parse(raw.toString('utf8') || 'null') as Json;
      } catch {
        return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nieczytelny JSON.']);
      }
      const invalid = invalidFields(operation.body, json, schemas);
      if (invalid.length) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', invalid);
    }
    const entry = HANDLERS[`${method} ${operation.template}`];
    if (!entry) return exception(501, 501, 'Operacja nie jest obsługiwana przez zastępczy KSeF.', [operation.template]);
    const params = (operation.pattern.exec(route) ?? []).slice(1).map(decodeURIComponent);
    return entry.handler(tenant, {
      params,
      json,
      raw,
      headers: request.headers,
      query: url.searchParams,
      ip: request.socket.remoteAddress ?? '',
      route,
    });
  }

  async function storage(tenant: Tenant, request: IncomingMessage, rest: string[]): Promise<Answer> {
    if (tenant.switches.unavailable) return { status: 503, text: 'Service Unavailable' };
    if (request.method === 'PUT' && rest[1] === 'batch-parts')
      return tenant.upload(
        rest[0] ?? '',
        Number(rest[2]),
        await readBody(request),
        request.headers['x-ms-blob-type'] as string | undefined,
      );
    if (request.method === 'GET' && rest[0] === 'invoice-upo')
      return tenant.download((rest[1] ?? '').replace(/\.xml$/, ''));
    return { status: 404, text: 'BlobNotFound' };
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const parts = url.pathname.split('/').filter(Boolean);
    const handle = async (): Promise<Answer> => {
      if (parts[0] === '__standin')
        return control(
          request,
          parts.slice(1),
          request.method === 'POST' ? (JSON.parse((await readBody(request)).toString('utf8') || '{}') as Json) : {},
        );
      if (parts[0] === 'storage') return storage(tenantOf(parts[1] ?? 'default'), request, parts.slice(2));
      if (parts[0] === 'v2') return api(tenantOf('default'), request, `/${parts.slice(1).join('/')}`, url);
      if (parts[0] === 't' && parts[2] === 'v2' && tenants.has(parts[1] ?? ''))
        return api(tenantOf(parts[1] as string), request, `/${parts.slice(3).join('/')}`, url);
      return { status: 404, json: { error: 'not the KSeF stand-in API' } };
    };
    handle()
      .then((answer) => {
        if (options.log) console.log(`KSeF stand-in: ${request.method} ${url.pathname} → ${answer.status}`);
        send(response, answer);
      })
      .catch((error: unknown) => {
        console.error('KSeF stand-in: request failed', error);
        send(response, { status: 500, json: { error: String(error) } });
      });
  });
  // Clients keep connections for a while between requests (a run may pause for its limits):
  // Node's default of 5 s would close one just as a client reuses it.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('KSeF stand-in: no port');
  origin = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  const main = tenantOf('default');
  return {
    origin,
    baseUrl: main.baseUrl,
    token: main.addToken(null),
    tenants,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
