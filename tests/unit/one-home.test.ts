// A rule lives once (docs/architecture.md "One home per rule"). These rules had second copies
// written beside them; each check fails on a new one, read from the product's code (tests aside).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const product = ['widgets', 'site', 'worker', 'scripts'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|mjs)$/.test(f) && !/\.d\.ts$|\.(spec|test)\.tsx?$/.test(f))
    .map((f) => join(dir, f)),
);

/** The files whose code (comments aside) matches `pattern`. */
const writing = (pattern: RegExp) =>
  product.filter((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .some((line) => pattern.test(line.replace(/^\s*(\/\/|\*|\/\*\*?).*$/, ''))),
  );

describe('one home per rule', () => {
  it('reads the product', () => {
    expect(product.length).toBeGreaterThan(200);
  });

  it('asks terms.ts whether a package has the Premium SLA (hasSla, slaHoursOf), never compares the level itself', () => {
    expect(writing(/(===|!==)\s*'premium'|'premium'\s*(===|!==)/)).toEqual(['widgets/core/terms.ts']);
  });

  it('takes SHA-256 in four places: a CSP source, a text’s digest, a submission’s fingerprint, bytes for KSeF', () => {
    expect(writing(/crypto\.subtle\.digest\(/)).toEqual([
      'widgets/core/headers.ts', // sha256Source: 'sha256-…' of an inline style or script
      'worker/http/auth.ts', // sha256Hex: a session id, a document, a code
      'worker/http/body-hash.ts', // bodyHash: a form's fields, keys sorted
      'worker/invoices/ksef/crypto.ts', // sha256: raw bytes (an encrypted file, a key), also in the Node stand-in
    ]);
    // A CSP hash source is written by sha256Source alone; a body is fingerprinted by bodyHash alone.
    expect(writing(/`'sha256-\$\{/)).toEqual([]);
    expect(writing(/sha256\w*\(\s*JSON\.stringify/)).toEqual([]);
  });

  it('has one warsawToday (widgets/core/warsaw-time.ts)', () => {
    expect(writing(/export (const|function) warsawToday\b/)).toEqual(['widgets/core/warsaw-time.ts']);
    expect(writing(/'sv-SE'/)).toEqual(['widgets/core/warsaw-time.ts']);
  });
});
