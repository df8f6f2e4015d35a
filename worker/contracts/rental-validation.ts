/**
 * The request bodies of the admin's contract writes: a contract signed by hand
 * (`POST /api/admin/contracts`) and an amendment of a device's prices
 * (`POST /api/admin/amendments`). Shared by the worker and the panel; kept out of the
 * widgets' bundles. An amendment starts on the first day of a month not invoiced yet, so
 * an invoice already issued never changes.
 */
import * as v from 'valibot';
import { PACKAGE_LEVELS } from '../../widgets/core/model.ts';
import { isValidNip, nipSchema, normalizeNip } from '../../widgets/core/nip.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import {
  SERVICE_ERRORS,
  SERVICE_LIMITS,
  realDay,
  requiredSerialSchema,
} from '../../widgets/core/service-validation.ts';
import { companySchema, emailSchema } from '../../widgets/core/validation.ts';

export const RENTAL_ERRORS = {
  body: 'Nieprawidłowe dane umowy.',
  company: 'Podaj nazwę firmy klienta.',
  billingEmail: 'Podaj adres e-mail do faktur: na niego wysyłamy przypomnienia o odczycie.',
  startDate: 'Podaj datę początku umowy (RRRR-MM-DD).',
  companyAddress: 'Adres siedziby podaj w jednym wierszu, tak jak w rejestrze (najwyżej 300 znaków).',
  flag: 'Znaczniki JST i GV przyjmują wartość tak albo nie.',
  unit: 'Przy nabywcy JST lub grupie VAT podaj jednostkę, która otrzymuje faktury: jej nazwę, NIP i adres (Podmiot3 faktury). Bez tych znaczników jednostki nie podawaj.',
  unitNip: 'Podaj prawidłowy NIP jednostki (10 cyfr z poprawną sumą kontrolną).',
  devices: 'Umowa musi mieć od 1 do 50 urządzeń, każde o innym numerze seryjnym.',
  effectiveFrom:
    'Aneks obowiązuje od pierwszego dnia miesiąca (RRRR-MM-01), którego faktura nie jest jeszcze wystawiona, i w okresie umowy: wystawione faktury się nie zmieniają.',
  money: 'Ceny i stawki podaj jako liczby nieujemne (zł netto, najwyżej 4 miejsca po przecinku).',
  pages: 'Limity stron podaj jako liczby całkowite nieujemne.',
  reason: 'Podaj powód aneksu (najwyżej 300 znaków): zostaje w historii umowy.',
  spotColour:
    'Jak liczyć strony w trybach jednego i dwóch kolorów: „colour” (jak kolorowe), „mono” (jak czarno-białe) albo null, gdy umowa tego nie określa (nie są wtedy rozliczane).',
} as const;

const day = (message: string) => v.pipe(v.string(message), v.trim(), v.check(realDay, message));
const money = v.pipe(
  v.number(RENTAL_ERRORS.money),
  v.minValue(0, RENTAL_ERRORS.money),
  v.maxValue(100_000, RENTAL_ERRORS.money),
  v.check((n) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6, RENTAL_ERRORS.money),
);
const pages = v.pipe(
  v.number(RENTAL_ERRORS.pages),
  v.integer(RENTAL_ERRORS.pages),
  v.minValue(0, RENTAL_ERRORS.pages),
  v.maxValue(10_000_000, RENTAL_ERRORS.pages),
);

export const contractSchema = v.object(
  {
    company: v.pipe(
      v.optional(companySchema),
      v.check((s) => !!s, RENTAL_ERRORS.company),
    ),
    nip: nipSchema,
    billingEmail: emailSchema,
    // The buyer's registered address as the register gives it: the invoices name it.
    companyAddress: v.optional(
      v.pipe(
        v.string(RENTAL_ERRORS.companyAddress),
        v.trim(),
        v.maxLength(300, RENTAL_ERRORS.companyAddress),
        v.check((s) => !/[\r\n]/.test(s), RENTAL_ERRORS.companyAddress),
      ),
      '',
    ),
    jst: v.optional(v.boolean(RENTAL_ERRORS.flag), false),
    gv: v.optional(v.boolean(RENTAL_ERRORS.flag), false),
    // With JST or GV, the buyer is the JST (the group) and this unit (member) receives the invoice: FA(3) Podmiot3.
    unit: v.optional(
      v.nullable(
        v.object(
          {
            name: v.pipe(
              v.optional(companySchema),
              v.check((s) => !!s, RENTAL_ERRORS.unit),
            ),
            nip: v.pipe(
              v.string(RENTAL_ERRORS.unitNip),
              v.trim(),
              v.maxLength(LIMITS.nip, RENTAL_ERRORS.unitNip),
              v.check(isValidNip, RENTAL_ERRORS.unitNip),
              v.transform(normalizeNip),
            ),
            address: v.optional(
              v.pipe(
                v.string(RENTAL_ERRORS.companyAddress),
                v.trim(),
                v.maxLength(300, RENTAL_ERRORS.companyAddress),
                v.check((s) => !/[\r\n]/.test(s), RENTAL_ERRORS.companyAddress),
              ),
              '',
            ),
          },
          RENTAL_ERRORS.unit,
        ),
      ),
      null,
    ),
    // How single- and two-colour pages count, as the signed contract says (widgets/core/terms.ts SPOT_COLOUR_COUNTING).
    spotColour: v.optional(v.nullable(v.picklist(['colour', 'mono'], RENTAL_ERRORS.spotColour)), null),
    startDate: day(RENTAL_ERRORS.startDate),
    termMonths: v.pipe(
      v.number(SERVICE_ERRORS.term),
      v.integer(SERVICE_ERRORS.term),
      v.minValue(1, SERVICE_ERRORS.term),
      v.maxValue(SERVICE_LIMITS.termMonths, SERVICE_ERRORS.term),
    ),
    devices: v.pipe(
      v.array(
        v.object({
          serial: requiredSerialSchema,
          deviceId: v.pipe(v.string(SERVICE_ERRORS.deviceModel), v.trim(), v.nonEmpty(SERVICE_ERRORS.deviceModel)),
          level: v.picklist(PACKAGE_LEVELS, SERVICE_ERRORS.level),
        }),
        RENTAL_ERRORS.devices,
      ),
      v.minLength(1, RENTAL_ERRORS.devices),
      v.maxLength(50, RENTAL_ERRORS.devices),
      v.check((list) => new Set(list.map((d) => d.serial)).size === list.length, RENTAL_ERRORS.devices),
    ),
  },
  RENTAL_ERRORS.body,
);
/** The contract body, with its JST/GV unit given exactly when a flag asks for it. */
export const contractBodySchema = v.pipe(
  contractSchema,
  v.check((b) => (b.jst || b.gv) === (b.unit !== null), RENTAL_ERRORS.unit),
);
export type ContractBody = v.InferOutput<typeof contractSchema>;

/** `POST /api/admin/contracts/:id/billing-email`: a new billing address (after an erasure took the old one, or a change). */
export const billingEmailSchema = v.object(
  {
    billingEmail: v.pipe(
      v.unknown(),
      v.check((s) => v.is(emailSchema, s), RENTAL_ERRORS.billingEmail),
      v.string(),
    ),
  },
  RENTAL_ERRORS.body,
);

export const amendmentSchema = v.object(
  {
    serial: requiredSerialSchema,
    effectiveFrom: v.pipe(
      day(RENTAL_ERRORS.effectiveFrom),
      v.check((s) => s.endsWith('-01'), RENTAL_ERRORS.effectiveFrom),
    ),
    monthlyPrice: money,
    monthlyLimit: pages,
    colorLimit: v.nullish(pages),
    overageMono: money,
    overageColor: v.nullish(money),
    reason: v.pipe(
      v.optional(v.string(RENTAL_ERRORS.reason), ''),
      v.trim(),
      v.nonEmpty(RENTAL_ERRORS.reason),
      v.maxLength(SERVICE_LIMITS.reason, RENTAL_ERRORS.reason),
    ),
  },
  RENTAL_ERRORS.body,
);
export type AmendmentBody = v.InferOutput<typeof amendmentSchema>;

/**
 * Whether an amendment may start on `effectiveFrom`: an issued invoice is never changed by a new
 * price, so from the first day of the month after the latest month invoiced (`lastInvoiced`,
 * 'YYYY-MM', null when none: a month that has ended but is not invoiced yet is still open), and
 * within the contract (its first day `contractStart`'s month to its last day `contractEnd`).
 * A month's pages are invoiced the month after at that month's rates, and its fee with the month's
 * own invoice, so nothing invoiced is priced again.
 */
export const amendmentStartOk = (
  effectiveFrom: string,
  lastInvoiced: string | null,
  contract: { startDate: string; endDate: string },
): boolean =>
  effectiveFrom.slice(0, 7) > (lastInvoiced ?? '') &&
  effectiveFrom.slice(0, 7) >= contract.startDate.slice(0, 7) &&
  effectiveFrom <= contract.endDate;
