/**
 * The owner's partner form ('Partnerzy', `POST`/`PATCH /api/admin/partners`): field by field,
 * a Polish refusal naming the field. Money in grosze, a share in basis points (1 000 = 10 %).
 */
import * as v from 'valibot';
import { emailSchema } from '../../widgets/core/validation.ts';
import { NIP_ERROR, isValidNip, normalizeNip } from '../../widgets/core/nip.ts';

/** The longest id and name a partner has: the form's maxlength and the check's. */
/** The longest id, name and reason of a partner's change (a lead's partner moved). */
export const PARTNER_LIMITS = { id: 50, name: 120, reason: 300 } as const;

export const PARTNER_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const PARTNER_ERRORS = {
  id: 'Identyfikator partnera: od 1 do 50 małych liter, cyfr i łączników (bez łącznika na początku i końcu), np. drukarnia-abc.',
  idTaken: 'Partner o tym identyfikatorze lub adresie e-mail już istnieje.',
  name: 'Podaj nazwę partnera (do 120 znaków).',
  domains: 'Podaj domeny stron partnera oddzielone przecinkami, np. drukarnia-abc.pl (bez https:// i ścieżki).',
  commissionKind: 'Wybierz rodzaj prowizji: udział w zapłaconej kwocie netto albo stała kwota za umowę.',
  shareBp: 'Udział: od 0 do 100 %, z dokładnością do 0,01 % (podaj w punktach bazowych: 1000 = 10 %).',
  shareMonths: 'Liczba miesięcy umowy objętych prowizją: od 1 do 120.',
  fixedGr: 'Stała kwota za zainstalowaną umowę: w groszach, od 0 do 10 000 000.',
  windowDays: 'Okno atrybucji: od 1 do 730 dni.',
  notFound: 'Nie ma takiego partnera.',
  reason: 'Podaj powód zmiany (od 3 do 300 znaków).',
  month: 'Miesiąc w formacie RRRR-MM.',
} as const;

export type PartnerCommission =
  | { kind: 'share'; shareBp: number; months: number }
  | { kind: 'fixed'; amountGr: number };

export interface PartnerForm {
  id: string;
  name: string;
  nip: string | null;
  email: string | null;
  domains: string[];
  commission: PartnerCommission;
  windowDays: number;
  active: boolean;
}

type Checked = { ok: true; data: PartnerForm } | { ok: false; error: string; field: string };

const int = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;

/** Domains as an array or a comma/space separated text; lower-cased, `https://` and paths refused. */
function domainsOf(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,;]+/) : undefined;
  if (!list) return undefined;
  const out = list.map((d) => (typeof d === 'string' ? d.trim().toLowerCase().replace(/\.$/, '') : '')).filter(Boolean);
  if (out.length > 20 || out.some((d) => !DOMAIN_PATTERN.test(d))) return undefined;
  return [...new Set(out)];
}

/** A whole partner (`POST`), or one over `base` with the fields sent (`PATCH`; the id never changes). */
export function checkPartner(body: unknown, base?: PartnerForm): Checked {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, error: PARTNER_ERRORS.name, field: 'name' };
  const b = body as Record<string, unknown>;
  const has = (k: string) => b[k] !== undefined || !base;
  const id = base ? base.id : typeof b.id === 'string' ? b.id.trim() : '';
  if (!PARTNER_ID_PATTERN.test(id)) return { ok: false, error: PARTNER_ERRORS.id, field: 'id' };
  const name = has('name') ? (typeof b.name === 'string' ? b.name.trim() : '') : (base?.name ?? '');
  if (!name || name.length > PARTNER_LIMITS.name || /[\u0000-\u001f]/.test(name))
    return { ok: false, error: PARTNER_ERRORS.name, field: 'name' };
  let nip = base?.nip ?? null;
  if (b.nip !== undefined) {
    const typed = typeof b.nip === 'string' ? normalizeNip(b.nip) : '';
    if (typed && !isValidNip(typed)) return { ok: false, error: NIP_ERROR, field: 'nip' };
    nip = typed || null;
  }
  let email = base?.email ?? null;
  if (b.email !== undefined) {
    if (b.email === null || b.email === '') email = null;
    else {
      const parsed = v.safeParse(emailSchema, b.email);
      if (!parsed.success) return { ok: false, error: parsed.issues[0]?.message ?? NIP_ERROR, field: 'email' };
      email = parsed.output.toLowerCase();
    }
  }
  const domains = has('domains') ? domainsOf(b.domains ?? []) : base?.domains;
  if (!domains) return { ok: false, error: PARTNER_ERRORS.domains, field: 'domains' };
  let commission = base?.commission;
  if (has('commission')) {
    const c = (b.commission ?? {}) as Record<string, unknown>;
    if (c.kind === 'share') {
      const shareBp = int(c.shareBp, 0, 10_000);
      if (shareBp === undefined) return { ok: false, error: PARTNER_ERRORS.shareBp, field: 'shareBp' };
      const months = int(c.months, 1, 120);
      if (months === undefined) return { ok: false, error: PARTNER_ERRORS.shareMonths, field: 'months' };
      commission = { kind: 'share', shareBp, months };
    } else if (c.kind === 'fixed') {
      const amountGr = int(c.amountGr, 0, 10_000_000);
      if (amountGr === undefined) return { ok: false, error: PARTNER_ERRORS.fixedGr, field: 'amountGr' };
      commission = { kind: 'fixed', amountGr };
    } else return { ok: false, error: PARTNER_ERRORS.commissionKind, field: 'commission' };
  }
  if (!commission) return { ok: false, error: PARTNER_ERRORS.commissionKind, field: 'commission' };
  const windowDays = b.windowDays === undefined ? (base?.windowDays ?? 90) : int(b.windowDays, 1, 730);
  if (windowDays === undefined) return { ok: false, error: PARTNER_ERRORS.windowDays, field: 'windowDays' };
  const active = b.active === undefined ? (base?.active ?? true) : b.active === true;
  return { ok: true, data: { id, name, nip, email, domains, commission, windowDays, active } };
}

/** A share of basis points as Polish text: 1000 → '10 %', 1250 → '12,5 %'. */
export const shareText = (bp: number): string => `${String(bp / 100).replace('.', ',')} %`;
