// `POST /api/portal/link` under an outside attack: the answer for a customer's address and
// for an unknown one must come from the same work (a stranger timed 60 ms against 34 ms and
// learnt who is a customer), the hourly limit must hold under 20 requests at once (a count
// then an insert sent 18 e-mails), and a stranger's requests must not spend the customer's
// own e-mails of the hour. A request held back by the limits says so, and no differently for an
// unknown address: every address's requests are counted.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { app } from '../app.ts';
import { SIGN_IN_LIMITS } from './sign-in.ts';
import { countingD1 } from '../../tests/worker/d1-counter.ts';
import { A, askLink, db, mailsTo, signContract } from '../../tests/worker/portal-helpers.ts';

const testEnv = env as unknown as Env;

beforeAll(async () => {
  await signContract(A.email, 'Firma A sp. z o.o.', [{ serial: 'PL-LINK-0001', deviceId: 'km-227', level: 'basic' }]);
  await signContract('atak@firma-d.pl', 'Firma D', [{ serial: 'PL-LINK-0002', deviceId: 'km-227', level: 'basic' }]);
});

beforeEach(async () => {
  await db().prepare('DELETE FROM portal_sign_ins').run();
});

const signInMails = async (email: string) => (await mailsTo(email)).filter((m) => m.about === 'portal').length;

/** One request through the app with a D1 and a queue that log what the request does before it answers. */
async function traced(email: string, ip: string) {
  const { db: counted, log } = countingD1(testEnv.DB);
  const queued: unknown[] = [];
  const queue = { send: async (m: unknown) => void queued.push(m), sendBatch: async () => undefined };
  const later: Promise<unknown>[] = [];
  const res = await app.fetch(
    new Request('http://kserowo.test/api/portal/link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
      body: JSON.stringify({ email }),
    }),
    { ...testEnv, DB: counted, EMAIL_QUEUE: queue as unknown as Queue },
    { waitUntil: (p: Promise<unknown>) => void later.push(p), passThroughOnException: () => undefined, props: {} },
  );
  // What was done before the answer, and the answer itself.
  const before = { queued: queued.length, log: [...log], status: res.status, body: await res.text() };
  await Promise.all(later);
  return { before, after: { queued: queued.length } };
}

describe('the same work for every address', () => {
  it('answers a customer and an unknown address after the same D1 statements, nothing else before the answer', async () => {
    const customer = await traced(A.email, '198.51.100.70');
    const stranger = await traced('nikt@nieznany.pl', '198.51.100.71');
    expect(customer.before.status).toBe(202);
    expect(customer.before.body).toBe(stranger.before.body);
    // The same statements in the same order: the address decides inside them, not in the code path.
    expect(customer.before.log).toEqual(stranger.before.log);
    expect(customer.before.queued).toBe(stranger.before.queued);
    // The e-mail went to the customer only, handed to the queue after the answer.
    expect(customer.after.queued).toBe(1);
    expect(stranger.after.queued).toBe(0);
    expect(await signInMails(A.email)).toBe(1);
    expect(await mailsTo('nikt@nieznany.pl')).toEqual([]);
  });

  it(`a request the hour's limits hold back says so, for a customer and an unknown address alike, after the same work`, async () => {
    const before = await signInMails(A.email);
    for (let i = 0; i < SIGN_IN_LIMITS.perRequester; i++) {
      expect((await askLink(A.email, '198.51.100.72')).status).toBe(202);
      expect((await askLink('nikt-4@nieznany.pl', '198.51.100.73')).status).toBe(202);
    }
    const customer = await traced(A.email, '198.51.100.72');
    const stranger = await traced('nikt-4@nieznany.pl', '198.51.100.73');
    expect(customer.before.status).toBe(202);
    expect(JSON.parse(customer.before.body)).toEqual({
      ok: true,
      message: 'Wysłaliśmy już link, sprawdź skrzynkę lub spróbuj za godzinę.',
    });
    expect(stranger.before.body).toBe(customer.before.body);
    expect(customer.before.log).toEqual(stranger.before.log);
    expect([customer.after.queued, stranger.after.queued]).toEqual([0, 0]);
    expect((await signInMails(A.email)) - before).toBe(SIGN_IN_LIMITS.perRequester);
    expect(await mailsTo('nikt-4@nieznany.pl')).toEqual([]);
  });
});

describe('the hourly limits', () => {
  it(`20 requests at once from one place send at most ${SIGN_IN_LIMITS.perRequester} e-mails, from 20 places at most ${SIGN_IN_LIMITS.perHour}`, async () => {
    const before = await signInMails(A.email);
    const one = await Promise.all(Array.from({ length: 20 }, () => askLink(A.email, '198.51.100.80')));
    expect(one.map((r) => r.status)).toEqual(Array(20).fill(202));
    expect((await signInMails(A.email)) - before).toBe(SIGN_IN_LIMITS.perRequester);

    await db().prepare('DELETE FROM portal_sign_ins').run();
    const middle = await signInMails(A.email);
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => askLink(A.email, `198.51.101.${i + 1}`)));
    expect(many.map((r) => r.status)).toEqual(Array(20).fill(202));
    expect((await signInMails(A.email)) - middle).toBe(SIGN_IN_LIMITS.perHour);
  });

  it("a stranger's requests for a customer's address leave the customer's own request its e-mail", async () => {
    const email = 'atak@firma-d.pl';
    for (let i = 0; i < 10; i++) expect((await askLink(email, '203.0.113.66')).status).toBe(202);
    const fromStranger = await signInMails(email);
    expect(fromStranger).toBe(SIGN_IN_LIMITS.perRequester);
    expect((await askLink(email, '198.51.100.90')).status).toBe(202);
    expect(await signInMails(email)).toBe(fromStranger + 1);
  });
});
