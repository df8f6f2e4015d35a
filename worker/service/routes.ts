/**
 * `POST /api/service-requests` ('Zgłoś awarię', DESIGN §7) and the ticket's
 * status page `GET /serwis/zgloszenie/{id}`. The report goes through the lead forms'
 * intake guard (rate limit, JSON only, 16 KB, honeypot, submission id); the ticket, its
 * first history entry and its e-mail to the service team are stored in one D1 batch
 * before the answer says ok. An unknown serial is accepted and flagged for the team.
 * Neither the answer nor the status page says what is registered (whether the serial or
 * NIP is known, the device's serial, model, package or SLA): whoever typed a NIP or a
 * serial learns only their ticket's number, status and history.
 * The SLA deadline is the device's package promise (Premium `premiumSlaHours`, otherwise
 * `standardResponseHours`) counted in business hours.
 */
import { attributed } from '../leads/partners.ts';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { ticketNotification } from './ticket-email.ts';
import { faultConfirmation } from '../portal/emails.ts';
import { contractById } from '../contracts/index.ts';
import { SERVICE_API_ERRORS } from '../http/errors.ts';
import { bodyHash } from '../http/body-hash.ts';
import { constantTimeEqualText } from '../http/auth.ts';
import { type IntakeEnv, leadIntake } from '../middleware/intake/index.ts';
import { liveCatalogue } from '../catalogue/index.ts';
import { type DeviceRow, deviceBySerial, devicesByNip } from '../contracts/index.ts';
import { PAGE_ID_PATTERN, newPageId } from '../http/auth.ts';
import { customerTicketQuery } from './ticket-link.ts';
import {
  type StoredTicket,
  TICKET_NUMBER_PLACEHOLDER,
  storeTicket,
  ticketById,
  ticketByNumberAndEmail,
  ticketEvents,
} from './model.ts';
import { type PageFormEnv, pageFormGuard } from '../http/page-form.ts';
import { TICKET_LOOKUP_ERRORS, ticketLookupSchema } from '../../widgets/core/portal-validation.ts';
import { renderMissingTicketPage, renderTicketPage, ticketPageCsp } from './page.tsx';
import { PAGE_HEADERS } from '../../widgets/core/headers.ts';
import { addBusinessHours } from '../admin-shared/business-hours.ts';
import { company } from '../../widgets/core/company.ts';
import { shortestSlaHours, slaHoursOf } from '../../widgets/core/terms.ts';
import { findDevice } from '../../widgets/core/model.ts';
import { FAULT_CATEGORIES, serviceRequestSchema } from '../../widgets/core/service-validation.ts';
import { check } from '../../widgets/core/validation.ts';

/** The status page of ticket `id`. */
export const ticketUrl = (c: Context, id: string): string => `${new URL(c.req.url).origin}/serwis/zgloszenie/${id}`;

/** At most this many contracts of one NIP get the confirmation of a report by NIP. */
const MAX_CONFIRMATIONS = 5;

export const serviceRequests = new Hono<IntakeEnv>();

/** A filled honeypot gets an answer shaped like a real one, and nothing is stored. */
const spamAnswer = (c: Context<IntakeEnv>) => {
  const id = newPageId();
  const number = `SR-${new Date().getUTCFullYear()}-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  return c.json({ ok: true, id, number, url: ticketUrl(c, id) }, 201);
};

serviceRequests.post('/', leadIntake({ spamAnswer }), async (c) => {
  const { body, submissionId, origin } = c.get('intake');
  const parsed = check(serviceRequestSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);
  const input = parsed.data;
  const { submissionId: _s, website: _w, attribution: sent, ...normalised } = input;
  const attribution = await attributed(c.env.DB, sent, origin);
  const hash = await bodyHash('service', normalised);

  let device: DeviceRow | null = null;
  // A report by NIP that names no device among the company's several: the team names it later.
  let companyDevices: DeviceRow[] = [];
  try {
    if (input.serial) device = await deviceBySerial(c.env.DB, input.serial);
    if (!device && input.nip) {
      // NIP only: the customer's device when there is exactly one; otherwise the team picks.
      const owned = await devicesByNip(c.env.DB, input.nip);
      if (owned.length === 1) device = owned[0] ?? null;
      else companyDevices = owned;
    }
  } catch (error) {
    console.error('service: device lookup failed', error);
    return c.json({ error: SERVICE_API_ERRORS.ticketStorage }, 503);
  }
  const catalogue = await liveCatalogue(c.env.DB);
  const deviceName = device ? findDevice(catalogue, device.device_id)?.name : undefined;
  // The confirmation goes to the contracts' own addresses only, never to the one typed into the form.
  const contractIds = [
    ...new Set((device ? [device] : companyDevices).map((d) => d.contract_id).filter((id): id is string => !!id)),
  ];
  const contracts = await Promise.all(contractIds.slice(0, MAX_CONFIRMATIONS).map((id) => contractById(c.env.DB, id)));
  // One confirmation per address, however the contracts spell it.
  const byAddress = new Map(
    contracts.flatMap((k) => (k?.billingEmail ? [[k.billingEmail.toLowerCase(), k.billingEmail]] : [])),
  );
  const contractEmails = [...byAddress.values()];
  const createdAt = new Date();
  // Until the team names the device, no device of the company waits longer than its own promise.
  const slaHours = device ? slaHoursOf(device.level) : shortestSlaHours(companyDevices.map((d) => d.level));
  const dueAt = addBusinessHours(createdAt, slaHours);
  const id = newPageId();
  const customerKey = newPageId();
  const serial = device?.serial ?? input.serial ?? '';
  const customerUrl = `${ticketUrl(c, id)}${customerTicketQuery(customerKey)}`;

  let stored: StoredTicket;
  try {
    stored = await storeTicket(
      c.env.DB,
      {
        id,
        submissionId,
        bodyHash: hash,
        serial,
        deviceRow: device?.id ?? null,
        level: device?.level ?? null,
        slaHours,
        category: input.category,
        errorCode: input.errorCode,
        description: input.description,
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company ?? device?.company ?? companyDevices[0]?.company,
        nip: input.nip,
        contactWhen: input.contactWhen,
        marketingConsent: input.marketingConsent,
        attribution,
        origin,
        createdAt,
        dueAt,
        customerKey: contractEmails.length ? customerKey : null,
      },
      ticketNotification(
        input,
        {
          serial,
          known: !!device,
          level: device?.level ?? null,
          slaHours,
          dueAt,
          ...(deviceName ? { deviceName } : {}),
          ...(companyDevices.length
            ? {
                companyDevices: companyDevices.map((d) => ({
                  serial: d.serial,
                  name: findDevice(catalogue, d.device_id)?.name ?? d.device_id,
                  level: d.level,
                })),
              }
            : {}),
        },
        ticketUrl(c, id),
        c.env.SERVICE_EMAIL || company.salesEmail,
      ),
      contractEmails.map((email) =>
        faultConfirmation(email, {
          number: TICKET_NUMBER_PLACEHOLDER,
          url: customerUrl,
          ...(device ? { device: deviceName ?? device.device_id, serial: device.serial } : {}),
          slaHours,
          dueAt,
          category: FAULT_CATEGORIES[input.category],
        }),
      ),
    );
  } catch (error) {
    console.error('service: storing the ticket failed', error);
    return c.json({ error: SERVICE_API_ERRORS.ticketStorage }, 503);
  }
  const { ticket } = stored;
  if (!stored.created && ticket.body_hash !== hash) return c.json({ error: SERVICE_API_ERRORS.replayConflict }, 409);
  for (const mailId of stored.notificationIds ?? []) await enqueueNotification(c.env, mailId);
  // Nothing registered goes back: whether the serial or NIP is ours, its package and its
  // SLA (a 4 h deadline would say Premium) stay with the team.
  return c.json({ ok: true, id: ticket.id, number: ticket.number, url: ticketUrl(c, ticket.id) }, 201);
});

export const ticketPage = new Hono<AppEnv>();

ticketPage.get('/:id', async (c) => {
  const id = c.req.param('id');
  const ticket = PAGE_ID_PATTERN.test(id) ? await ticketById(c.env.DB, id) : null;
  for (const [name, value] of Object.entries(PAGE_HEADERS)) c.header(name, value);
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Security-Policy', await ticketPageCsp());
  if (!ticket) return c.html(renderMissingTicketPage(), 404);
  const key = c.req.query('k');
  const customer = !!ticket.customer_key && !!key && constantTimeEqualText(key, ticket.customer_key);
  return c.html(renderTicketPage(ticket, await ticketEvents(c.env.DB, ticket.id), customer));
});

/**
 * `POST /serwis/zgloszenie/szukaj` (a form of our pages): the status page of a ticket found
 * by its number and the e-mail it was reported with, both required to match; any other
 * pair gets the same refusal, so the form tells nothing about which part was wrong.
 */
export const ticketLookup = new Hono<PageFormEnv>();

ticketLookup.post('/', pageFormGuard<PageFormEnv>(), async (c) => {
  const form = Object.fromEntries(
    Object.entries(c.get('form')).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v]),
  );
  for (const [name, value] of Object.entries(PAGE_HEADERS)) c.header(name, value);
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Security-Policy', await ticketPageCsp());
  const shown = { number: form.number ?? '', email: form.email ?? '' };
  const parsed = check(ticketLookupSchema, form);
  if (!parsed.ok) return c.html(renderMissingTicketPage({ ...shown, error: parsed.error }), 400);
  const ticket = await ticketByNumberAndEmail(c.env.DB, parsed.data.number, parsed.data.email);
  if (!ticket) return c.html(renderMissingTicketPage({ ...shown, error: TICKET_LOOKUP_ERRORS.notFound }), 404);
  return c.redirect(`/serwis/zgloszenie/${ticket.id}`, 303);
});
