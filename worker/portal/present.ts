/**
 * The portal's overview as the page shows it (worker/portal/views.tsx), and the sentence
 * after an action: it names a ticket, reading or order only when it is among the signed-in
 * customer's own (looked up in their overview, never by the number alone).
 */
import { transferTitle } from '../admin-shared/ksef-number.ts';
import { h } from 'preact';
import type { PortalOverview } from './actions.ts';
import type { DashboardData } from './dashboard-data.ts';
import { FAULT_CATEGORIES, type FaultCategory } from '../../widgets/core/service-fields.ts';
import { TONER_COLOUR_NAMES, TONER_STATUS_LABELS } from '../../widgets/core/toner.ts';
import { TICKET_STATUS_LABELS } from '../../widgets/core/service-fields.ts';
import { statusLabel } from '../../widgets/core/status-keys.ts';
import { formatNumber, formatPln } from '../../widgets/core/format.ts';
import { dateTimeText } from '../../widgets/core/dates.ts';
import { SERVICE_API_ERRORS } from '../http/errors.ts';
import { customerTicketPath } from '../service/ticket-link.ts';
import { portalCopy } from './copy.ts';
import { monthsCoveredText } from '../meter/bill.ts';
import { toPln } from '../../widgets/core/pricing.ts';
import { ksefStatusLabel } from '../admin-shared/admin-api-invoices.ts';
import { company, markSample } from '../../widgets/core/company.ts';
import { PAYMENT_STATE_LABELS } from '../admin-shared/admin-api-payments.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { openInvoicesOfEmail, paymentState } from '../payments/balances.ts';
import type { FrozenRates } from '../meter/bill.ts';

/**
 * The device's prices in force today (an amendment's from its first day), as /konto states them:
 * '170,00 zł netto miesięcznie, w tym 1 500 str. mono i 200 str. kolor; ponad limit 0,06 zł (mono), 0,22 zł (kolor) za stronę'.
 */
/** A per-page rate with the decimals it has (0,08 zł; 0,035 zł). */
const rateText = (pln: number): string => formatPln(pln, Math.max(2, (String(pln).split('.')[1] ?? '').length));

export function ratesText(r: FrozenRates): string {
  const colour = r.colorLimit !== null && r.overageColor !== null;
  const included = colour
    ? `${formatNumber(r.monthlyLimit)} str. mono i ${formatNumber(r.colorLimit ?? 0)} str. kolor`
    : `${formatNumber(r.monthlyLimit)} str.`;
  const over = colour
    ? `${rateText(r.overageMono)} (mono), ${rateText(r.overageColor ?? 0)} (kolor)`
    : rateText(r.overageMono);
  return `${formatPln(r.monthlyPrice, 2)} netto miesięcznie, w tym ${included}; ponad limit ${over} za stronę`;
}

/**
 * A device's toner as its collector read it: a percentage where the device gives one, "trochę
 * pozostało" for −3 (some remaining) and "nieznany" for −2 or no maximum, never a made-up figure.
 * @example tonerLevelsText([{ colorant: 'black', level: 18, max: 100 }]) === 'czarny (K): 18 %'
 */
export function tonerLevelsText(toner: readonly { colorant: string; level: number; max: number }[]): string {
  if (toner.length === 0) return 'brak danych';
  return toner
    .map((t) => {
      const known = Object.entries(TONER_COLOUR_NAMES).find(([key]) => t.colorant.toLowerCase().includes(key));
      const name = known ? known[1] : t.colorant;
      const level =
        t.level === -3
          ? 'trochę pozostało'
          : t.level >= 0 && t.max > 0
            ? `${Math.round((t.level * 100) / t.max)} %`
            : 'nieznany';
      return `${name}: ${level}`;
    })
    .join(', ');
}

function notice(o: PortalOverview, url: URL): DashboardData['notice'] {
  const kind = url.searchParams.get('wyslano');
  const number = url.searchParams.get('nr') ?? '';
  if (kind === 'fault') {
    const t = o.tickets.find((x) => x.number === number);
    if (!t) return undefined;
    return h('p', null, [
      'Przyjęliśmy zgłoszenie ',
      h('strong', null, t.number),
      `. Serwis zareaguje w ciągu ${t.sla_hours} h roboczych – do `,
      h('strong', null, dateTimeText(t.due_at, 'short')),
      '. Potwierdzenie wysłaliśmy na Twój adres e-mail. ',
      h('a', { href: customerTicketPath(t) }, 'Status zgłoszenia'),
    ]);
  }
  if (kind === 'reading') {
    const id = Number(number.replace(/^ODC-/, ''));
    for (const d of o.devices) {
      const r = d.readings.find((x) => x.id === id);
      if (r)
        return h(
          'p',
          null,
          `Zapisaliśmy odczyt ${number} (${d.name}, ${formatNumber(r.mono)} mono${
            r.color !== null ? `, ${formatNumber(r.color)} kolor` : ''
          }). Potwierdzenie wysłaliśmy na Twój adres e-mail.`,
        );
    }
    return undefined;
  }
  // A confirmed implausible reading is not among the accepted ones: no number is named from the address bar.
  if (kind === 'reading-held') return h('p', null, SERVICE_API_ERRORS.held);
  if (kind === 'toner') {
    const lines = o.orders.filter((x) => x.order_no === number);
    if (!lines.length) return undefined;
    const waiting = lines.some((l) => l.status === 'awaiting_approval');
    return h('p', null, [
      'Przyjęliśmy zamówienie tonera ',
      h('strong', null, number),
      ` (${lines.map((l) => `${TONER_COLOUR_NAMES[l.colour]}: ${statusLabel(TONER_STATUS_LABELS, l.status)}`).join(', ')}). `,
      waiting
        ? 'Odczyty licznika nie wskazują jeszcze na zużycie wkładu, więc zamówienie czeka na akceptację zespołu. '
        : 'Wyślemy toner najbliższym kurierem. ',
      'Potwierdzenie wysłaliśmy na Twój adres e-mail.',
    ]);
  }
  return undefined;
}

export async function dashboardData(env: Env, email: string, o: PortalOverview, url: URL): Promise<DashboardData> {
  const today = warsawToday();
  const open = await openInvoicesOfEmail(env.DB, email).catch((error: unknown) => {
    console.error('portal: open invoices could not be read', error);
    return [];
  });
  return {
    email,
    company: o.company,
    openInvoices: open.map((i) => {
      const state = paymentState(i, today);
      return {
        number: i.number,
        title: transferTitle(i.number, i.ksef_number),
        contract: i.contract_number,
        issueDate: i.issue_date,
        dueDate: i.due_date,
        left: formatPln((i.due_gr - i.paid_gr) / 100, 2),
        paid: formatPln(i.paid_gr / 100, 2),
        state: PAYMENT_STATE_LABELS[state],
        overdue: state === 'overdue',
      };
    }),
    payTo: open.length
      ? `Przelew na rachunek ${markSample('legalName', company.legalName)}: ${markSample('bankAccount', company.bankAccount ?? '')}, w tytule to, co podaje kolumna „Tytuł przelewu” (numer KSeF faktury i jej numer). Wpłaty odnotowujemy po zaksięgowaniu przez bank.`
      : undefined,
    devices: o.devices.map((d) => ({
      id: d.device.deviceRow,
      name: d.name,
      serial: d.device.serial,
      level: d.level,
      type: d.type,
      slaHours: d.slaHours,
      contract: d.contract.number,
      contractStart: d.contract.startDate,
      termMonths: d.contract.termMonths,
      termEnd: d.contract.endDate,
      rates: ratesText(d.device.rates),
      readings: d.readings.map((r) => ({
        readOn: r.read_on,
        mono: r.mono,
        color: r.color,
        sentBy:
          r.source === 'team'
            ? portalCopy.teamSender
            : r.source === 'collector'
              ? portalCopy.collectorSender
              : r.sent_by,
      })),
      colours: d.colours,
      inFlight: d.inFlight,
      automatic: d.automatic
        ? {
            at: d.automatic.at,
            mono: d.automatic.mono,
            color: d.automatic.color,
            toner: tonerLevelsText(JSON.parse(d.automatic.toner) as { colorant: string; level: number; max: number }[]),
          }
        : undefined,
    })),
    tickets: o.tickets.map((t) => ({
      number: t.number,
      url: customerTicketPath(t),
      serial: t.serial,
      category: FAULT_CATEGORIES[t.category as FaultCategory] ?? t.category,
      status: statusLabel(TICKET_STATUS_LABELS, t.status),
      createdAt: t.created_at,
      dueAt: t.due_at,
      slaHours: t.sla_hours,
      closed: t.status === 'closed',
      history: t.events.map((e) => ({
        status: statusLabel(TICKET_STATUS_LABELS, e.status),
        at: e.created_at,
        note: e.note,
      })),
    })),
    orders: o.orders.map((x) => ({
      number: x.order_no,
      serial: o.devices.find((d) => d.device.deviceRow === x.device_row)?.device.serial ?? '',
      colour: x.colour,
      status: statusLabel(TONER_STATUS_LABELS, x.status),
      createdAt: x.created_at,
    })),
    bills: o.bills.map((b) => ({
      period: b.period,
      contract: b.contract,
      net: formatPln(b.net, 2),
      gross: formatPln(b.gross, 2),
      lines: b.lines.map(
        (l) =>
          `${l.serial}: abonament ${formatPln(l.fee, 2)}` +
          (l.amountMono + l.amountColor > 0
            ? `, ponad limit ${l.overMono} mono${l.overColor ? ` i ${l.overColor} kolor` : ''} = ${formatPln(l.amountMono + l.amountColor, 2)}`
            : '') +
          (l.hasReading
            ? l.months.length > 1
              ? ` (${monthsCoveredText(l.months)})`
              : ''
            : ' (brak odczytu w tym miesiącu)'),
      ),
    })),
    invoices: o.invoices.map((i) => ({
      contract: i.contract,
      number: i.number,
      kind: i.kind === 'KOR' ? 'Korekta' : 'Faktura VAT',
      period: i.period,
      gross: formatPln(toPln(i.grossGr), 2),
      ksef: i.ksefNumber ?? ksefStatusLabel(i.ksefStatus),
      accepted: !!i.ksefNumber,
      url: i.url,
    })),
    notice: notice(o, url),
  };
}
