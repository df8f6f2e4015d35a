// Helpers of the invoice tests: every invoice a worker test makes goes through the FA(3) XSD
// (in Node, through the FA3_XSD service binding), and its XML is read as issued from D1.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

const testEnv = () => env as unknown as Env;

/** Documents per request to the Node check: a loaded machine's check of a few stays well inside a request's time. */
const CHUNK = 10;

async function check(documents: readonly string[], attempt = 1): Promise<{ valid: boolean; errors: string[] }> {
  try {
    const res = await testEnv().FA3_XSD.fetch('http://xsd/', { method: 'POST', body: JSON.stringify(documents) });
    return (await res.json()) as { valid: boolean; errors: string[] };
  } catch (error) {
    // The binding's connection to Node has been seen to drop on a machine at many times its cores' load: once more.
    if (attempt < 3) return check(documents, attempt + 1);
    throw error;
  }
}

/** Expects every document to be valid FA(3); a failure shows libxml2's messages. */
export async function expectValidFa3(documents: readonly string[]): Promise<void> {
  const errors: string[] = [];
  for (let i = 0; i < documents.length; i += CHUNK) {
    const result = await check(documents.slice(i, i + CHUNK));
    if (!result.valid) errors.push(...result.errors, ...(result.errors.length ? [] : ['not valid']));
  }
  expect(errors).toEqual([]);
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
