/**
 * Partners ('Partnerzy'): `GET /partners` (the team), `GET /partners/:id`,
 * `POST /partners` and `PATCH /partners/:id` (the owner: add, edit, pause), a partner's
 * month statement `GET /partners/:id/statements/:month` and `POST …/:month/settle` (the
 * owner marks it settled, the commission frozen). Every write is audited by the access control,
 * with what changed (auditDetails). The company by NIP comes from the White List (or its
 * stand-in) as the order form's does (worker/company/lookup.ts).
 */
import { Hono } from 'hono';
import { auditDetails, auditTarget } from '../http/audit-notes.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import { findCompany, whitelistOptions } from '../company/lookup.ts';
import { PARTNER_ERRORS, type PartnerForm, checkPartner } from '../admin-shared/partner-validation.ts';
import type {
  PartnerDetail,
  PartnerList,
  PartnerStatementAnswer,
  PartnerSummary,
} from '../admin-shared/admin-api-partners.ts';
import {
  type PartnerRow,
  PartnerExists,
  createPartner,
  listPartners,
  partnerById,
  settleStatement,
  settledStatements,
  updatePartner,
} from './model.ts';
import { partnerInvoices } from './model-partner-stats.ts';
import { partnerForm } from './partner-form.ts';
import { statementOf } from './commission.ts';

export const partnerRoutes = new Hono<AdminEnv>();

export const PARTNER_LOOKUP_ERRORS = {
  notFound: 'Nie znaleźliśmy tego NIP w wykazie podatników VAT Ministerstwa Finansów. Sprawdź numer.',
  settled: 'Ten miesiąc jest już rozliczony.',
} as const;

const summary = (r: PartnerRow): PartnerSummary => {
  const f = partnerForm(r);
  return { id: f.id, name: f.name, nip: f.nip, domains: f.domains, commission: f.commission, active: f.active };
};

const detail = (r: PartnerRow): PartnerDetail => ({
  ...summary(r),
  email: r.contact_email,
  windowDays: r.window_days,
  company: r.company_name ? { name: r.company_name, address: r.company_address } : null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

partnerRoutes.get('/', async (c) =>
  c.json({ partners: (await listPartners(c.env.DB)).map(summary) } satisfies PartnerList),
);

partnerRoutes.get('/:id', async (c) => {
  const row = await partnerById(c.env.DB, c.req.param('id'));
  if (!row) return c.json({ error: PARTNER_ERRORS.notFound }, 404);
  return c.json({ partner: detail(row) });
});

/** The company of a NIP from the White List: its name and address, null when the list is away, or a refusal. */
async function companyOf(env: Env, nip: string | null, known: PartnerRow | null) {
  if (!nip) return { company: null };
  if (known?.nip === nip && known.company_name)
    return { company: { name: known.company_name, address: known.company_address } };
  const found = await findCompany(env.DB, nip, whitelistOptions(env));
  if (found.kind === 'notFound') return { refusal: PARTNER_LOOKUP_ERRORS.notFound };
  // The list away: the partner is stored with its NIP; the company is read on its next edit.
  if (found.kind === 'unavailable') return { company: null };
  return { company: { name: found.company.name, address: found.company.address } };
}

const store = (f: PartnerForm, company: { name: string; address: string | null } | null) => ({
  id: f.id,
  name: f.name,
  nip: f.nip,
  companyName: company?.name ?? null,
  companyAddress: company?.address ?? null,
  contactEmail: f.email,
  domains: f.domains,
  commissionKind: f.commission.kind,
  shareBp: f.commission.kind === 'share' ? f.commission.shareBp : 0,
  shareMonths: f.commission.kind === 'share' ? f.commission.months : 12,
  fixedGr: f.commission.kind === 'fixed' ? f.commission.amountGr : 0,
  windowDays: f.windowDays,
  active: f.active,
});

partnerRoutes.post('/', async (c) => {
  const checked = checkPartner(await jsonBody(c));
  if (!checked.ok) return c.json({ error: checked.error, field: checked.field }, 400);
  const looked = await companyOf(c.env, checked.data.nip, null);
  if ('refusal' in looked) return c.json({ error: looked.refusal, field: 'nip' }, 400);
  try {
    await createPartner(c.env.DB, store(checked.data, looked.company));
  } catch (error) {
    if (error instanceof PartnerExists) return c.json({ error: PARTNER_ERRORS.idTaken, field: 'id' }, 409);
    throw error;
  }
  auditTarget(c, checked.data.id);
  auditDetails(c, { partner: checked.data.id, name: checked.data.name, commission: checked.data.commission });
  return c.json({ id: checked.data.id }, 201);
});

partnerRoutes.patch('/:id', async (c) => {
  const row = await partnerById(c.env.DB, c.req.param('id'));
  if (!row) return c.json({ error: PARTNER_ERRORS.notFound }, 404);
  const before = partnerForm(row);
  const checked = checkPartner(await jsonBody(c), before);
  if (!checked.ok) return c.json({ error: checked.error, field: checked.field }, 400);
  const looked = await companyOf(c.env, checked.data.nip, row);
  if ('refusal' in looked) return c.json({ error: looked.refusal, field: 'nip' }, 400);
  try {
    await updatePartner(c.env.DB, store(checked.data, looked.company));
  } catch (error) {
    if (error instanceof PartnerExists) return c.json({ error: PARTNER_ERRORS.idTaken, field: 'email' }, 409);
    throw error;
  }
  const changed = Object.fromEntries(
    (Object.keys(checked.data) as (keyof PartnerForm)[])
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(checked.data[k]))
      .map((k) => [k, { from: before[k], to: checked.data[k] }]),
  );
  auditTarget(c, row.id);
  auditDetails(c, { partner: row.id, changed });
  const updated = await partnerById(c.env.DB, row.id);
  return c.json({ partner: updated ? detail(updated) : null });
});

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A partner's statement of a month, as the partner sees it, and whether it is settled. */
export async function monthStatement(db: D1Database, row: PartnerRow, month: string): Promise<PartnerStatementAnswer> {
  const settled = (await settledStatements(db, row.id)).find((s) => s.month === month) ?? null;
  const statement = statementOf(month, partnerForm(row).commission, await partnerInvoices(db, row.id));
  return { statement, settled };
}

partnerRoutes.get('/:id/statements/:month', async (c) => {
  const row = await partnerById(c.env.DB, c.req.param('id'));
  if (!row) return c.json({ error: PARTNER_ERRORS.notFound }, 404);
  const month = c.req.param('month');
  if (!MONTH.test(month)) return c.json({ error: PARTNER_ERRORS.month, field: 'month' }, 400);
  return c.json(await monthStatement(c.env.DB, row, month));
});

partnerRoutes.post('/:id/statements/:month/settle', async (c) => {
  const row = await partnerById(c.env.DB, c.req.param('id'));
  if (!row) return c.json({ error: PARTNER_ERRORS.notFound }, 404);
  const month = c.req.param('month');
  if (!MONTH.test(month)) return c.json({ error: PARTNER_ERRORS.month, field: 'month' }, 400);
  const { statement } = await monthStatement(c.env.DB, row, month);
  const by = c.get('session').user;
  if (!(await settleStatement(c.env.DB, { partnerId: row.id, month, commissionGr: statement.commissionGr, by })))
    return c.json({ error: PARTNER_LOOKUP_ERRORS.settled }, 409);
  auditTarget(c, `${row.id} ${month}`);
  auditDetails(c, { partner: row.id, month, commissionGr: statement.commissionGr });
  return c.json({ ok: true, month, commissionGr: statement.commissionGr });
});
