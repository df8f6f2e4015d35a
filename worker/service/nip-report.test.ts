// A fault reported by NIP alone, for a company with a Premium and a Business device: the form
// never asks which device, so the ticket runs on the shortest promise among the company's
// devices (Premium's 4 h) until the desk names the device; each time the desk names or changes
// it, the deadline is counted again from the report's time on the business clock, and the
// change is in the ticket's history and the audit log. The reporter learns nothing registered;
// the contract's own address gets the confirmation, whose link shows the deadline again.
import { beforeAll, describe, expect, it } from 'vitest';
import { addBusinessHours } from '../admin-shared/business-hours.ts';
import { liveCatalogue } from '../catalogue/model.ts';
import { createContract } from '../contracts/model.ts';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { db, mailsTo } from '../../tests/worker/portal-helpers.ts';

const NIP = '5260250274';
const BILLING = 'faktury@drukarnia-nip.pl';
const PREMIUM = 'NIPPREM0001';
const BUSINESS = 'NIPBUSI0002';
const TYPED = 'zglaszajacy@drukarnia-nip.pl';

interface Row {
  created_at: string;
  due_at: string;
  sla_hours: number;
  level: string | null;
  serial: string;
  known_device: number;
}

let cookie = '';
let answer: { ok: boolean; id: string; number: string; url: string };
const row = async () =>
  (await db().prepare('SELECT * FROM service_tickets WHERE id = ?').bind(answer.id).first<Row>()) as Row;

/** The ticket's page as the Polish reader sees a time on it. */
const shown = (iso: string) =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );

beforeAll(async () => {
  cookie = await login('203.0.113.39', 'Ewa z serwisu');
  const made = await createContract(db(), {
    customer: { company: 'Drukarnia NIP sp. z o.o.', nip: NIP, billingEmail: BILLING },
    devices: [
      { serial: PREMIUM, deviceId: 'km-c3320i', level: 'premium' },
      { serial: BUSINESS, deviceId: 'km-227', level: 'business' },
    ],
    startDate: '2025-03-01',
    termMonths: 36,
    catalogue: await liveCatalogue(db()),
    createdBy: 'test',
  });
  expect(typeof made === 'object' && 'devices' in made && made.devices.length).toBe(2);
  const res = await request('/api/service-requests', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.91' },
    body: JSON.stringify({
      nip: NIP,
      category: 'code',
      description: 'Kod C2557 na panelu, nie drukuje.',
      name: 'Piotr Zgłaszający',
      email: TYPED,
      phone: '600 700 800',
      submissionId: crypto.randomUUID(),
    }),
  });
  expect(res.status).toBe(201);
  answer = (await res.json()) as typeof answer;
});

describe('a fault reported by NIP for a company with a Premium and a Business device', () => {
  it('runs on the shortest promise (Premium 4 h) from the report, with no device named', async () => {
    const t = await row();
    expect(t.sla_hours).toBe(4);
    expect(t.due_at).toBe(addBusinessHours(new Date(t.created_at), 4).toISOString());
    expect(t).toMatchObject({ serial: '', known_device: 0, level: null });
  });

  it('tells the reporter nothing registered: the answer and the status page name no device, package or deadline', async () => {
    expect(Object.keys(answer).sort()).toEqual(['id', 'number', 'ok', 'url']);
    const page = await (await read(new URL(answer.url).pathname)).text();
    expect(page).toContain(answer.number);
    for (const secret of [PREMIUM, BUSINESS, 'C3320i', 'bizhub 227', shown((await row()).due_at)])
      expect(page).not.toContain(secret);
    expect(await mailsTo(TYPED)).toEqual([]);
  });

  it("confirms to the contract's own address with the 4 h deadline, and its link shows the deadline again", async () => {
    const t = await row();
    const mail = (await mailsTo(BILLING)).find((m) => m.subject === `Przyjęliśmy zgłoszenie ${answer.number}`);
    expect(mail?.body).toContain('4 h robocze');
    const link = /https?:\/\/\S+\/serwis\/zgloszenie\/\S+/.exec(mail?.body ?? '')?.[0] ?? '';
    expect(new URL(link).pathname).toBe(new URL(answer.url).pathname);
    const page = await (await read(new URL(link).pathname + new URL(link).search)).text();
    expect(page).toContain(shown(t.due_at));
    // The team's e-mail says the device is to be named and on which promise the clock runs.
    const team = (await mailsTo('serwis@kserowo.pl')).find((m) => m.ticket_id === answer.id);
    expect(team?.subject).toBe(`Zgłoszenie serwisowe ${answer.number} (urządzenie do wskazania)`);
    expect(team?.body).toContain('Urządzenia tej firmy w rejestrze: 2');
    expect(team?.body).not.toContain('numeru seryjnego nie ma w rejestrze');
  });

  it('counts the deadline again from the report each time the desk names or changes the device, audited', async () => {
    const created = new Date((await row()).created_at);
    const toBusiness = await write(
      `/api/admin/tickets/${answer.id}/device`,
      { serial: BUSINESS, reason: 'Klient potwierdził przez telefon: drukarka w recepcji' },
      { cookie },
    );
    expect(toBusiness.status, await toBusiness.clone().text()).toBe(200);
    const business = await row();
    expect(business).toMatchObject({ serial: BUSINESS, level: 'business', sla_hours: 24, known_device: 1 });
    expect(business.due_at).toBe(addBusinessHours(created, 24).toISOString());

    const toPremium = await write(
      `/api/admin/tickets/${answer.id}/device`,
      { serial: PREMIUM, reason: 'Jednak kolorowa w księgowości' },
      { cookie },
    );
    expect(toPremium.status).toBe(200);
    const premium = await row();
    expect(premium).toMatchObject({ serial: PREMIUM, level: 'premium', sla_hours: 4 });
    expect(premium.due_at).toBe(addBusinessHours(created, 4).toISOString());

    const detail = (await (await read(`/api/admin/tickets/${answer.id}`, cookie)).json()) as {
      ticket: { slaHours: number; dueAt: string };
      deviceChanges: {
        fromSerial: string;
        toSerial: string;
        fromSlaHours: number | null;
        toSlaHours: number | null;
        fromDueAt: string | null;
        toDueAt: string | null;
      }[];
    };
    expect(detail.ticket).toMatchObject({ slaHours: 4, dueAt: premium.due_at });
    expect(detail.deviceChanges).toEqual([
      expect.objectContaining({
        fromSerial: '',
        toSerial: BUSINESS,
        fromSlaHours: 4,
        toSlaHours: 24,
        fromDueAt: addBusinessHours(created, 4).toISOString(),
        toDueAt: business.due_at,
      }),
      expect.objectContaining({ fromSerial: BUSINESS, toSerial: PREMIUM, fromSlaHours: 24, toSlaHours: 4 }),
    ]);

    // The audit rows name the ticket by its number (never the status page's secret id) and the deadline's move.
    const { results } = await db()
      .prepare("SELECT target, details FROM audit_log WHERE action = 'tickets.device' ORDER BY id")
      .all<{ target: string; details: string }>();
    const rows = results.filter((r) => r.target === answer.number);
    expect(rows.map((r) => JSON.parse(r.details))).toEqual([
      expect.objectContaining({
        from: '',
        to: BUSINESS,
        slaHours: { from: 4, to: 24 },
        dueAt: { from: addBusinessHours(created, 4).toISOString(), to: business.due_at },
      }),
      expect.objectContaining({ from: BUSINESS, to: PREMIUM, slaHours: { from: 24, to: 4 } }),
    ]);
    expect(results.some((r) => r.target.includes(answer.id))).toBe(false);
  });
});
