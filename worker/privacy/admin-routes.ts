/**
 * A person's data by their e-mail address, the owner's alone (worker/admin-shared/roles.ts):
 *  - `GET /api/admin/privacy/:email`: how many records of each kind are stored (the
 *    panel's summary before an export or an erasure; audited once per view as 'privacy.view':
 *    who looked whom up is itself personal data);
 *  - `GET /api/admin/privacy/:email/export`: everything, as a JSON download (audited by
 *    the guard as 'privacy.export', like every export);
 *  - `DELETE /api/admin/privacy/:email`: erases it all (audited as 'privacy.delete'); a
 *    contract whose billing e-mail it was stays without it, and the answer names those
 *    contracts (`contractsWithoutBillingEmail`): the team sets a new billing address.
 * The audit entry keeps the address (its target) and the counts, nothing of the data.
 * An address a form would refuse is a 400; nothing stored is a 404 'Brak danych dla tego adresu.'
 */
import { Hono, type Context } from 'hono';
import { PRIVACY_ERRORS, isEmpty, personEmailSchema } from '../admin-shared/privacy-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import { auditDetails } from '../http/audit-notes.ts';
import { auditView } from '../http/audit-view.ts';
import { countsOf, erasePerson, exportPerson, findPerson } from './person.ts';
import type { AdminEnv } from '../middleware/admin-guard/index.ts';
import type { PersonErased, PersonFound } from '../admin-shared/admin-api.ts';

export const privacyRoutes = new Hono<AdminEnv>();

const emailOf = (c: Context<AdminEnv>) => check(personEmailSchema, c.req.param('email'));

/** `jan.kowalski@firma.pl` → `kserowo-dane-jan.kowalski-firma.pl-2026-11-24.json`. */
export const exportFilename = (email: string, now: Date): string =>
  `kserowo-dane-${email.replace(/@/g, '-').replace(/[^\w.-]/g, '_')}-${now.toISOString().slice(0, 10)}.json`;

privacyRoutes.get('/:email', async (c) => {
  const email = emailOf(c);
  if (!email.ok) return c.json({ error: email.error }, 400);
  const counts = countsOf(await findPerson(c.env.DB, email.data));
  // Who was looked up, and what of them is stored, is personal data too: one row per view.
  auditView(c, 'privacy.view', { rows: 1, ...counts });
  return c.json({ email: email.data, counts, empty: isEmpty(counts) } satisfies PersonFound);
});

privacyRoutes.get('/:email/export', async (c) => {
  const email = emailOf(c);
  if (!email.ok) return c.json({ error: email.error }, 400);
  const person = await findPerson(c.env.DB, email.data);
  const counts = countsOf(person);
  if (isEmpty(counts)) return c.json({ error: PRIVACY_ERRORS.nothing }, 404);
  const now = new Date();
  auditDetails(c, { ...counts });
  c.header('Content-Disposition', `attachment; filename="${exportFilename(email.data, now)}"`);
  return c.body(JSON.stringify(await exportPerson(c.env.DB, person, now), null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
  });
});

privacyRoutes.delete('/:email', async (c) => {
  const email = emailOf(c);
  if (!email.ok) return c.json({ error: email.error }, 400);
  const person = await findPerson(c.env.DB, email.data);
  if (isEmpty(countsOf(person))) return c.json({ error: PRIVACY_ERRORS.nothing }, 404);
  const erased = await erasePerson(c.env.DB, person);
  const contractsWithoutBillingEmail = person.contracts.map((contract) => contract.number);
  auditDetails(c, { ...erased, ...(contractsWithoutBillingEmail.length ? { contractsWithoutBillingEmail } : {}) });
  return c.json({ email: email.data, erased, contractsWithoutBillingEmail } satisfies PersonErased);
});
