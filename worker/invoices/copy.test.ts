// The customer's copy of an invoice at its secret address, as the customer opens it from
// /konto or the e-mail: the invoice's content, its KSeF state in Polish until KSeF accepts
// it and its KSeF number after, the KOD I QR code, the XML as issued; a private page's
// headers. And the "invoice ready" e-mail the KSeF sender writes on acceptance.
import { describe, expect, it } from 'vitest';
import { month } from '../../tests/worker/contracts-helpers.ts';
import { expectValidFa3 } from '../../tests/worker/invoice-helpers.ts';
import { db, mailsTo, signContract, signIn } from '../../tests/worker/portal-helpers.ts';
import { read, request } from '../../tests/worker/admin-helpers.ts';
import type { InvoiceDocument } from './document.ts';
import { invoiceReadyEmail, queueInvoiceReadyEmail } from './email.ts';
import { issueMonth } from './issue.ts';
import { invoicePageCsp } from './page.tsx';
import { company } from '../../widgets/core/company.ts';

const EMAIL = 'faktury@gamma.pl';
const KSEF_NUMBER = '1111111111-20261203-9F8E7D6C5B4A-3C';
let id = '';

async function sha256Source(text: string) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

describe('the customer’s invoice copy', { timeout: 120_000 }, () => {
  it('shows the invoice as issued, waiting for KSeF, with KOD I labelled OFFLINE', async () => {
    // A 4052 Basic, no readings: 175,00 zł net, VAT 40,25 zł, gross 215,25 zł.
    await signContract(
      EMAIL,
      'Gamma sp. z o.o.',
      [{ serial: 'COPY-1', deviceId: 'km-4052', level: 'basic' }],
      `${month(-1)}-01`,
    );
    expect(await issueMonth(db(), month(-1), { createdBy: 'test' })).toEqual({ issued: 1, skipped: 0 });
    const row = await db()
      .prepare('SELECT id, number, xml, xml_sha256, issue_date FROM invoices')
      .first<{ id: string; number: string; xml: string; xml_sha256: string; issue_date: string }>();
    id = row?.id ?? '';
    await expectValidFa3([row?.xml ?? '']);

    const res = await request(`/faktura/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toBe(await invoicePageCsp());
    const html = await res.text();
    expect(html).toContain(`Faktura VAT nr ${row?.number}`);
    expect(html).toContain('Gamma sp. z o.o.');
    expect(html).toContain('215,25');
    expect(html).toContain('czeka na wysłanie do KSeF');
    expect(html).toContain('<figcaption>OFFLINE</figcaption>');
    // The seller's data still invented are labelled, as the order page labels them (locally they all are).
    expect(company.samples).toEqual(expect.arrayContaining(['legalName', 'nip', 'bankAccount']));
    expect(html).toContain(`${company.legalName} (przykładowe dane)`);
    expect(html).toMatch(/NIP \d{10} \(przykładowe dane\)/);
    expect(html).toMatch(/na rachunek [\d ]{32} \(przykładowe dane\)/);
    const [y, m, d] = (row?.issue_date ?? '').split('-');
    const link = `https://qr-test.ksef.mf.gov.pl/invoice/1111111111/${d}-${m}-${y}/${row?.xml_sha256}`;
    expect(html).toContain(`aria-label="Kod QR KSeF (KOD I): ${link}"`);
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    // Its CSP allows exactly its style and print script.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(res.headers.get('content-security-policy')).toContain(`style-src ${await sha256Source(style)};`);
    expect(res.headers.get('content-security-policy')).toContain(`script-src ${await sha256Source(script)};`);
  });

  it('shows the KSeF number once KSeF accepted the invoice', async () => {
    await db()
      .prepare("UPDATE ksef_invoices SET status = 'accepted', ksef_number = ? WHERE invoice_id = ?")
      .bind(KSEF_NUMBER, id)
      .run();
    const html = await (await request(`/faktura/${id}`)).text();
    expect(html).toContain(`Numer KSeF: <strong>${KSEF_NUMBER}</strong>`);
    expect(html).toContain(`<figcaption>${KSEF_NUMBER}</figcaption>`);
    expect(html).not.toContain('OFFLINE');
  });

  it('downloads the XML as issued', async () => {
    const res = await request(`/faktura/${id}/xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const stored = await db().prepare('SELECT xml FROM invoices WHERE id = ?').bind(id).first<{ xml: string }>();
    expect(await res.text()).toBe(stored?.xml);
  });

  it('answers 404 in Polish for an address that names no invoice', async () => {
    for (const path of ['/faktura/00000000-0000-4000-8000-000000000000', '/faktura/nie-ma', '/faktura/x/xml']) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Nie znaleziono faktury');
    }
  });

  it('is listed in /konto under its contract, linking to the copy', async () => {
    const cookie = await signIn(EMAIL);
    const html = await (await read('/konto', cookie)).text();
    expect(html).toContain('<h2 id="portal-invoices">Faktury</h2>');
    expect(html).toMatch(/<caption>Umowa UM-\d{4}-\d{6}<\/caption>/);
    expect(html).toContain(`href="/faktura/${id}"`);
    expect(html).toContain(`nr ${KSEF_NUMBER}`);
    // The open invoice is listed too, under a heading of its own: a section names the heading it is labelled by,
    // so two headings with one id would give both regions the first one's name.
    expect(html).toContain('Faktury do zapłaty');
    expect(html).toContain(
      `Przelew na rachunek ${company.legalName} (przykładowe dane): ${company.bankAccount} (przykładowe dane)`,
    );
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((x, i) => ids.indexOf(x) !== i)).toEqual([]);
  });
});

describe('the “invoice ready” e-mail', { timeout: 120_000 }, () => {
  it('says what, how much, until when and links to the copy', () => {
    const doc = {
      kind: 'VAT',
      number: 'FV/2026/000123',
      period: '2026-11',
      dueDate: '2026-12-17',
      grossGr: 36_039,
      contract: { number: 'UM-2026-000007', date: '2026-06-10' },
      buyer: { name: 'Alfa sp. z o.o.' },
    } as InvoiceDocument;
    const mail = invoiceReadyEmail(
      { id: 'abc', recipient: 'faktury@alfa.pl', doc, ksefNumber: KSEF_NUMBER },
      'https://kserowo.pl',
    );
    expect(mail.recipient).toBe('faktury@alfa.pl');
    expect(mail.subject).toBe('Kserowo: faktura FV/2026/000123 za listopad 2026 (umowa UM-2026-000007)');
    expect(mail.body).toBe(
      [
        'Dzień dobry,',
        '',
        'wystawiliśmy fakturę FV/2026/000123 za listopad 2026. KSeF ją przyjął.',
        '',
        'Umowa: UM-2026-000007',
        'Nabywca: Alfa sp. z o.o.',
        'Do zapłaty brutto: 360,39 zł',
        'Termin płatności: 17.12.2026',
        `Numer KSeF: ${KSEF_NUMBER}`,
        // What the payer writes in the title, the KSeF number first (art. 108g of the VAT Act, from 2027).
        `Tytuł przelewu: ${KSEF_NUMBER} FV/2026/000123`,
        '',
        'Fakturę z kodem QR do sprawdzenia w KSeF i plik XML znajdziesz tutaj:',
        'https://kserowo.pl/faktura/abc',
        '',
        'Link prowadzi do Twojej faktury: nie przekazuj go osobom spoza firmy.',
        'Wszystkie faktury są też na Twoim koncie: https://kserowo.pl/konto',
        '',
        'Pytania: kontakt@kserowo.pl',
        'Zespół Kserowo',
      ].join('\n'),
    );
  });

  it('is written into the outbox once, to the contract’s billing address', async () => {
    const env = { DB: db(), EMAIL_QUEUE: { send: async () => {} } as unknown as Queue };
    const first = await queueInvoiceReadyEmail(env, id);
    expect(first).toEqual(expect.any(Number));
    expect(await queueInvoiceReadyEmail(env, id)).toBeNull();
    const mails = (await mailsTo(EMAIL)).filter((m) => m.about === `invoice:${id}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(`/faktura/${id}`);
    expect(mails[0]?.body).toContain(`Numer KSeF: ${KSEF_NUMBER}`);
  });
});
