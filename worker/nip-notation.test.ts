// One notation of a NIP: whatever way a person types it ('PL 123-456-32-18', spaced out),
// a quote, a fault report and the registry's device of one company store the same digits,
// so the team finds a company's quote, tickets and devices by one number.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, request, write } from '../tests/worker/admin-helpers.ts';

const db = () => (env as unknown as Env).DB;

const post = (path: string, body: unknown) =>
  request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.31' },
    body: JSON.stringify(body),
  });

const contact = { name: 'Anna Nowak', email: 'anna@firma.pl', phone: '600 100 200' };

beforeAll(async () => {
  const cookie = await login('203.0.113.31', 'Marek');
  const csv = [
    'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
    'NIP0001;C3320i;Business;2025-01-01;36;Firma N sp. z o.o.;PL 123-456-32-18;biuro@firma-n.pl;600100200;Słupsk',
  ].join('\r\n');
  const res = await write('/api/admin/devices/import', { csv }, { cookie });
  expect(res.status).toBe(200);
});

describe('a NIP typed with the country prefix, dashes or spaces', () => {
  it('is stored as ten digits by a quote, a fault report and the device registry alike', async () => {
    const quote = await post('/api/quotes', {
      deviceId: 'km-c3320i',
      level: 'basic',
      term: 24,
      contact: { ...contact, company: 'Firma N sp. z o.o.', nip: 'PL 123-456-32-18' },
      submissionId: crypto.randomUUID(),
    });
    expect(quote.status).toBe(201);
    const { id: quoteId } = (await quote.json()) as { id: string };

    const ticket = await post('/api/service-requests', {
      nip: '123 456 32 18',
      category: 'paper',
      description: 'Papier zacina się w podajniku 2.',
      ...contact,
      submissionId: crypto.randomUUID(),
    });
    expect(ticket.status).toBe(201);
    const { id: ticketId } = (await ticket.json()) as { id: string };

    const stored = await Promise.all([
      db().prepare('SELECT nip FROM quotes WHERE id = ?').bind(quoteId).first<{ nip: string }>(),
      db().prepare('SELECT nip, serial FROM service_tickets WHERE id = ?').bind(ticketId).first<{ nip: string }>(),
      db().prepare("SELECT nip FROM devices WHERE serial = 'NIP0001'").first<{ nip: string }>(),
    ]);
    expect(stored).toEqual([{ nip: '1234563218' }, { nip: '1234563218', serial: 'NIP0001' }, { nip: '1234563218' }]);
  });
});
