// The inbox search reads a trigram index of names, addresses and companies (migration
// 0201), kept by the model code: a lead is found by any part of three or more characters,
// Polish capitals included; not by its old name once anonymised, nor at all once erased;
// a term that matches more than a thousand leads still pages through all of them in order.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonymiseLeadsStatements, eraseLead } from './model.ts';
import { login, read, request } from '../../tests/worker/admin-helpers.ts';

const db = () => (env as unknown as Env).DB;

async function contact(body: Record<string, unknown>): Promise<string> {
  const res = await request('/api/send-contact-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://kserowo.pl' },
    body: JSON.stringify({ submissionId: crypto.randomUUID(), ...body }),
  });
  if (res.status !== 200) throw new Error(`contact: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

let cookie = '';
const found = async (q: string, more = '') => {
  const res = await read(`/api/admin/leads?q=${encodeURIComponent(q)}${more}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as { leads: { id: string; name: string }[]; next: string | null };
};

beforeAll(async () => {
  cookie = await login('203.0.113.171');
});

describe('the inbox search', { timeout: 60_000 }, () => {
  it('finds a lead by part of its name, address or company, whatever the case, Polish letters too', async () => {
    const id = await contact({
      name: 'Zdzisław Źdźbło',
      email: 'ZDZISLAW@Biuro-Lodz.pl',
      message: 'Proszę o kontakt.',
    });
    const quoted = await contact({ name: 'Łucja Ślęczek', email: 'lucja@przyklad.pl' });
    expect((await found('źdźbło')).leads.map((l) => l.id)).toEqual([id]);
    expect((await found('ŹDŹB')).leads.map((l) => l.id)).toEqual([id]);
    expect((await found('biuro-łódź')).leads).toEqual([]);
    expect((await found('biuro-lodz')).leads.map((l) => l.id)).toEqual([id]);
    expect((await found('ŁUCJA')).leads.map((l) => l.id)).toEqual([quoted]);
    // Two characters: no trigram; the leads are walked and compared as before.
    expect((await found('dź')).leads.map((l) => l.id)).toContain(id);
    // Quotes in the text are text, not search syntax.
    expect((await found('"Źdźbło" OR x')).leads).toEqual([]);
  });

  it('forgets the old name of an anonymised lead and every trace of an erased one', async () => {
    const kept = await contact({ name: 'Hieronim Zapomniany', email: 'hieronim@zapomniany.pl' });
    const erased = await contact({ name: 'Hieronim Wymazany', email: 'hieronim@wymazany.pl' });
    expect((await found('hieronim')).leads.map((l) => l.id).sort()).toEqual([kept, erased].sort());
    await db().batch(anonymiseLeadsStatements(db(), JSON.stringify([kept]), 'Dane usunięte'));
    await eraseLead(db(), erased);
    expect((await found('hieronim')).leads).toEqual([]);
    expect((await found('Dane usunięte')).leads.map((l) => l.id)).toContain(kept);
  });

  it('pages through a common term (over a thousand matches) newest first, each lead once', async () => {
    const n = 1_150;
    await db()
      .prepare(
        `WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ?1)
         INSERT INTO leads (id, kind, submission_id, name, email, attribution, created_at, updated_at)
         SELECT printf('wspolny-%05d', n), 'contact', printf('wspolny-%05d', n), 'Klient Wspólny ' || n,
           'k' || n || '@wspolny.pl', '{}', strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes'),
           strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes') FROM i`,
      )
      .bind(n)
      .run();
    // Leads written around the model (a bulk load) are indexed as the migration indexes them.
    await db()
      .prepare(
        "INSERT INTO leads_search (rowid, name, email, company) SELECT rowid, name, email, '' FROM leads WHERE id LIKE 'wspolny-%'",
      )
      .run();
    const seen: string[] = [];
    let after = '';
    for (let page = 0; page < 20; page++) {
      const answer = await found('wspólny', `&limit=200${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      seen.push(...answer.leads.map((l) => l.id));
      if (!answer.next) break;
      after = answer.next;
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);
    expect(seen[0]).toBe(`wspolny-0${n}`);
    expect(seen.at(-1)).toBe('wspolny-00001');
  });
});
