/**
 * One model module per table: every table the migrations leave has a module in
 * worker/models/ that names it, and no route, page or e-mail module writes SQL of its own.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (dir: string, ext: RegExp): [string, string][] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .sort()
    .map((f) => [`${dir}/${f}`, readFileSync(`${dir}/${f}`, 'utf8')]);

/** The tables after every migration, in order: created, renamed, dropped. */
function tables(): Set<string> {
  const left = new Set<string>();
  for (const [, sql] of read('worker/migrations', /\.sql$/)) {
    const code = sql.replace(/--.*$/gm, '');
    for (const m of code.matchAll(
      /CREATE TABLE (?:IF NOT EXISTS )?(\w+)|DROP TABLE (?:IF EXISTS )?(\w+)|ALTER TABLE (\w+) RENAME TO (\w+)/gi,
    )) {
      if (m[1]) left.add(m[1]);
      else if (m[2]) left.delete(m[2]);
      else if (m[3] && m[4]) {
        left.delete(m[3]);
        left.add(m[4]);
      }
    }
  }
  return left;
}

describe('the tables and their models', () => {
  it('has a model module naming every table the migrations leave', () => {
    // The models of worker/models/ and each feature folder's own model.ts (worker/payments/model.ts).
    const models = [...read('worker/models', /\.ts$/), ...read('worker', /(^|\/)model\.ts$/)];
    const orphans = [...tables()].filter(
      (table) => !models.some(([, code]) => new RegExp(`\\b(?:FROM|INTO|UPDATE|JOIN) ${table}\\b`, 'i').test(code)),
    );
    expect(tables().size).toBeGreaterThan(10);
    expect(orphans).toEqual([]);
  });

  it('keeps SQL out of the routes, pages, e-mails and webhooks', () => {
    const outside = [
      'worker/routes',
      'worker/pages',
      'worker/email',
      'worker/webhooks',
      'worker/privacy',
      'worker/http',
      'worker/middleware',
      'worker/devices',
    ]
      .flatMap((dir) => read(dir, /\.tsx?$/))
      .filter(([, code]) => /\b(?:SELECT\s+[\w*]|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\w+\s+SET)\b/.test(code))
      .map(([file]) => file);
    expect(outside).toEqual([]);
  });
});
