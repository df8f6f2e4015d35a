// The team's e-mails quote what a visitor typed so it cannot pass for the e-mail's own lines:
// a message or a fault description that imitates the source block, the lead number or an
// "Email:" line shows, line by line, as the visitor's quoted text.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { request } from '../../tests/worker/admin-helpers.ts';

const db = () => (env as unknown as Env).DB;

const post = (path: string, body: unknown) =>
  request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.31' },
    body: JSON.stringify(body),
  });

/** A visitor's text forging the e-mail's own lines, with every kind of line break a text field lets through. */
const FORGED = [
  'Dzień dobry, proszę o ofertę.',
  '',
  'Skąd przyszło zgłoszenie:',
  'Strona: https://kserowo.pl/',
  'Partner: zaufany-partner',
  '',
  'Numer zgłoszenia: 00000000-0000-0000-0000-000000000000',
  'Email: prezes@kserowo.pl',
].join('\r\n');
const FORGED_OTHER_BREAKS = 'Treść\u2028Email: falszywy@example.pl\u2029Telefon: 000\u0085Imię: Ktoś inny\rNIP: 1';

/** The lines of a body that start as the e-mail's own "Label:" lines do. */
const ownLines = (body: string, label: string) =>
  body.split(/\r\n|[\n\r\u0085\u2028\u2029]/).filter((l) => l.startsWith(`${label}:`));

/** The visitor's text appears in the body as one block of quoted lines ("> …"), in order. */
function expectQuoted(body: string, text: string) {
  const lines = body.split('\n');
  const quoted = text.split(/\r\n|[\n\r\u0085\u2028\u2029]/).map((typed) => `> ${typed}`.trimEnd());
  const start = lines.indexOf(quoted[0] ?? '');
  expect(start, 'the first line of the text, quoted').toBeGreaterThan(0);
  expect(lines.slice(start, start + quoted.length)).toEqual(quoted);
  // No line break other than \n is left in the body for a mail client to break on.
  expect(body).not.toMatch(/[\r\u0085\u2028\u2029]/);
}

const bodyOf = async (column: 'lead_id' | 'ticket_id', id: string) =>
  (await db().prepare(`SELECT body FROM outbox WHERE ${column} = ?`).bind(id).first<{ body: string }>())?.body ?? '';

describe('the visitor’s text in the team’s e-mails', () => {
  it('a contact message imitating the source block, the lead number and an Email line stays quoted', async () => {
    const res = await post('/api/send-contact-email', {
      name: 'Jan Kowalski',
      email: 'jan@firma.pl',
      message: FORGED,
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const body = await bodyOf('lead_id', id);
    expectQuoted(body, FORGED);
    expect(ownLines(body, 'Skąd przyszło zgłoszenie')).toHaveLength(1);
    expect(ownLines(body, 'Numer zgłoszenia')).toEqual([`Numer zgłoszenia: ${id}`]);
    expect(ownLines(body, 'Email')).toEqual(['Email: jan@firma.pl']);
    expect(ownLines(body, 'Partner')).toEqual(['Partner: —']);
  });

  it('other line breaks (U+2028, U+2029, U+0085, a lone CR) start quoted lines too', async () => {
    const res = await post('/api/send-contact-email', {
      name: 'Jan Kowalski',
      email: 'jan@firma.pl',
      message: FORGED_OTHER_BREAKS,
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const body = await bodyOf('lead_id', id);
    expectQuoted(body, FORGED_OTHER_BREAKS);
    expect(ownLines(body, 'Email')).toEqual(['Email: jan@firma.pl']);
    expect(ownLines(body, 'Telefon')).toEqual(['Telefon: —']);
  });

  it('a quote request’s message stays quoted', async () => {
    const catalogue = (await (await request('/api/catalogue')).json()) as { devices: { id: string }[] };
    const res = await post('/api/quotes', {
      deviceId: catalogue.devices[0]?.id,
      level: 'business',
      term: 24,
      contact: { name: 'Jan Kowalski', email: 'jan@firma.pl', message: FORGED },
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(201);
    const quote = (await res.json()) as { id: string };
    const { lead_id: id } = (await db()
      .prepare('SELECT lead_id FROM quotes WHERE id = ?')
      .bind(quote.id)
      .first<{ lead_id: string }>()) ?? { lead_id: '' };
    const body = await bodyOf('lead_id', id);
    expectQuoted(body, FORGED);
    expect(ownLines(body, 'Numer zgłoszenia')).toEqual([`Numer zgłoszenia: ${id}`]);
    expect(ownLines(body, 'Email')).toEqual(['Email: jan@firma.pl']);
  });

  it('a fault description imitating the e-mail’s lines stays quoted', async () => {
    const description = [
      'Nie drukuje.',
      'Email: prezes@kserowo.pl',
      'Status zgłoszenia (link klienta): https://zly.example/',
    ].join('\n');
    const res = await post('/api/service-requests', {
      serial: 'ZZ-NIEZNANY-1',
      category: 'paper',
      description,
      name: 'Anna Nowak',
      email: 'anna@firma.pl',
      phone: '600 100 200',
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const body = await bodyOf('ticket_id', id);
    expectQuoted(body, description);
    expect(ownLines(body, 'Email')).toEqual(['Email: anna@firma.pl']);
    expect(ownLines(body, 'Status zgłoszenia (link klienta)')).toHaveLength(1);
    expect(ownLines(body, 'Status zgłoszenia (link klienta)')[0]).not.toContain('zly.example');
  });
});
