/**
 * The collector's API (docs/collector.md "The protocol with the Worker", "Worker side"):
 *  - `POST /api/collector/enrol` `{code}` → `201 {collectorId, key}`: a code the panel showed once
 *    (single use, 7 days) exchanged for the collector's key; 401 for a wrong, spent or expired
 *    code; per-IP rate limit (429);
 *  - `POST /api/collector/readings`: a signed push (`X-Collector-Id`, `X-Collector-Time` unix
 *    seconds, `X-Collector-Signature` hex HMAC-SHA256 of "<time>\n<raw body>" keyed with the key
 *    string's UTF-8 bytes) → `200 {stored, duplicates, held, unknown}`. Unsigned, forged, out of
 *    the ±5 min window or a repeated signature: 401; a body that will never be taken: 400/413.
 *    Idempotent on the pushId and on (serial, at, counters): a push sent again stores nothing twice.
 */
import { Hono } from 'hono';
import { contractById, contractDevices } from '../contracts/index.ts';
import { INTAKE_ERRORS } from '../http/errors.ts';
import { overLimit, readCapped } from '../middleware/intake/index.ts';
import { check } from '../../widgets/core/validation.ts';
import type { AppEnv } from '../env.ts';
import { decryptKey, encryptKey, normaliseCode, randomToken, sha256Hex, signatureMatches } from './key-crypto.ts';
import { firstUseOfSignature, keyCipherOf, siteById, spendCode, takePush } from './model.ts';
import { COLLECTOR_ERRORS, PUSH_READINGS, WINDOW_SECONDS, pushSchema } from './push.ts';
import { type Outcome, movedContracts, takeReading } from './intake.ts';
import { movesOfSite } from './model-moves.ts';

export const collectorApi = new Hono<AppEnv>();

/** The largest push taken: 1000 readings of about 1.5 kB. */
const MAX_PUSH_BYTES = 2 * 1024 * 1024;

const secretOf = (env: Env): string | undefined => (env as { COLLECTOR_KEY_SECRET?: string }).COLLECTOR_KEY_SECRET;

collectorApi.post('/enrol', async (c) => {
  const secret = secretOf(c.env);
  if (!secret) return c.json({ error: COLLECTOR_ERRORS.notConfigured }, 503);
  const ip = c.req.header('CF-Connecting-IP');
  if (ip && (await overLimit(c.env.LEAD_RATE_LIMIT, ip, 'collector enrolment')))
    return c.json({ error: INTAKE_ERRORS.tooMany }, 429);
  const body = (await c.req.json().catch(() => undefined)) as { code?: unknown } | undefined;
  if (typeof body?.code !== 'string' || body.code.length > 64) return c.json({ error: COLLECTOR_ERRORS.code }, 401);
  const key = randomToken(32);
  const siteId = await spendCode(c.env.DB, await sha256Hex(normaliseCode(body.code)), new Date().toISOString(), (id) =>
    encryptKey(secret, id, key),
  );
  if (!siteId) return c.json({ error: COLLECTOR_ERRORS.code }, 401);
  return c.json({ collectorId: siteId, key }, 201);
});

collectorApi.post('/readings', async (c) => {
  const secret = secretOf(c.env);
  if (!secret) return c.json({ error: COLLECTOR_ERRORS.notConfigured }, 503);
  const refuse = (error: string = COLLECTOR_ERRORS.signature) => c.json({ error }, 401);
  const siteId = c.req.header('X-Collector-Id') ?? '';
  const time = c.req.header('X-Collector-Time') ?? '';
  const signature = c.req.header('X-Collector-Signature') ?? '';
  if (!siteId || !/^\d{1,12}$/.test(time) || !/^[0-9a-f]{64}$/.test(signature)) return refuse();
  const bytes = await readCapped(c.req.raw, MAX_PUSH_BYTES);
  if (!bytes) return c.json({ error: COLLECTOR_ERRORS.tooLarge }, 413);
  const raw = new TextDecoder().decode(bytes);
  const [site, cipher] = await Promise.all([siteById(c.env.DB, siteId), keyCipherOf(c.env.DB, siteId)]);
  const key = site && cipher ? await decryptKey(secret, siteId, cipher) : undefined;
  if (!site || !key || !(await signatureMatches(key, time, raw, signature))) return refuse();
  const now = Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(time)) > WINDOW_SECONDS) return refuse(COLLECTOR_ERRORS.time);
  if (!(await firstUseOfSignature(c.env.DB, siteId, signature, now, now - 2 * WINDOW_SECONDS)))
    return refuse(COLLECTOR_ERRORS.replay);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return c.json({ error: COLLECTOR_ERRORS.body }, 400);
  }
  // An older collector's push of more readings than one request can store: said plainly, with what to do.
  const readings = (json as { readings?: unknown } | null)?.readings;
  if (Array.isArray(readings) && readings.length > PUSH_READINGS)
    return c.json({ error: COLLECTOR_ERRORS.tooMany, field: 'readings' }, 413);
  const parsed = check(pushSchema, json);
  if (!parsed.ok) return c.json({ error: `${COLLECTOR_ERRORS.body} ${parsed.error}` }, 400);
  const push = parsed.data;
  const contract = await contractById(c.env.DB, site.contract_id);
  if (!contract) return c.json({ error: COLLECTOR_ERRORS.contract }, 400);
  const [devices, moves] = await Promise.all([
    contractDevices(c.env.DB, contract.id),
    movesOfSite(c.env.DB, siteId, contract.id),
  ]);
  const taken = { stored: 0, duplicates: 0, held: 0, unknown: 0 };
  const when = new Date();
  const origin = new URL(c.req.url).origin;
  const others = movedContracts();
  for (const reading of push.readings) {
    const outcome: Outcome = await takeReading(
      c.env,
      { siteId, contract, devices, origin, moves },
      reading,
      when,
      others,
    );
    if (outcome === 'duplicate') taken.duplicates += 1;
    else if (outcome === 'held') taken.held += 1;
    else if (outcome === 'unknown') taken.unknown += 1;
    else taken.stored += 1;
  }
  await takePush(c.env.DB, siteId, push.pushId, JSON.stringify(push.failures.slice(0, 200)), when.toISOString());
  return c.json(taken, 200);
});
