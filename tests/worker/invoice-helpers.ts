// Helpers of the invoice tests: every invoice a worker test makes goes through the FA(3) XSD
// (in Node, through the FA3_XSD service binding), and its XML is read as issued from D1.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

const testEnv = () => env as unknown as Env;

/** Expects every document to be valid FA(3); a failure shows libxml2's messages. */
export async function expectValidFa3(documents: readonly string[]): Promise<void> {
  const res = await testEnv().FA3_XSD.fetch('http://xsd/', { method: 'POST', body: JSON.stringify(documents) });
  const check = (await res.json()) as { valid: boolean; errors: string[] };
  expect(check.errors).toEqual([]);
  expect(check.valid).toBe(true);
}

/** Every invoice in D1 (optionally of one month) is valid FA(3): the tests call it after issuing. */
export async function expectEveryInvoiceValid(period?: string): Promise<number> {
  const { results } = await testEnv()
    .DB.prepare(`SELECT xml FROM invoices ${period ? 'WHERE period = ?' : ''}`)
    .bind(...(period ? [period] : []))
    .all<{ xml: string }>();
  await expectValidFa3(results.map((r) => r.xml));
  return results.length;
}
