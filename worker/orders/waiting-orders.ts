/**
 * Orders waiting for the register: the cron asks the White List again about each, makes the
 * order when it answers (through the same step as the form, `makeOrder` of flow.ts), or tells
 * the signer why not; the form's side of it is `placeOrder` (flow.ts).
 */
import { enqueueNotification } from '../outbox/delivery.ts';
import { ORDER_API_ERRORS } from '../http/errors.ts';
import { bookedDays, orderOfQuote } from './model.ts';
import { deleteOrderRequest, dueOrderRequests, mailAboutLead, postponeOrderRequest } from './model-order-requests.ts';
import { findCompany, whitelistOptions } from '../company/lookup.ts';
import { company } from '../../widgets/core/company.ts';
import { deliveryDays } from '../admin-shared/delivery.ts';
import type { OrderInput } from './order-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { refusalText, refusedOrderToSales, salesContact } from './register.ts';
import { REGISTER_RETRY, liveQuote, makeOrder, refusalOf } from './flow.ts';

/**
 * The cron's part: each waiting order whose time has come asks the register again. When it
 * answers, the order is made and its code e-mailed (the delivery day moved to the first free
 * one when the chosen day went meanwhile: the document says which), or the signer learns why
 * the company cannot order online (and the sales team gets the lead); when it still does
 * not, the order waits longer, and after `giveUpHours` the signer is told to write to us.
 */
export async function finishWaitingOrders(
  env: Env,
  now = new Date(),
): Promise<{ made: number; refused: number; waiting: number }> {
  const done = { made: 0, refused: 0, waiting: 0 };
  for (const request of await dueOrderRequests(env.DB, now, REGISTER_RETRY.perRun)) {
    let input: OrderInput;
    try {
      input = JSON.parse(request.body) as OrderInput;
    } catch {
      await deleteOrderRequest(env.DB, request.quote_id);
      continue;
    }
    const quote = await liveQuote(env.DB, request.quote_id);
    const tellSigner = async (subject: string, text: string) => {
      const id = await mailAboutLead(env.DB, request.lead_id, {
        recipient: input.signerEmail,
        replyTo: company.salesEmail,
        subject,
        body: ['Dzień dobry,', '', text, '', `${company.brand} · ${company.salesEmail}`].join('\n'),
      });
      if (id !== undefined) await enqueueNotification(env, id);
    };
    if (typeof quote === 'string') {
      await deleteOrderRequest(env.DB, request.quote_id);
      await tellSigner(
        'Zamówienie online: wycena wygasła',
        `${ORDER_API_ERRORS.quoteExpired} Pytania: ${salesContact()}.`,
      );
      done.refused++;
      continue;
    }
    const register = await findCompany(env.DB, request.nip, whitelistOptions(env));
    if (register.kind === 'unavailable') {
      const age = now.getTime() - Date.parse(request.created_at);
      if (age > REGISTER_RETRY.giveUpHours * 3_600_000) {
        await deleteOrderRequest(env.DB, request.quote_id);
        await tellSigner(
          `Zamówienie online do wyceny ${quote.number}: nie udało się sprawdzić firmy`,
          `Przez ${REGISTER_RETRY.giveUpHours} godziny wykaz podatników VAT Ministerstwa Finansów nie odpowiadał, więc nie przygotowaliśmy umowy. Napisz do nas: ${salesContact()} – dokończymy zamówienie z Tobą.`,
        );
        done.refused++;
      } else {
        const minutes = Math.min(REGISTER_RETRY.firstMinutes * 2 ** (request.attempts + 1), REGISTER_RETRY.maxMinutes);
        await postponeOrderRequest(env.DB, request.quote_id, new Date(now.getTime() + minutes * 60_000));
        done.waiting++;
      }
      continue;
    }
    const refusal = refusalOf(register);
    if (refusal || register.kind !== 'found') {
      if (!refusal) continue;
      await deleteOrderRequest(env.DB, request.quote_id);
      await refusedOrderToSales(env, quote, input, refusal);
      await tellSigner(
        `Zamówienie online do wyceny ${quote.number}: nie możemy zawrzeć umowy online`,
        refusalText(refusal, quote.number),
      );
      done.refused++;
      continue;
    }
    const days = deliveryDays(input.city, warsawToday(now), await bookedDays(env.DB, warsawToday(now)));
    const date = days.includes(input.date) ? input.date : (days[0] ?? input.date);
    const existing = await orderOfQuote(env.DB, quote.id);
    if (existing && existing.status !== 'awaiting_acceptance') {
      await deleteOrderRequest(env.DB, request.quote_id);
      continue;
    }
    const made = await makeOrder(env, quote, { ...input, date }, register.company, {
      submissionId: request.submission_id,
      bodyHash: request.body_hash,
      origin: request.origin,
      existing,
    });
    if (made.ok) {
      await deleteOrderRequest(env.DB, request.quote_id);
      done.made++;
    } else console.error('orders: a waiting order could not be made', request.quote_id, made.error);
  }
  return done;
}
