/**
 * The launch check run by `npm run deploy` before the build (scripts/launch-check.mjs):
 * lists every value the business must still supply (widgets/core/company.ts `supplied`:
 * unset or a `sample(…)`) and every client name or testimonial that is a sample or lacks
 * the consent to publish (site/content/social-proof.ts), every toner yield not confirmed
 * by the business (widgets/core/toner.ts `sampleYield(…)`), and a retention period in
 * wrangler.toml other than the one the privacy policy states. An empty list lets the deploy go on.
 * Pure, so a unit test runs it on filled and unfilled data without network.
 */
import { type SuppliedData, type SuppliedField, suppliedLabels } from '../widgets/core/company.ts';
import { isValidIBAN } from 'ibantools';
import { isValidNip } from '../widgets/core/nip.ts';
import { RETENTION_MONTHS } from '../widgets/core/privacy.ts';
import { type SuppliedYields, isSampleYield } from '../widgets/core/toner.ts';
import type { ClientName, Testimonial } from '../site/content/social-proof.ts';

export interface LaunchInput {
  supplied: SuppliedData;
  clients: ClientName[];
  testimonials: Testimonial[];
  /** `RETENTION_MONTHS` of wrangler.toml's `[vars]` as written there, `undefined` when absent. */
  retentionVar?: string | undefined;
  /** The cartridge yields of widgets/core/toner.ts (`TONER_YIELDS`). */
  tonerYields?: SuppliedYields | undefined;
}

const COMPANY_FILE = 'widgets/core/company.ts';
const CONTENT_FILE = 'site/content/social-proof.ts';
const TONER_FILE = 'widgets/core/toner.ts';

/** Format checks of the values that have one; a message when the value is wrong. */
const formats: Partial<Record<SuppliedField, (v: string) => string | undefined>> = {
  nip: (v) => (isValidNip(v) ? undefined : 'not a valid NIP (check digit)'),
  regon: (v) => (/^(\d{9}|\d{14})$/.test(v.replace(/[\s-]/g, '')) ? undefined : 'REGON has 9 or 14 digits'),
  phone: (v) => (/^\+?[\d\s-]{9,}$/.test(v) ? undefined : 'not a phone number'),
  email: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? undefined : 'not an e-mail address'),
  salesEmail: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? undefined : 'not an e-mail address'),
  // Every invoice names it as the account to pay to (FA(3) NrRB): 26 digits with a valid checksum.
  bankAccount: (v) =>
    isValidIBAN(`PL${v.replace(/^PL/i, '').replace(/\s/g, '')}`) ? undefined : 'not a Polish account number (NRB)',
};

/** What still stops the launch, one line each; empty when everything is real and filled. */
export function launchProblems({ supplied, clients, testimonials, retentionVar, tonerYields }: LaunchInput): string[] {
  const problems: string[] = [];
  for (const field of Object.keys(supplied) as SuppliedField[]) {
    const value = supplied[field];
    const where = `${COMPANY_FILE} supplied.${field} (${suppliedLabels[field]})`;
    if (value === null) {
      if (field !== 'bankAccount') problems.push(`${where}: not set`);
    } else if (typeof value === 'object') {
      problems.push(`${where}: sample value '${value.sample}'`);
    } else if (value.trim() === '') {
      problems.push(`${where}: not set`);
    } else {
      const wrong = formats[field]?.(value.trim());
      if (wrong) problems.push(`${where}: '${value}' is ${wrong}`);
    }
  }
  for (const c of clients) {
    const where = `${CONTENT_FILE} client '${c.name}'`;
    if (c.sample) problems.push(`${where}: sample, invented`);
    else if (!c.consent.publish) problems.push(`${where}: no consent to publish`);
  }
  for (const t of testimonials) {
    const where = `${CONTENT_FILE} testimonial of ${t.author ?? t.position ?? '?'} (${t.company})`;
    if (t.sample) problems.push(`${where}: sample, invented`);
    else if (!t.consent.publish) problems.push(`${where}: no consent to publish`);
    if (!t.author && !t.position) problems.push(`${where}: neither a name nor a position`);
  }
  for (const [deviceId, y] of Object.entries(tonerYields ?? {}))
    if (isSampleYield(y))
      problems.push(
        `${TONER_FILE} TONER_YIELDS['${deviceId}'] (${y.sample.cartridge}): sample yield, ` +
          `${y.sample.black} black${y.sample.colour === undefined ? '' : ` / ${y.sample.colour} colour`} pages ` +
          'per cartridge: confirm with the supplier',
      );
  if (retentionVar !== undefined && retentionVar.trim() !== String(RETENTION_MONTHS))
    problems.push(
      `wrangler.toml RETENTION_MONTHS: '${retentionVar}' while the privacy policy states ${RETENTION_MONTHS} ` +
        '(widgets/core/privacy.ts RETENTION_MONTHS): change both together',
    );
  return problems;
}

/** `RETENTION_MONTHS = "24"` of wrangler.toml as written (its `[vars]` is the only table naming it). */
export const retentionVarOf = (toml: string): string | undefined =>
  /^\s*RETENTION_MONTHS\s*=\s*"([^"]*)"/m.exec(toml)?.[1];

/** The report printed by the deploy when something is left; `undefined` when all is ready. */
export function launchReport(input: LaunchInput): string | undefined {
  const problems = launchProblems(input);
  if (problems.length === 0) return undefined;
  return [
    `Deploy refused: ${problems.length} value(s) must be filled in or removed first (docs/operations.md: Before going live):`,
    ...problems.map((p) => `  - ${p}`),
  ].join('\n');
}
