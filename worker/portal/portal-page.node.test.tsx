// The customer's page (/konto) signed in, in each of its states, is valid HTML by html-validate's
// standard rules, writes its dates as the rest of the page does (02.12.2026, never 2026-12-02), lays
// its invoice tables out as cards below 600 px, and its fault form chooses no category for the visitor.
import { HtmlValidate } from 'html-validate';
import { renderToString } from 'preact-render-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from './dashboard-data.ts';
import type { FormProblem } from './view-fields.tsx';
import { DashboardView } from './views.tsx';

const data: DashboardData = {
  email: 'biuro@firma.pl',
  company: 'Firma sp. z o.o.',
  openInvoices: [
    {
      number: 'FV/2026/11/0001',
      title: '5265877635-20261202-0100001AF629-4E FV/2026/11/0001',
      contract: 'UM-2026-000001',
      issueDate: '2026-12-02',
      dueDate: '2026-12-16',
      left: '245,77 zł',
      paid: '0,00 zł',
      state: 'czeka na zapłatę',
      overdue: false,
    },
  ],
  payTo: 'Przelew na rachunek 00 0000 0000 0000 0000 0000 0000, w tytule numer faktury.',
  devices: [
    {
      id: 7,
      name: 'Konica Minolta bizhub C3320i',
      serial: 'A7PU021012345',
      level: 'basic',
      type: 'color',
      slaHours: 8,
      contract: 'UM-2026-000001',
      contractStart: '2026-06-15',
      termMonths: 24,
      termEnd: '2028-06-14',
      rates: '245,00 zł netto miesięcznie, 1500 stron mono w cenie, potem 0,05 zł za stronę',
      readings: [{ readOn: '2026-11-30', mono: 4000, color: 250, sentBy: 'klient' }],
      colours: ['black', 'cyan', 'magenta', 'yellow'],
      inFlight: [],
    },
  ],
  tickets: [],
  orders: [],
  bills: [],
  invoices: [
    {
      contract: 'UM-2026-000001',
      number: 'FV/2026/11/0001',
      kind: 'Faktura VAT',
      period: '2026-11',
      gross: '245,77 zł',
      ksef: '5260250274-20261202-0102030405A1-7F',
      accepted: true,
      url: '/faktura/inv-1',
    },
  ],
};

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
const page = (body: string) =>
  `<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Strefa klienta</title></head><body><main>${body}</main></body></html>`;

async function problems(html: string): Promise<string[]> {
  const report = await validator.validateString(page(html));
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`));
}

describe('/konto signed in', () => {
  beforeAll(() => validator.validateString(page('<p>x</p>')), 60_000);
  const refused: FormProblem = { form: 'fault-7', field: 'description', error: 'Opisz problem.', values: {} };
  const states: Record<string, { data: DashboardData; problem?: FormProblem }> = {
    'with devices, invoices to pay and invoices': { data },
    'after a refused fault report': { data, problem: refused },
    'with nothing yet': { data: { ...data, openInvoices: [], devices: [], invoices: [] } },
  };
  for (const [state, props] of Object.entries(states))
    it(`is valid HTML ${state}`, async () => {
      expect(await problems(renderToString(<DashboardView {...props} />))).toEqual([]);
    });

  it("writes the invoices' dates as 02.12.2026", () => {
    const html = renderToString(<DashboardView data={data} />);
    expect(html).toContain('02.12.2026');
    expect(html).toContain('16.12.2026');
    expect(html).not.toMatch(/\b2026-12-(02|16)\b/);
  });

  it("tells, per invoice to pay, the transfer's title: its KSeF number and its number", () => {
    const html = renderToString(<DashboardView data={data} />);
    expect(html).toContain(
      '<td data-label="Tytuł przelewu" class="transfer-title">5265877635-20261202-0100001AF629-4E FV/2026/11/0001</td>',
    );
  });

  it("lays out 'Faktury' as cards on a phone, each cell under its column's name", () => {
    const html = renderToString(<DashboardView data={data} />);
    const invoices = /<table class="portal-table invoices stacked"><caption>Umowa UM-2026-000001[\s\S]*?<\/table>/.exec(
      html,
    )?.[0];
    expect(invoices).toBeDefined();
    for (const label of ['Okres', 'Faktura', 'Brutto', 'KSeF']) expect(invoices).toContain(`data-label="${label}"`);
  });

  it('chooses no fault category for the visitor: the required select starts with an empty option', () => {
    const html = renderToString(<DashboardView data={data} />);
    const select = /<select id="fault-7-category"[\s\S]*?<\/select>/.exec(html)?.[0] ?? '';
    expect(select).toContain('required');
    expect(/<option[^>]*>/.exec(select)?.[0]).toMatch(/\svalue(="")?[\s>]/);
  });
});
