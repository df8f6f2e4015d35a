/**
 * One model module per table: every table the migrations leave has a model module of a feature
 * (worker/<feature>/model*.ts) that names it, and no other module of the worker (routes, pages,
 * e-mails, http/, middleware/) writes SQL of its own.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (dir: string, ext: RegExp): [string, string][] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .sort()
    .map((f) => [`${dir}/${f}`, readFileSync(`${dir}/${f}`, 'utf8')]);

/** A feature's model module: `worker/<feature>/model.ts`, `worker/<feature>/model-<table>.ts`. */
// A feature's folder, or a part of a feature in its own folder (worker/invoices/ksef/).
const MODEL = /^worker\/[\w-]+(\/[\w-]+)?\/model(-[\w-]+)?\.ts$/;
/** Tests write and read the database to check it; type declarations hold no code. */
const NOT_CODE = /\.test\.tsx?$|\.d\.ts$/;

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
    const models = read('worker', /\.ts$/).filter(([file]) => MODEL.test(file));
    const orphans = [...tables()].filter(
      (table) => !models.some(([, code]) => new RegExp(`\\b(?:FROM|INTO|UPDATE|JOIN) ${table}\\b`, 'i').test(code)),
    );
    expect(tables().size).toBeGreaterThan(10);
    expect(orphans).toEqual([]);
  });

  it('keeps SQL out of every worker module but the models', () => {
    const outside = read('worker', /\.tsx?$/)
      .filter(([file]) => !MODEL.test(file) && !NOT_CODE.test(file))
      // Code, not the doc comments that may name a statement they explain.
      .map(([file, code]): [string, string] => [file, code.replace(/^\s*(\/\*\*?|\*|\/\/).*$/gm, '')])
      .filter(([, code]) => /\b(?:SELECT\s+[\w*]|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\w+\s+SET)\b/.test(code))
      .map(([file]) => file);
    expect(outside).toEqual([]);
  });
});
