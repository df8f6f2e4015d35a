/**
 * `GET /api/company/<nip>` (DESIGN §8): a company's name, VAT status, REGON, KRS and
 * address from the Ministry of Finance's White List, for the order form. A NIP with a
 * wrong checksum is 400; rate-limited per visitor (`COMPANY_LOOKUP_RATE_LIMIT`, keyed like
 * the lead forms); not in the register 404 and the API down 503. The order takes the
 * company's data from the register only: nothing is typed by hand.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ORDER_API_ERRORS } from '../http/errors.ts';
import { overLimit } from '../middleware/intake/index.ts';
import { findCompany, whitelistOptions } from './lookup.ts';
import { isValidNip, NIP_ERROR, normalizeNip } from '../../widgets/core/nip.ts';

export const companyLookup = new Hono<AppEnv>();

companyLookup.get('/:nip', async (c) => {
  c.header('Cache-Control', 'no-store');
  const nip = normalizeNip(c.req.param('nip'));
  if (!isValidNip(nip)) return c.json({ error: NIP_ERROR }, 400);
  const ip = c.req.header('CF-Connecting-IP');
  if (ip && (await overLimit(c.env.COMPANY_LOOKUP_RATE_LIMIT, ip, 'company look-up'))) {
    c.header('Retry-After', '60');
    return c.json({ error: ORDER_API_ERRORS.lookupTooMany }, 429);
  }
  const found = await findCompany(c.env.DB, nip, whitelistOptions(c.env));
  if (found.kind === 'notFound') return c.json({ error: ORDER_API_ERRORS.companyNotFound }, 404);
  if (found.kind === 'unavailable') return c.json({ error: ORDER_API_ERRORS.companyUnavailable }, 503);
  const { name, vatStatus, regon, krs, address } = found.company;
  return c.json({ name, vatStatus, regon, krs, address });
});
