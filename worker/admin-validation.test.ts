// Every admin write refuses a bad body with 400 and the Polish message of its shared schema
// (worker/admin-shared/admin-validation.ts), and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_INPUT_ERRORS, ADMIN_LIMITS } from './admin-shared/admin-validation.ts';
import { ADMIN_ERRORS } from './http/errors.ts';
import { PIPELINE_ERRORS } from './admin-shared/pipeline.ts';
import { login, read, request, write } from '../tests/worker/admin-helpers.ts';

let cookie = '';
let leadId = '';

beforeAll(async () => {
  cookie = await login('203.0.113.70');
  const res = await request('/api/send-contact-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://kserowo.pl' },
    body: JSON.stringify({ submissionId: crypto.randomUUID(), name: 'Olga Nowak', email: 'olga@biuro.pl' }),
  });
  leadId = ((await res.json()) as { id: string }).id;
});

const leadOf = async () =>
  ((await (await read(`/api/admin/leads/${leadId}`, cookie)).json()) as { lead: { status: string; notes: string } })
    .lead;

describe('PATCH /api/admin/leads/:id', () => {
  it.each([
    ['an unknown status', { status: 'zamknięty' }, ADMIN_INPUT_ERRORS.status, 'status'],
    ['a Polish word in another spelling', { status: 'Wygrany' }, ADMIN_INPUT_ERRORS.status, 'status'],
    ['a status that is not text', { status: 3 }, ADMIN_INPUT_ERRORS.status, 'status'],
    ['an unknown stage', { stage: 'oferta' }, PIPELINE_ERRORS.stage, 'stage'],
    ['notes that are not text', { notes: ['a'] }, ADMIN_INPUT_ERRORS.notes, 'notes'],
    ['notes over the limit', { notes: 'x'.repeat(ADMIN_LIMITS.notes + 1) }, ADMIN_INPUT_ERRORS.notes, 'notes'],
    ['neither status nor notes', { priority: 'wysoki' }, ADMIN_INPUT_ERRORS.nothing, undefined],
    ['an array', ['won'], ADMIN_INPUT_ERRORS.nothing, undefined],
  ])('refuses %s with 400 and a Polish message, changing nothing', async (_, body, error, field) => {
    const res = await write(`/api/admin/leads/${leadId}`, body, { cookie, method: 'PATCH' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error, field });
    expect(await leadOf()).toMatchObject({ status: 'new', notes: '' });
  });

  it('sets the notes alone and keeps the status; clears them with an empty text', async () => {
    let res = await write(`/api/admin/leads/${leadId}`, { notes: 'Oddzwonić w piątek' }, { cookie, method: 'PATCH' });
    expect(res.status).toBe(200);
    expect(await leadOf()).toMatchObject({ status: 'new', notes: 'Oddzwonić w piątek' });
    res = await write(`/api/admin/leads/${leadId}`, { notes: '' }, { cookie, method: 'PATCH' });
    expect(await leadOf()).toMatchObject({ status: 'new', notes: '' });
  });

  it('answers 404 for a lead that does not exist', async () => {
    const res = await write(`/api/admin/leads/${crypto.randomUUID()}`, { status: 'spam' }, { cookie, method: 'PATCH' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: ADMIN_ERRORS.notFound });
  });
});

describe('GET /api/admin/leads: the status and stage filters', () => {
  it('take the keys, for one release the Polish words, and refuse anything else naming the field', async () => {
    for (const query of ['?stage=offer_sent&status=contacted', '?stage=oferta%20wys%C5%82ana&status=w%20kontakcie'])
      expect((await read(`/api/admin/leads${query}`, cookie)).status, query).toBe(200);
    const stage = await read('/api/admin/leads?stage=oferta', cookie);
    expect(stage.status).toBe(400);
    expect(await stage.json()).toEqual({ error: PIPELINE_ERRORS.stage, field: 'stage' });
    const status = await read('/api/admin/leads.csv?status=Nowy', cookie);
    expect(status.status).toBe(400);
    expect(await status.json()).toEqual({ error: ADMIN_INPUT_ERRORS.status, field: 'status' });
  });
});

describe('POST /api/admin/login', () => {
  it.each([
    ['no password', { name: 'Anna' }, ADMIN_INPUT_ERRORS.password],
    ['an empty password', { password: '' }, ADMIN_INPUT_ERRORS.password],
    ['a password that is not text', { password: 12345 }, ADMIN_INPUT_ERRORS.password],
    ['a password over the limit', { password: 'x'.repeat(ADMIN_LIMITS.password + 1) }, ADMIN_INPUT_ERRORS.passwordLong],
    [
      'a name over the limit',
      { password: 'zle', name: 'A'.repeat(ADMIN_LIMITS.userName + 1) },
      ADMIN_INPUT_ERRORS.userName,
    ],
    ['a name with a line break', { password: 'zle', name: 'Anna\nBcc: x' }, ADMIN_INPUT_ERRORS.userName],
  ])('refuses %s with 400 and a Polish message, without a cookie', async (_, body, error) => {
    const res = await write('/api/admin/login', body, { ip: '198.51.100.77' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('POST /api/admin/catalogue', () => {
  it('refuses a change note over the limit with 400 and publishes nothing', async () => {
    const before = (await (await read('/api/admin/catalogue', cookie)).json()) as { versions: unknown[] };
    const res = await write(
      '/api/admin/catalogue',
      { devices: [], note: 'n'.repeat(ADMIN_LIMITS.catalogueNote + 1) },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: ADMIN_INPUT_ERRORS.catalogueNote });
    const after = (await (await read('/api/admin/catalogue', cookie)).json()) as { versions: unknown[] };
    expect(after.versions).toEqual(before.versions);
  });
});

describe('GET /api/admin/outbox', () => {
  it('refuses an unknown state with 400 and a Polish message', async () => {
    const res = await read('/api/admin/outbox?state=zgubione', cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: ADMIN_INPUT_ERRORS.outboxState });
  });
});
